/**
 * SPEC POL-1 at scale: "for 1,000 simulated sites and one worker over a fixed window:
 * requests made ÷ the maximum the pacing allows (goal ≥ 0.95), pacing violations (must
 * be 0), and CPU seconds per 1,000 requests". 100 sites alongside, for comparison.
 *
 * Every site has a backlog (40 due feeds), so the pacing, not the schedule, is the limit.
 * One in-process worker runs on the real clock (random 3–5 s gaps, no time scaling) for a
 * fixed window after a warm-up (robots.txt of every host, a first feed of every site);
 * the maximum is what a perfect client would do with the same response times
 * (support/pacing-max.ts). Knobs (environment):
 * BENCH_PACING_SITES (default "1000,100"), BENCH_PACING_WINDOW_S (60),
 * BENCH_PACING_CONCURRENCY (default: the site count — each job holds a site while it
 * waits for its turn, so fewer slots than sites leaves sites idle), BENCH_DB_CONNECTIONS
 * (4, as crawler/main.ts), BENCH_PACING_FEEDS (40), BENCH_PACING_WARMUP_S (longest warm-up,
 * 180: on a busy machine 1,000 sites need more than 90 s to reach the steady state, and a
 * window opened earlier measures warm-up work — robots.txt fetches, first article inserts,
 * the simulator's first article windows), BENCH_CPU_PROFILE (a directory: write
 * V8 CPU profiles of the worker and the simulator over each window), BENCH_EXPLAIN_CLAIM=1 (print
 * EXPLAIN ANALYZE of the worker's last claim statement after each window).
 * BENCH_PACING_MODE=scale: 10,000 sites on 4 worker processes beside 1,000 (support/pacing-scale.ts).
 */
import os from "node:os";
import { pacingViolations } from "../support/access-log-checks";
import { pacingUse } from "./support/pacing-max";
import { crawlWindow, type CrawlWindow } from "./support/crawl-window";
import { runPacingScale } from "./support/pacing-scale";
import { atLeast, exactly, figure, type BenchContext, type Figure } from "./types";

export const name = "pacing";

/** The mean of the random 3000–5000 ms gap (crawler/politeness/site-lease.ts `pacingGap`). */
const EXPECTED_GAP_MS = 4000;
/** SPEC POL-1's floor, for the violation check. */
const MIN_GAP_MS = 3000;

const numbers = (v: string | undefined, fallback: number[]) =>
  v
    ? v
        .split(",")
        .map((x) => Number(x.trim()))
        .filter((n) => n > 0)
    : fallback;
const one = (v: string | undefined, fallback: number) => (v && Number(v) > 0 ? Number(v) : fallback);

function describeStatements(w: CrawlWindow, requests: number): string {
  const rows = w.statements.map(
    (s) =>
      `    ${s.kind.padEnd(24)} ${String(s.calls).padStart(7)} calls  ${(s.calls / Math.max(1, requests)).toFixed(2).padStart(6)}/req  ${(s.wireTrips / Math.max(1, requests)).toFixed(2).padStart(6)} wire/req  ` +
      `mean ${(s.totalMs / s.calls).toFixed(1).padStart(7)} ms  max ${s.maxMs.toFixed(0).padStart(6)} ms  rows ${s.rows}`,
  );
  const pg = w.pgStatements.map(
    (s) =>
      `    ${(s.totalMs / 1000).toFixed(2).padStart(7)} s  ${String(s.calls).padStart(7)} calls  ${(s.calls / Math.max(1, requests)).toFixed(2).padStart(6)}/req  ` +
      `mean ${(s.totalMs / s.calls).toFixed(2).padStart(7)} ms  max ${s.maxMs.toFixed(0).padStart(6)} ms  ${s.query.slice(0, 80)}`,
  );
  const updates = w.updates.map(
    (u) =>
      `    ${u.table.padEnd(24)} ${String(u.updates).padStart(8)} updated  ${(u.updates / Math.max(1, requests)).toFixed(1).padStart(6)}/req  HOT ${((u.hot / u.updates) * 100).toFixed(0).padStart(3)} %`,
  );
  return [
    "worker's database calls in the window (time from call to result, pool wait included):",
    ...rows,
    ...(pg.length ? ["PostgreSQL's execution time by statement in the window (pg_stat_statements):", ...pg] : []),
    ...(updates.length ? ["row updates by table in the window (HOT: kept on the page, no new index entries):", ...updates] : []),
  ].join("\n");
}

