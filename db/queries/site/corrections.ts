/** The public corrections log ("Correcciones", SPEC WEB-1): a dated list, newest first. */
import "server-only";
import { count, desc } from "drizzle-orm";
import type { Db } from "../../client";
import { corrections } from "../../schema";

/** One published correction, as the page shows it. */
export interface CorrectionEntry {
  id: number;
  /** Calendar day of the correction, `YYYY-MM-DD`. */
  day: string;
  title: string;
  details: string;
}

/** One page of the log and the figures needed to link the others. */
export interface CorrectionsPage {
  items: CorrectionEntry[];
  total: number;
  page: number;
  pageSize: number;
  /** At least 1, so an empty log still has its first page. */
  pageCount: number;
}

/** Page `page` (1-based) of the log, newest day first, later entries first within a day. */
export async function listCorrections(db: Db, { page, pageSize }: { page: number; pageSize: number }): Promise<CorrectionsPage> {
  const [totals] = await db.select({ total: count() }).from(corrections);
  const total = totals?.total ?? 0;
  const items = await db
    .select({ id: corrections.id, day: corrections.day, title: corrections.title, details: corrections.details })
    .from(corrections)
    .orderBy(desc(corrections.day), desc(corrections.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** Add a correction to the log; `day` defaults to today in the database. */
export async function addCorrection(db: Db, entry: { day?: string; title: string; details: string }): Promise<CorrectionEntry> {
  const [row] = await db
    .insert(corrections)
    .values(entry)
    .returning({ id: corrections.id, day: corrections.day, title: corrections.title, details: corrections.details });
  return row!;
}
