/**
 * The gate shared by the figures the worker stores for the pages (outlet_status, outlet_recent_figures):
 * one transaction, one worker at a time, and nothing written while the stored copy is young enough.
 */
import { sql } from "drizzle-orm";
import type { Policies } from "../../lib/policy";
import type { Db, Executor } from "../client";
import { fromSqlTime } from "../sql-time";

/** The tables of stored figures, each with one computed_at per row and one copy at a time. */
export type StoredFiguresTable = "outlet_status" | "outlet_recent_figures";

/** When the stored figures were computed, or undefined when none are stored. */
export async function storedFiguresAt(db: Executor, table: StoredFiguresTable): Promise<number | undefined> {
  const [row] = await db.execute<{ at: string | null }>(sql`select max(computed_at) as at from ${sql.identifier(table)}`);
  return fromSqlTime(row?.at);
}

/** Active outlets not excluded in full (PUB-6): the ones whose figures are kept. */
export async function visibleOutletIds(db: Executor, policies: Policies): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`select id from outlets where active order by id`);
  return rows.map((r) => r.id).filter((id) => !policies.forOutlet(id).excluded);
}

/**
 * Run `write` (the visible outlets' figures as of `now`) in one transaction, unless the copy stored
 * in `table` is younger than `olderThanMs`; another worker already doing so is left to it. A copy
 * from a later instant than `now` (a clock set back) is replaced too. Returns what `write` returns,
 * or 0 when nothing was due.
 */
export async function refreshWhenDue(
  db: Db,
  table: StoredFiguresTable,
  policies: Policies,
  { now, olderThanMs }: { now: number; olderThanMs: number },
  write: (tx: Executor, visibleIds: number[]) => Promise<number>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${table})) as ok`);
    if (!lock?.ok) return 0;
    const at = await storedFiguresAt(tx, table);
    if (at !== undefined && at <= now && now - at < olderThanMs) return 0;
    return write(tx, await visibleOutletIds(tx, policies));
  });
}
