/**
 * What a backup holds: every base table of the `public` schema, in foreign-key order
 * (referenced tables first, so a restore can load them one after another), and the
 * migrations the schema was built by (drizzle's journal), so a restore refuses a backup
 * made by another version of the schema.
 */
import type postgres from "postgres";

/** One table of a backup: its name, columns (in order) and row count when written. */
export interface TableInfo {
  name: string;
  columns: string[];
  rows: number;
}

/** First line of a backup file: format, time and schema identity. */
export interface BackupHeader {
  format: "hemeroscopio-backup";
  version: 1;
  createdAt: string;
  /** drizzle's migration hashes, oldest first. */
  migrations: string[];
  tables: TableInfo[];
  /**
   * STO-4: outlets whose rows were removed from this file after it was written (outlet id →
   * the data deletion's last sweep it covers, ISO time); absent when never rewritten.
   */
  scrubbed?: Record<string, string>;
}

/**
 * Tables a backup leaves out: state the database derives from the rows a restore loads.
 * `site_schedule` (each site's wake time for the claim), `outlet_day_articles` (each
 * outlet's articles per day) and the outlet page's aggregates (capture hours, agency and section counts,
 * headline changes, front-page stays, reaches and totals, versioned articles) and the counts per headline word are
 * filled by triggers as sources, articles, captures, headlines, spans and front-page days are loaded, so copying them as
 * well would collide with those rows. The days' headline analysis is computed again by the worker from the days the
 * loaded headlines and their analysis record. Generated columns (a headline's stored words) are left out too: PostgreSQL computes them as rows load.
 */
const DERIVED_TABLES = [
  "site_schedule",
  "outlet_day_articles",
  "outlet_capture_hours",
  "outlet_day_agency",
  "outlet_day_sections",
  "headline_changes",
  "front_page_stays",
  "front_page_reaches",
  "front_page_totals",
  "versioned_articles",
  "headline_word_days",
  "outlet_day_analysis",
  "outlet_day_analysis_changes",
];

/** The public base tables in foreign-key order, with their columns (derived ones left out). */
export async function tablesInOrder(sql: postgres.Sql | postgres.TransactionSql): Promise<{ name: string; columns: string[] }[]> {
  const columns = await sql<{ table: string; column: string }[]>`
    select c.table_name as table, c.column_name as column
    from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.table_name <> all(${DERIVED_TABLES}) and c.is_generated = 'NEVER'
    order by c.table_name, c.ordinal_position`;
  const references = await sql<{ table: string; referenced: string }[]>`
    select conrelid::regclass::text as table, confrelid::regclass::text as referenced
    from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`;
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  const needs = new Map<string, Set<string>>([...byTable.keys()].map((t) => [t, new Set<string>()]));
  for (const { table, referenced } of references) {
    const from = unquote(table);
    const to = unquote(referenced);
    if (from !== to) needs.get(from)?.add(to);
  }
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return; // a cycle is loaded in name order
    path.add(name);
    for (const dependency of [...(needs.get(name) ?? [])].sort()) visit(dependency, path);
    path.delete(name);
    ordered.push(name);
  };
  for (const name of [...byTable.keys()].sort()) visit(name, new Set());
  return ordered.map((name) => ({ name, columns: byTable.get(name) ?? [] }));
}

/** drizzle's applied migrations, oldest first; empty when none were applied. */
export async function appliedMigrations(sql: postgres.Sql | postgres.TransactionSql): Promise<string[]> {
  const [exists] = await sql<{ present: boolean }[]>`select to_regclass('drizzle.__drizzle_migrations') is not null as present`;
  if (!exists?.present) return [];
  const rows = await sql<{ hash: string }[]>`select hash from drizzle.__drizzle_migrations order by created_at, id`;
  return rows.map((r) => r.hash);
}

/** After loading rows with their ids, move every serial/identity sequence past the largest id. */
export async function resetSequences(sql: postgres.TransactionSql): Promise<void> {
  const owned = await sql<{ table: string; column: string; sequence: string }[]>`
    select t.relname as table, a.attname as column, s.oid::regclass::text as sequence
    from pg_class s join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
    join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where s.relkind = 'S' and t.relnamespace = 'public'::regnamespace`;
  for (const { table, column, sequence } of owned) {
    await sql.unsafe(
      `select setval('${sequence.replace(/'/g, "''")}', coalesce((select max(${ident(column)}) from ${ident(table)}), 0) + 1, false)`,
    );
  }
}

/** A quoted SQL identifier. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function unquote(regclass: string): string {
  return regclass
    .replace(/^public\./, "")
    .replace(/^"(.*)"$/, "$1")
    .replace(/""/g, '"');
}
