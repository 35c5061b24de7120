/**
 * The tables that grow with every request (SPEC STO-6: fetch_log, frontpage_captures, probes)
 * at today's rows and at ten times as many: the worker's inserts and every status read of
 * them, p50/p95 side by side with the ratio 10×/1×, and EXPLAIN (ANALYZE) of each read
 * with its sequential scans of big tables counted.
 *
 * Today's rows (1×): 30 outlets (the growth bench's scale) as a steady crawl holds them under
 * the default retention windows (lib/config.ts): 90 days of request log, 30 of failed
 * captures and of probes, and 90 days of successful captures (never pruned: a deployment a
 * quarter old). 10×: the same outlets with every window ten times as long (900 / 300 / 300
 * days, 900 of successful captures), i.e. each table with ten times the rows. The outlets
 * stay the same so that every read covers the same window of the same sites: a read that
 * grows is one that reads more than its window (300 outlets would multiply the rows inside
 * each window too, which is the work a read must do, not the table's size).
 *
 * Knobs: BENCH_TABLES_OUTLETS (30), BENCH_TABLES_SCALE (10), BENCH_TABLES_READS (30 samples
 * per read), BENCH_TABLES_WRITES (2,000 calls per write), BENCH_TABLES_PLANS=1 (whole plans).
 */
import os from "node:os";
import type postgres from "postgres";
import { pruneLogs } from "../../crawler/record/log-retention";
import { openReadDatabase, type Database, type Executor } from "../../db/client";
import { loadConfig, type Config } from "../../lib/config";
import { explainPage, type Explained } from "./support/api-explain";
import { benchOutlets, READS, WRITES, type Outlet } from "./support/request-table-work";
import { loadRequestTables, type RequestTableCounts, type TableDays } from "./support/request-tables";
import { percentile, randomSource } from "./support/samples";
import { exactly, figure, type BenchContext, type Figure } from "./types";

export const name = "tables: the tables that grow with every request at 1× and 10× their rows";

const END = Date.parse("2026-11-30T00:00:00Z");
const HOUR_MS = 3_600_000;
const MIB = 1024 * 1024;
const atMost = (max: number) => (value: number) => ({ bound: `≤ ${max}`, ok: value <= max });
/** A ratio 10×/1× of pages touched read as flat (a read bounded by its window touches the same pages, give or take an index level). */
const FLAT = 1.5;

const whole = (v: string | undefined, fallback: number) => (v && /^[0-9]+$/.test(v) && Number(v) > 0 ? Number(v) : fallback);

/** One scale's database, loaded. */
interface Scale {
  scale: number;
  database: Database;
  outlets: Outlet[];
  windows: Config["retention"];
  counts: RequestTableCounts;
  mib: number;
  /** p50/p95 (ms) of each read and write; for reads, the sequential scans of big tables and the pages (8 KiB buffers) their statements touched. */
  timed: Map<string, { p50: number; p95: number; seqScans?: number; pages?: number }>;
}

/** Run `work` in a transaction that is rolled back (the prune deletes), on a connection of its own with the product's settings. */
async function rolledBack(url: string, work: (sql: postgres.Sql, db: Executor) => Promise<void>): Promise<void> {
  const own = openReadDatabase(url, { maxConnections: 1 });
  try {
    await own.sql.unsafe("begin");
    await work(own.sql, own.db);
  } finally {
    await own.sql.unsafe("rollback").catch(() => {});
    await own.close();
  }
}

/** Pages (shared buffers hit or read) of a plan's top node: all the statement touched, whatever else loads the machine. */
function pagesOf(plan: string): number {
  const line = plan.split("\n").find((l) => l.trim().startsWith("Buffers:")) ?? "";
  return Number(/hit=(\d+)/.exec(line)?.[1] ?? 0) + Number(/read=(\d+)/.exec(line)?.[1] ?? 0);
}

/** Sequential scans of big tables and pages touched by `list`, printed (scans of the statements with a sequential scan, or all with BENCH_TABLES_PLANS=1). */
function explained(list: Explained[], label: string, progress: (line: string) => void): { seqScans: number; pages: number } {
  const seq = list.reduce((n, e) => n + e.seqScans, 0);
  const pages = list.reduce((n, e) => n + pagesOf(e.plan), 0);
  for (const e of list) {
    if (e.seqScans > 0 || process.env.BENCH_TABLES_PLANS === "1")
      progress(`EXPLAIN ${e.label}: ${e.executionMs.toFixed(2)} ms\n    ${e.scans.join("\n    ")}`);
    if (process.env.BENCH_TABLES_PLANS === "1") progress(e.plan);
  }
  progress(
    `${label}: ${list.length} statement(s), ${list.reduce((n, e) => n + e.executionMs, 0).toFixed(2)} ms executing, ${pages} pages, ${seq} seq scan(s) of big tables`,
  );
  return { seqScans: seq, pages };
}