function figuresOf(sites: number, concurrency: number, w: CrawlWindow, ctx: BenchContext): Figure[] {
  const use = pacingUse(w.log, { sites: w.siteDomains, from: w.from, to: w.to, gapMs: EXPECTED_GAP_MS });
  const violations = pacingViolations(w.log, MIN_GAP_MS);
  const per1000 = (seconds: number | undefined) => (seconds === undefined || use.made === 0 ? Number.NaN : (seconds / use.made) * 1000);
  // Whole transactions are timed as one entry; on the wire each adds BEGIN and COMMIT to its statements.
  const transactions = w.statements.find((s) => s.kind === "transaction (whole)")?.calls ?? 0;
  const calls = w.statements.reduce((n, s) => n + (s.kind === "transaction (whole)" ? 0 : s.calls), 0) + 2 * transactions;
  const wireTrips = w.statements.reduce((n, s) => n + s.wireTrips, 0);
  const claim = w.statements.find((s) => s.kind === "claim jobs");
  const windowS = (w.to - w.from) / 1000;
  const p = `${sites.toLocaleString("en-US")} sites`;
  ctx.progress(
    `${p}: made ${use.made}, maximum ${use.maximum}, idle sites ${use.idleSites}, end→start mean ${use.endToStart.mean.toFixed(0)} ms ` +
      `(p50 ${use.endToStart.p50.toFixed(0)}, p95 ${use.endToStart.p95.toFixed(0)}, p99 ${use.endToStart.p99.toFixed(0)}), first start late by ${use.firstStartDelay.mean.toFixed(0)} ms (p95 ${use.firstStartDelay.p95.toFixed(0)})`,
  );
  ctx.progress(`${p}:\n${describeStatements(w, use.made)}`);
  if (violations.length > 0) ctx.progress(`${p}: first violations ${JSON.stringify(violations.slice(0, 3))}`);
  return [
    figure(`${p}: requests made ÷ pacing maximum`, use.ratio, "ratio", atLeast(0.95)),
    figure(`${p}: pacing violations (overlap or < 3 s)`, violations.length, "pairs", exactly(0)),
    figure(`${p}: worker CPU per 1,000 requests`, per1000(w.cpu.worker), "CPU s"),
    figure(`${p}: PostgreSQL CPU per 1,000 requests`, per1000(w.cpu.postgres), "CPU s"),
    figure(`${p}: simulator CPU per 1,000 requests`, per1000(w.cpu.simulator), "CPU s"),
    figure(`${p}: machine busy, all processes (1.0 = every core)`, w.cpu.machineBusy, `share of ${os.cpus().length} cores`),
    figure(`${p}: CPU of other processes on the machine`, w.cpu.others / windowS, "cores"),
    figure(`${p}: requests made / maximum in ${windowS.toFixed(0)} s`, use.made, `of ${use.maximum}`),
    figure(`${p}: mean end→next start on a site (gap 4,000)`, use.endToStart.mean, "ms"),
    figure(`${p}: DB round trips per request (BEGIN/COMMIT included)`, calls / Math.max(1, use.made), "round trips"),
    // On the wire an unprepared statement with parameters is two round trips (describe, then execute): see support/db-profile.ts.
    figure(`${p}: DB round trips on the wire per request`, wireTrips / Math.max(1, use.made), "round trips"),
    figure(
      `${p}: claim statement, mean (max ${(claim?.maxMs ?? Number.NaN).toFixed(0)} ms, ${claim?.calls ?? 0} calls)`,
      claim ? claim.totalMs / claim.calls : Number.NaN,
      "ms",
    ),
    figure(`${p}: worker event-loop delay, mean (p99 ${w.eventLoopDelayMs.p99.toFixed(0)})`, w.eventLoopDelayMs.mean, "ms"),
    figure(`${p}: worker concurrency / warm-up`, concurrency, `jobs / ${(w.warmUpMs / 1000).toFixed(0)} s`),
  ];
}

/** Runs the 1,000-site window and the 100-site one (or, with BENCH_PACING_MODE=scale, support/pacing-scale.ts). */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  if (process.env.BENCH_PACING_MODE === "scale") {
    return runPacingScale(ctx, {
      siteCounts: numbers(process.env.BENCH_PACING_SITES, [1000, 10_000]),
      workers: one(process.env.BENCH_PACING_WORKERS, 4),
      feeds: one(process.env.BENCH_PACING_FEEDS, 16),
      windowMs: one(process.env.BENCH_PACING_WINDOW_S, 120) * 1000,
      maxWarmUpMs: one(process.env.BENCH_PACING_WARMUP_S, 420) * 1000,
      explainClaim: process.env.BENCH_EXPLAIN_CLAIM === "1",
      referenceGapS: one(process.env.BENCH_PACING_GAP_S, 4),
    });
  }
  const windowMs = one(process.env.BENCH_PACING_WINDOW_S, 60) * 1000;
  const feeds = one(process.env.BENCH_PACING_FEEDS, 40);
  const maxConnections = one(process.env.BENCH_DB_CONNECTIONS, 4);
  const maxWarmUpMs = one(process.env.BENCH_PACING_WARMUP_S, 180) * 1000;
  const out: Figure[] = [];
  for (const sites of numbers(process.env.BENCH_PACING_SITES, [1000, 100])) {
    const concurrency = one(process.env.BENCH_PACING_CONCURRENCY, sites);
    const w = await crawlWindow(ctx, {
      sites,
      feeds,
      concurrency,
      maxConnections,
      windowMs,
      maxWarmUpMs,
      cpuProfileDir: process.env.BENCH_CPU_PROFILE || undefined,
      explainClaim: process.env.BENCH_EXPLAIN_CLAIM === "1",
    });
    out.push(...figuresOf(sites, concurrency, w, ctx));
  }
  return out;
}
