/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements behind the open-data API and exports, and
 * behind the public pages: each runs once through a recording executor, and its SQL is
 * explained with the same parameters. The summary keeps the plan's scan nodes and timings.
 */
import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import type postgres from "postgres";
import type { Executor } from "../../../db/client";
import { loadApiContext } from "../../../db/open-data/context";
import { exactly, figure, type Figure } from "../types";

const dialect = new PgDialect();

/** One explained statement. */
export interface Explained {
  label: string;
  executionMs: number;
  scans: string[];
  seqScans: number;
  plan: string;
}

/** An EXPLAIN's figures (execution time, sequential scans of big tables: goal 0), its scans shown as progress (whole plans with BENCH_SITE_PLANS=1). */
export function explainedFigures(e: Explained, progress: (line: string) => void): Figure[] {
  progress(`EXPLAIN ${e.label}: ${e.executionMs.toFixed(2)} ms\n    ${e.scans.join("\n    ")}`);
  if (process.env.BENCH_SITE_PLANS === "1") progress(e.plan);
  return [
    figure(`EXPLAIN ${e.label}: execution`, e.executionMs, "ms"),
    figure(`EXPLAIN ${e.label}: seq scans of big tables`, e.seqScans, "scans", exactly(0)),
  ];
}

/** Run `work` with an executor that records the statements it sends. */
async function recording(db: Executor, work: (db: Executor) => Promise<unknown>): Promise<{ sql: string; params: unknown[] }[]> {
  const seen: { sql: string; params: unknown[] }[] = [];
  const recorder: Executor = {
    execute: ((query: SQL) => {
      seen.push(dialect.sqlToQuery(query));
      return db.execute(query);
    }) as Executor["execute"],
  };
  await work(recorder);
  return seen;
}

/** EXPLAIN (ANALYZE, BUFFERS) one recorded statement. */
async function explainStatement(sql: postgres.Sql, statement: { sql: string; params: unknown[] }, label: string): Promise<Explained> {
  const rows = await sql.unsafe(`explain (analyze, buffers) ${statement.sql}`, statement.params as postgres.ParameterOrJSON<never>[]);
  const lines = rows.map((r) => String(Object.values(r)[0]));
  const scans = lines
    .filter((l) => /Scan|Sort|Join|Nested Loop|Limit/.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/\s+\(cost=[^)]*\)/, "")
        .replace(/\(actual[^)]*\)/, "")
        .trim(),
    );
  const executionMs = Number(/Execution Time: ([\d.]+)/.exec(lines.join("\n"))?.[1] ?? Number.NaN);
  return {
    label,
    executionMs,
    scans,
    seqScans: lines.filter((l) =>
      /Seq Scan on (articles|headline_versions|rank_spans|stories|fetch_log|frontpage_captures|probes|front_page_days|front_page_totals|headline_changes|outlet_day_agency|outlet_day_sections|outlet_capture_hours|front_page_stays|versioned_articles)\b/.test(
        l,
      ),
    ).length,
    plan: lines.join("\n"),
  };
}

/** Explain every statement `work` sends after the context loads (the dataset's page, then what it loads beside it), numbered when several. */
export async function explainApi(
  sql: postgres.Sql,
  db: Executor,
  now: number,
  label: string,
  work: (ctx: Awaited<ReturnType<typeof loadApiContext>>) => Promise<unknown>,
): Promise<Explained[]> {
  const ctx = await loadApiContext(db, now);
  const statements = await recording(db, (recorder) => work({ ...ctx, db: recorder }));
  if (statements.length === 0) throw new Error(`${label}: no statement`);
  const out: Explained[] = [];
  for (const [i, statement] of statements.entries())
    out.push(await explainStatement(sql, statement, statements.length > 1 ? `${label} #${i + 1}` : label));
  return out;
}

/** Explain every statement a page's read model sends (WEB-4: pages are served from indexed queries). */
export async function explainPage(
  sql: postgres.Sql,
  db: Executor,
  label: string,
  work: (db: Executor) => Promise<unknown>,
): Promise<Explained[]> {
  const statements = await recording(db, work);
  const out: Explained[] = [];
  for (const [i, statement] of statements.entries()) out.push(await explainStatement(sql, statement, `${label} #${i + 1}`));
  return out;
}
