/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements behind the open-data API and exports:
 * each dataset page runs once through a recording executor, and its SQL is explained
 * with the same parameters. The summary keeps the plan's scan nodes and timings.
 */
import { PgDialect } from "drizzle-orm/pg-core";
import type { SQL } from "drizzle-orm";
import type postgres from "postgres";
import type { Executor } from "../../../db/client";
import { loadApiContext } from "../../../lib/api/context";

const dialect = new PgDialect();

/** One explained statement. */
export interface Explained { label: string; executionMs: number; scans: string[]; seqScans: number; plan: string }

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

/** Explain the last statement `work` sends (the dataset query itself, after the context loads). */
export async function explainApi(sql: postgres.Sql, db: Executor, now: number, label: string, work: (ctx: Awaited<ReturnType<typeof loadApiContext>>) => Promise<unknown>): Promise<Explained> {
  const ctx = await loadApiContext(db, now);
  const statements = await recording(db, (recorder) => work({ ...ctx, db: recorder }));
  const last = statements[statements.length - 1];
  if (!last) throw new Error(`${label}: no statement`);
  const rows = await sql.unsafe(`explain (analyze, buffers) ${last.sql}`, last.params as postgres.ParameterOrJSON<never>[]);
  const lines = rows.map((r) => String(Object.values(r)[0]));
  const scans = lines.filter((l) => /Scan|Sort|Join|Nested Loop|Limit/.test(l)).map((l) => l.trim().replace(/\s+\(cost=[^)]*\)/, "").replace(/\(actual[^)]*\)/, "").trim());
  const executionMs = Number(/Execution Time: ([\d.]+)/.exec(lines.join("\n"))?.[1] ?? Number.NaN);
  return { label, executionMs, scans, seqScans: lines.filter((l) => /Seq Scan on (articles|headline_versions|rank_spans|stories|fetch_log|frontpage_captures)\b/.test(l)).length, plan: lines.join("\n") };
}
