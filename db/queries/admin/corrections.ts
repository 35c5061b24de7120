/** The corrections log editor (SPEC ADM-2): edit and delete entries; adding is `addCorrection` (db/queries/site/corrections.ts). */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";

/** Change an entry's day, title and details. */
export async function updateCorrection(db: Executor, id: number, entry: { day: string; title: string; details: string }): Promise<boolean> {
  const rows = await db.execute(sql`
    update corrections set day = ${entry.day}::date, title = ${entry.title}, details = ${entry.details} where id = ${id} returning id`);
  return rows.length === 1;
}

/** Remove an entry. */
export async function deleteCorrection(db: Executor, id: number): Promise<boolean> {
  const rows = await db.execute(sql`delete from corrections where id = ${id} returning id`);
  return rows.length === 1;
}