/** A database with the three tables at `scale` times today's rows. */
async function loadScale(ctx: BenchContext, scale: number): Promise<Scale> {
  const outletCount = whole(process.env.BENCH_TABLES_OUTLETS, 30);
  const defaults = loadConfig({}).retention;
  const days: TableDays = {
    requests: defaults.requestsDays * scale,
    okCaptures: defaults.requestsDays * scale,
    failedCaptures: defaults.failedCapturesDays * scale,
    probes: defaults.probesDays * scale,
  };
  const windows: Config["retention"] = {
    requestsDays: days.requests,
    failedCapturesDays: days.failedCaptures,
    probesDays: days.probes,
    formAttemptsDays: defaults.formAttemptsDays,
  };
  const progress = (line: string) => ctx.progress(`${scale}×: ${line}`);
  const database = await ctx.createDatabase({ maxConnections: 6 });
  try {
    progress(
      `${outletCount} outlets; request log ${days.requests} d, successful captures ${days.okCaptures} d, failed captures ${days.failedCaptures} d, probes ${days.probes} d`,
    );
    const counts = await loadRequestTables(database.sql, { outlets: outletCount, end: END, days, progress });
    const [size] = await database.sql<{ bytes: string }[]>`
      select sum(pg_total_relation_size(c.oid))::bigint as bytes from pg_class c where c.relname in ('fetch_log', 'frontpage_captures', 'probes')`;
    const mib = Math.round((Number(size!.bytes) / MIB) * 10) / 10;
    const outlets = await benchOutlets(database.db, END - HOUR_MS);
    return { scale, database, outlets, windows, counts, mib, timed: new Map() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

const p50p95 = (times: number[]) => {
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
};

/**
 * Every read, the prune and every write, on both scales in turn (sample by sample, or block
 * by block of writes), so that the machine's other load weighs on both alike.
 */
async function measure(ctx: BenchContext, scales: Scale[]): Promise<void> {
  const samples = whole(process.env.BENCH_TABLES_READS, 30);
  for (const read of READS) {
    const times = scales.map(() => [] as number[]);
    for (const s of scales) await read.run(s.database.db, END, s.outlets[0]!);
    const random = randomSource(1);
    for (let i = 0; i < samples; i++) {
      // A random minute of the last 6 hours and a random outlet, the same for every scale.
      const now = END - Math.floor(random() * 360) * 60_000;
      const k = Math.floor(random() * scales[0]!.outlets.length);
      for (const [j, s] of scales.entries()) {
        const started = performance.now();
        await read.run(s.database.db, now, s.outlets[k]!);
        times[j]!.push(performance.now() - started);
      }
    }
    for (const [j, s] of scales.entries()) {
      const progress = (line: string) => ctx.progress(`${s.scale}×: ${line}`);
      const plans = explained(
        await explainPage(s.database.sql, s.database.db, read.label, (db) => read.run(db, END, s.outlets[0]!)),
        read.label,
        progress,
      );
      s.timed.set(read.label, { ...p50p95(times[j]!), ...plans });
    }
    ctx.progress(
      `${read.label}: pages ${scales.map((s) => s.timed.get(read.label)!.pages).join(" / ")}, p50 ${scales.map((s) => `${s.timed.get(read.label)!.p50.toFixed(2)} ms at ${s.scale}×`).join(", ")} (load ${os.loadavg()[0]!.toFixed(1)})`,
    );
  }
  // The hourly prune at `end`: one hour of rows past each window, deleted and rolled back.
  const pruneLabel = "retention prune (one hour past each window)";
  const pruneTimes = scales.map(() => [] as number[]);
  for (let i = 0; i < 10; i++) {
    for (const [j, s] of scales.entries()) {
      await rolledBack(s.database.url, async (_sql, db) => {
        const started = performance.now();
        await pruneLogs(db, s.windows, END);
        pruneTimes[j]!.push(performance.now() - started);
      });
    }
  }
  for (const [j, s] of scales.entries()) {
    let plans = { seqScans: 0, pages: 0 };
    await rolledBack(s.database.url, async (sql, db) => {
      plans = explained(await explainPage(sql, db, pruneLabel, (d) => pruneLogs(d, s.windows, END)), pruneLabel, (line) =>
        ctx.progress(`${s.scale}×: ${line}`),
      );
    });
    s.timed.set(pruneLabel, { ...p50p95(pruneTimes[j]!), ...plans });
  }
  // The worker's writes after `end`, outlets in turn (each site's pacing allows it: a call per outlet and second).
  const calls = whole(process.env.BENCH_TABLES_WRITES, 2_000);
  const block = 100;
  for (const [w, write] of WRITES.entries()) {
    const base = END + (w + 1) * 10 * 86_400_000;
    const call = (s: Scale, i: number) => write.run(s.database.db, base + i * 1_000, s.outlets[i % s.outlets.length]!, i);
    const times = scales.map(() => [] as number[]);
    for (const s of scales) for (let i = 0; i < s.outlets.length; i++) await call(s, i);
    for (let from = scales[0]!.outlets.length; times[0]!.length < calls; from += block) {
      for (const [j, s] of scales.entries()) {
        for (let i = from; i < from + block && times[j]!.length < calls; i++) {
          const started = performance.now();
          await call(s, i);
          times[j]!.push(performance.now() - started);
        }
      }
    }
    for (const [j, s] of scales.entries()) s.timed.set(write.label, p50p95(times[j]!));
    ctx.progress(
      `${write.label}: p50 ${scales.map((s) => `${s.timed.get(write.label)!.p50.toFixed(2)} ms at ${s.scale}×`).join(", ")} over ${calls} calls each`,
    );
  }
}

const fixed = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

/** The figures side by side, as a plain table on the progress stream. */
function sideBySide(one: Scale, many: Scale, scale: number): string {
  const rows = [...one.timed.keys()].map((label) => {
    const a = one.timed.get(label)!;
    const b = many.timed.get(label)!;
    const pages = a.pages === undefined ? ["", "", ""] : [String(a.pages), String(b.pages), (b.pages! / Math.max(1, a.pages)).toFixed(2)];
    return [
      label,
      fixed(a.p50),
      fixed(b.p50),
      (b.p50 / a.p50).toFixed(2),
      fixed(a.p95),
      fixed(b.p95),
      (b.p95 / a.p95).toFixed(2),
      ...pages,
      a.seqScans === undefined ? "" : `${a.seqScans} / ${b.seqScans}`,
    ];
  });
  const header = [
    "",
    "p50 1×",
    `p50 ${scale}×`,
    "ratio",
    "p95 1×",
    `p95 ${scale}×`,
    "ratio",
    "pages 1×",
    `pages ${scale}×`,
    "ratio",
    "seq scans",
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows].map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ")).join("\n");
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const scale = whole(process.env.BENCH_TABLES_SCALE, 10);
  const one = await loadScale(ctx, 1);
  let many: Scale;
  try {
    many = await loadScale(ctx, scale);
  } catch (error) {
    await one.database.close();
    throw error;
  }
  try {
    await measure(ctx, [one, many]);
  } finally {
    await one.database.close();
    await many.database.close();
  }
  ctx.progress(
    `side by side (ms; pages and seq scans of big tables in the EXPLAIN at 1× / ${scale}×; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}):\n${sideBySide(one, many, scale)}`,
  );
  const out: Figure[] = [];
  for (const table of ["fetch_log", "frontpage_captures", "probes"] as const) {
    out.push(figure(`${table}: rows at 1×`, one.counts[table], "rows"), figure(`${table}: rows at ${scale}×`, many.counts[table], "rows"));
  }
  out.push(
    figure("the three tables with their indexes at 1×", one.mib, "MiB"),
    figure(`the three tables with their indexes at ${scale}×`, many.mib, "MiB"),
  );
  for (const [label, a] of one.timed) {
    const b = many.timed.get(label)!;
    out.push(
      figure(`${label}: p50 1×`, a.p50, "ms"),
      figure(`${label}: p50 ${scale}×`, b.p50, "ms"),
      figure(`${label}: p50 ${scale}×/1×`, Math.round((b.p50 / a.p50) * 100) / 100, "ratio"),
      figure(`${label}: p95 1×`, a.p95, "ms"),
      figure(`${label}: p95 ${scale}×`, b.p95, "ms"),
      figure(`${label}: p95 ${scale}×/1×`, Math.round((b.p95 / a.p95) * 100) / 100, "ratio"),
    );
    if (a.pages !== undefined && b.pages !== undefined) {
      out.push(
        figure(`${label}: pages touched (EXPLAIN) 1×`, a.pages, "pages"),
        figure(`${label}: pages touched (EXPLAIN) ${scale}×`, b.pages, "pages"),
        figure(`${label}: pages touched ${scale}×/1×`, Math.round((b.pages / Math.max(1, a.pages)) * 100) / 100, "ratio", atMost(FLAT)),
      );
    }
    if (b.seqScans !== undefined) out.push(figure(`${label}: seq scans of big tables at ${scale}×`, b.seqScans, "scans", exactly(0)));
  }
  return out;
}
