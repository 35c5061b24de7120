/**
 * PostgreSQL's own account of where its time went (pg_stat_statements, when the server
 * preloads it): per normalised statement of one database, calls and execution time.
 */
import type postgres from "postgres";

/** One normalised statement. */
export interface PgStatement {
  calls: number;
  totalMs: number;
  maxMs: number;
  rows: number;
  query: string;
}

/** Clears the statistics (all databases of the server); false when unavailable. */
export async function resetPgStatements(sql: postgres.Sql): Promise<boolean> {
  return sql`select pg_stat_statements_reset()`.then(
    () => true,
    () => false,
  );
}

/** The `limit` statements of the current database with the most execution time, or [] when unavailable. */
export async function topPgStatements(sql: postgres.Sql, limit = 12): Promise<PgStatement[]> {
  const rows = await sql<{ calls: string; total: number; max: number; rows: string; query: string }[]>`
    select calls, total_exec_time + total_plan_time as total, max_exec_time as max, rows, regexp_replace(query, '\\s+', ' ', 'g') as query
    from pg_stat_statements
    where dbid = (select oid from pg_database where datname = current_database())
    order by total desc limit ${limit}`.catch(() => []);
  return rows.map((r) => ({ calls: Number(r.calls), totalMs: r.total, maxMs: r.max, rows: Number(r.rows), query: r.query }));
}

/** Row updates per table so far, and how many PostgreSQL kept on the page (HOT: no new index entries). */
export interface TableUpdates {
  table: string;
  updates: number;
  hot: number;
}

/** The tables of the current database that had updates, cumulative since the statistics began. */
export async function tableUpdates(sql: postgres.Sql): Promise<TableUpdates[]> {
  const rows = await sql<{ relname: string; upd: string; hot: string }[]>`
    select relname, n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables where n_tup_upd > 0 order by n_tup_upd desc`.catch(
    () => [],
  );
  return rows.map((r) => ({ table: r.relname, updates: Number(r.upd), hot: Number(r.hot) }));
}

/** Updates in a window: `after` less `before`, per table. */
export function updatesBetween(before: TableUpdates[], after: TableUpdates[]): TableUpdates[] {
  const start = new Map(before.map((t) => [t.table, t]));
  return after
    .map((t) => ({ table: t.table, updates: t.updates - (start.get(t.table)?.updates ?? 0), hot: t.hot - (start.get(t.table)?.hot ?? 0) }))
    .filter((t) => t.updates > 0);
}
