/**
 * The worker's wire-copy step (SPEC DER-3): body summaries of the last 48 h are compared
 * across outlets by the pure `wireCopies`; near copies and credited articles get
 * `articles.agency` (the agency when a credit names it, else `UNKNOWN_AGENCY`). A verdict
 * already stored is never changed, so the step is idempotent and safe to repeat.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { fromSqlTime, sqlTime } from "../../db/sql-time";
import { UNKNOWN_AGENCY, WIRE_WINDOW_MS, wireCopies, type WireItem } from "../../lib/analysis/wire";

type SummaryRow = {
  article_id: string | number;
  outlet_id: number;
  computed_at: string | Date;
  simhash: string;
  shingle_count: number;
  agency_credit: string | null;
};

/** Flags the agency copies among the bodies summarised in the window before `now`; returns how many were newly flagged. */
export async function flagWireCopies(db: Executor, p: { now: number; windowMs?: number }): Promise<number> {
  const windowMs = p.windowMs ?? WIRE_WINDOW_MS;
  const rows = await db.execute<SummaryRow>(sql`
    select b.article_id, a.outlet_id, b.computed_at, b.simhash::text as simhash, b.shingle_count, b.agency_credit
    from body_summaries b join articles a on a.id = b.article_id
    where b.computed_at > ${sqlTime(p.now - windowMs)}`);
  const items: WireItem[] = rows.map((r) => ({
    articleId: Number(r.article_id),
    outletId: r.outlet_id,
    at: fromSqlTime(r.computed_at)!,
    simhash: BigInt(r.simhash),
    shingles: r.shingle_count,
    ...(r.agency_credit ? { credit: r.agency_credit } : {}),
  }));
  const verdicts = wireCopies(items, { windowMs });
  if (verdicts.length === 0) return 0;
  const updated = await db.execute(sql`
    update articles a set agency = v.agency
    from unnest(${`{${verdicts.map((v) => v.articleId).join(",")}}`}::bigint[], ${`{${verdicts.map((v) => `"${(v.agency ?? UNKNOWN_AGENCY).replace(/["\\]/g, "")}"`).join(",")}}`}::text[]) as v(article_id, agency)
    where a.id = v.article_id and a.agency is null
    returning a.id`);
  return updated.length;
}
