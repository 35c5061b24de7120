/**
 * One measured crawl by several worker processes (the compiled `crawler/main.ts`, as
 * `npm run worker` runs it) on one PostgreSQL: the simulated web (own process) with
 * `sites` outlets, each with a backlog of feeds due every minute (feed polls only: no front
 * page, sitemap or article read) and, when asked, a robots.txt
 * `Crawl-delay`; a warm-up until every host it will read has its robots.txt and every
 * site answered two feeds (a site's first poll records every article of its feed, many
 * times the work of the polls after it: a window opened after the first ones measured the
 * workers still recording them, and sites waiting behind that work for their second poll);
 * then a fixed window of real time in which each process's
 * CPU and PostgreSQL's statement count (pg_stat_statements: every statement, BEGIN and
 * COMMIT included, is one round trip) are measured. The worker code is as shipped; the
 * processes get HEMEROSCOPIO_WORKER_CONCURRENCY to keep every site they serve busy, and run
 * without the analysis steps (HEMEROSCOPIO_WORKER_ANALYSIS=false, as crawl-only machines do).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql as dsql } from "drizzle-orm";
import { buildRuntimeIfNeeded, runtimeDir } from "../../../scripts/runtime/build.mjs";
import { importOutlets } from "../../../db/outlets";
import type { AccessLogEntry } from "../../sim/access-log";
import { simulatedWorkerEnv, stopWorkers } from "../../support/worker-process";
import type { BenchContext } from "../types";
import { backlogOutlets } from "./backlog-outlets";
import { stopAlsoOnInterrupt, temporaryDirectory } from "./interrupt";
import { resetPgStatements, topPgStatements, type PgStatement } from "./pg-statements";
import { busySeconds, busyShare, machineTicks } from "./machine-cpu";
import { clockTicks, treeCpuSeconds } from "./proc-cpu";
import { productEnv } from "./product-env";
import { startSimProcess } from "./sim-process";
import { warmSimulator, withoutWarmUp } from "./sim-warm-up";
import { claimDueJobs, nextDueAt } from "../../../crawler/schedule/claim";
import type { Db } from "../../../db/client";
import type postgres from "postgres";
import { profiledDb } from "./db-profile";
import { explainStatement } from "./explain";
import { pacingViolations } from "../../support/access-log-checks";

/** How to run one window. */
export interface FleetWindowOptions {
  sites: number;
  feeds: number;
  workers: number;
  /** Seconds of Crawl-delay in every simulated robots.txt; none when absent. */
  crawlDelay?: number;
  /** The share of its usual rate each simulated outlet publishes (1 when absent). */
  publishing?: number;
  windowMs: number;
  maxWarmUpMs: number;
  /** After the window, print EXPLAIN ANALYZE of a claim as the workers run it (taken by the bench, rolled back). */
  explainClaim?: boolean;
}

/** What one window measured. */
export interface FleetWindow {
  log: AccessLogEntry[];
  siteDomains: string[];
  from: number;
  to: number;
  warmUpMs: number;
  warmedUp: boolean;
  /** The simulator's CPU seconds for its first answer to every outlet (the bench's own requests), ÷ outlets. */
  simFirstAnswerCpu: number;
  /** CPU seconds in the window. */
  cpu: {
    workers: number;
    perWorker: number[];
    postgres?: number;
    simulator?: number;
    machine: number;
    others: number;
    machineBusy: number;
  };
  /** Statements PostgreSQL executed for this database in the window (pg_stat_statements), -1 when unavailable. */
  pgCalls: number;
  pgStatements: PgStatement[];
  /** Requests the workers' own log has started in the window. */
  logged: number;
  /** Articles first seen in the window. */
  articles: number;
}

const wall = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A worker process; its log (warnings and errors) goes to `logFile` when given. */
function startWorker(env: NodeJS.ProcessEnv, logFile?: string): ChildProcess {
  const out = logFile ? fs.openSync(logFile, "a") : "ignore";
  return spawn(process.execPath, [path.resolve(runtimeDir, "worker.js")], { env, stdio: ["ignore", out, "inherit"] });
}

/** The claim statements and the next-due query, run once by the bench and explained (rolled back: the leases stay free). */
async function explainClaims(ctx: BenchContext, label: string, db: Db, sql: postgres.Sql): Promise<void> {
  const profile = profiledDb(db);
  await profile.db
    .transaction(async (tx) => {
      await claimDueJobs(tx, { workerId: "bench-explain", now: Date.now(), leaseMs: 60_000, limit: 200 });
      await nextDueAt(tx);
      throw new Error("rollback");
    })
    .catch(() => undefined);
  for (const kind of ["claim jobs", "claim article reads", "next due"]) {
    ctx.progress(`${label}: ${kind}, explained:\n${await explainStatement(sql, profile.lastSql(kind))}`);
  }
}

/** For the first sites with a pacing violation, what the workers' request log and the site's row say. */
async function explainViolations(
  ctx: BenchContext,
  label: string,
  sql: postgres.Sql,
  log: AccessLogEntry[],
  crawlDelay: number | undefined,
): Promise<void> {
  const sites = [...new Set(pacingViolations(log, (crawlDelay ?? 3) * 1000).map((v) => v.site))].slice(0, 3);
  for (const site of sites) {
    const served = log
      .filter((e) => e.site === site)
      .sort((a, b) => a.start - b.start)
      .map(
        (e) =>
          `    served ${new Date(e.start).toISOString()} → ${e.end === undefined ? "?" : new Date(e.end).toISOString()} ${e.host}${e.path} ${e.status}`,
      );
    const logged = await sql<
      { at: Date | string; url: string; kind: string; outcome: string; worker_id: string; duration_ms: number | null }[]
    >`
      select at, url, kind, outcome, worker_id, duration_ms from fetch_log where site_domain = ${site} order by at, id`;
    const [row] =
      await sql`select next_allowed_at, lease_owner, lease_until, backoff_until, consecutive_failures from sites where domain = ${site}`;
    ctx.progress(
      `${label}: pacing violation on ${site}:\n${served.join("\n")}\n${logged
        .map(
          (r) => `    logged ${new Date(r.at).toISOString()} ${r.kind} ${r.outcome} ${r.duration_ms ?? "?"} ms by ${r.worker_id}: ${r.url}`,
        )
        .join("\n")}\n    site now ${JSON.stringify(row)}`,
    );
  }
}

/**
 * Sites that waited over twice the gap in the window (between two requests, or after their
 * last one until the window's end), counted by the worker process that made the request
 * before the wait, with the longest waits: where the requests the pacing allowed went.
 */
async function explainLongWaits(
  ctx: BenchContext,
  label: string,
  sql: postgres.Sql,
  log: AccessLogEntry[],
  w: { from: number; to: number; gapMs: number },
): Promise<void> {
  const bySite = new Map<string, AccessLogEntry[]>();
  for (const e of log) if (e.start < w.to) bySite.set(e.site, [...(bySite.get(e.site) ?? []), e]);
  const waits: { site: string; after: number; ms: number; toEnd: boolean }[] = [];
  for (const [site, entries] of bySite) {
    entries.sort((a, b) => a.start - b.start);
    entries.forEach((e, i) => {
      const end = e.end ?? e.start;
      const next = entries[i + 1]?.start ?? w.to;
      if (next > w.from && next - end > 2 * w.gapMs) waits.push({ site, after: e.start, ms: next - end, toEnd: i === entries.length - 1 });
    });
  }
  const rows = await sql<{ site_domain: string; at: Date | string; worker_id: string }[]>`
    select site_domain, at, worker_id from fetch_log where at >= ${new Date(w.from - 10 * w.gapMs).toISOString()} and outcome <> 'in-flight'`;
  const rowsBySite = new Map<string, { at: Date | string; worker_id: string }[]>();
  for (const r of rows) rowsBySite.set(r.site_domain, [...(rowsBySite.get(r.site_domain) ?? []), r]);
  const workerOf = (x: { site: string; after: number }) => {
    let best: string | undefined;
    let bestDelta = Infinity;
    for (const r of rowsBySite.get(x.site) ?? []) {
      const delta = Math.abs(new Date(r.at).getTime() - x.after);
      if (delta < bestDelta) [best, bestDelta] = [r.worker_id, delta];
    }
    return best ?? "?";
  };
  const byWorker = new Map<string, number>();
  for (const x of waits) byWorker.set(workerOf(x), (byWorker.get(workerOf(x)) ?? 0) + 1);
  waits.sort((a, b) => b.ms - a.ms);
  ctx.progress(
    `${label}: waits over twice the gap in the window: ${waits.length} on ${new Set(waits.map((x) => x.site)).size} sites ` +
      `(${waits.filter((x) => x.toEnd).length} until the window's end), by the process that made the request before: ` +
      `${[...byWorker].map(([k, n]) => `${k} ${n}`).join(", ")}; longest: ${waits
        .slice(0, 5)
        .map((x) => `${x.site} ${(x.ms / 1000).toFixed(0)} s from ${((x.after - w.from) / 1000).toFixed(0)} s`)
        .join(", ")}`,
  );
  // What the workers' request log and the site's row say about the three longest.
  for (const x of waits.slice(0, 3)) {
    const logged = await sql<{ at: Date | string; kind: string; outcome: string; duration_ms: number | null; worker_id: string }[]>`
      select at, kind, outcome, duration_ms, worker_id from fetch_log where site_domain = ${x.site}
        and at >= ${new Date(x.after - 3 * w.gapMs).toISOString()} order by at, id limit 8`;
    const [site] =
      await sql`select next_allowed_at, lease_owner, lease_until, backoff_until, backoff_reason, consecutive_failures from sites where domain = ${x.site}`;
    const [job] =
      await sql`select count(*)::int as leased, max(lease_owner) as owner, max(lease_until) as until from sources where site_domain = ${x.site} and lease_until is not null`;
    ctx.progress(
      `${label}: ${x.site}: ${logged.map((r) => `${new Date(r.at).toISOString().slice(11, 23)} ${r.kind} ${r.outcome} ${r.duration_ms ?? "?"} ms ${r.worker_id}`).join("; ")}; ` +
        `site now ${JSON.stringify(site)}; job leases ${JSON.stringify(job)}`,
    );
  }
}

/** Runs one window; see the module comment. */
export async function fleetWindow(ctx: BenchContext, o: FleetWindowOptions): Promise<FleetWindow> {
  const label = `${o.sites.toLocaleString("en-US")} sites, ${o.workers} processes`;
  await buildRuntimeIfNeeded(ctx.progress);
  const dir = await temporaryDirectory("hemeroscopio-bench-fleet-");
  const sim = await startSimProcess(o.sites, path.join(dir.path, "access.jsonl"), undefined, {
    crawlDelay: o.crawlDelay,
    publishing: o.publishing,
  });
  const database = await ctx.createDatabase({ maxConnections: 2 });
  let workers: ChildProcess[] = [];
  // An interrupted run stops the workers before the database they write to.
  const killFleet = stopAlsoOnInterrupt(() => stopWorkers(workers, "SIGKILL"));
  try {
    // Through the product's import with one feed each, then the backlog's copies in one statement
    // (the import's statement per source takes minutes for 10,000 outlets).
    const outlets = backlogOutlets(o.sites, 1);
    let t = performance.now();
    await importOutlets(database.db, outlets);
    await database.db.execute(dsql`
      insert into sources (outlet_id, kind, url, site_domain, interval_minutes, active, proposed)
      select outlet_id, kind, url || '?copia=' || g, site_domain, 1, true, false
      from sources cross join generate_series(1, ${o.feeds - 1}::int) g where kind = 'feed'`);
    await database.db.execute(dsql`update sources set interval_minutes = 1 where kind = 'feed'`);
    // Feeds only: the simulator's front pages and sitemaps of thousands of outlets cost it hundreds
    // of ms of CPU each, and on a loaded machine their first round timed out (BLK-4 back-off).
    await database.db.execute(dsql`update sources set active = false where kind <> 'feed'`);
    await database.sql`analyze`;
    // The bench's outlets are the installation's: the workers must not add the default list.
    await database.db.execute(dsql`insert into app_state (key, value) values ('default-outlets-imported', '{}') on conflict do nothing`);
    ctx.progress(
      `${label}: imported ${outlets.length} outlets × ${o.feeds + 3} sources in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    const env = simulatedWorkerEnv({
      databaseUrl: database.url,
      resolveRule: sim.resolveRule,
      dataDir: dir.path,
      scale: 1,
      logLevel: "warn",
      // Polls only, each feed due again a minute after its poll: a site always has a due feed
      // (16 feeds at 4 s take 64 s), and the simulator serves no article pages, its costliest
      // answers (under load they timed out, and BLK-4 put the sites in back-off).
      extra: {
        ...productEnv(),
        HEMEROSCOPIO_WORKER_CONCURRENCY: String(Math.ceil(o.sites / o.workers) + 50),
        HEMEROSCOPIO_ARTICLE_DAILY_BUDGET: "0",
        // The crawl is what is measured: the processes run as crawl-only machines do, the analysis
        // (whose cost follows the articles, not the requests) left to another (BENCH_PACING_ANALYSIS=1 keeps it).
        HEMEROSCOPIO_WORKER_ANALYSIS: process.env.BENCH_PACING_ANALYSIS === "1" ? "true" : "false",
      },
    });
    t = performance.now();
    const simBefore = treeCpuSeconds(sim.pid) ?? Number.NaN;
    await warmSimulator(
      sim.port,
      outlets.map((x) => x.feeds[0]!),
    );
    const simFirstAnswerCpu = ((treeCpuSeconds(sim.pid) ?? Number.NaN) - simBefore) / o.sites;
    ctx.progress(
      `${label}: the simulator answered every outlet's feed once in ${((performance.now() - t) / 1000).toFixed(0)} s, ` +
        `${(simFirstAnswerCpu * 1000).toFixed(1)} ms of its CPU per outlet`,
    );
    const logDir = process.env.BENCH_PACING_WORKER_LOGS;
    workers = Array.from({ length: o.workers }, (_, i) =>
      startWorker(env, logDir ? path.join(logDir, `worker-${o.sites}-${i + 1}.log`) : undefined),
    );

    const origins = [...new Set(outlets.flatMap((x) => x.feeds.map((f) => new URL(f).origin)))];
    t = performance.now();
    let warmedUp = false;
    while (performance.now() - t < o.maxWarmUpMs) {
      const [row] = await database.sql<{ n: number; fed: number }[]>`
        select (select count(*)::int from hosts where robots_fetched_at is not null and host = any(${database.sql.array(origins)})) as n,
               (select count(*)::int from (select 1 from fetch_log where kind = 'feed' and outcome <> 'in-flight'
                group by site_domain having count(*) >= 2) two) as fed`.catch(() => [{ n: 0, fed: 0 }]);
      if ((row?.n ?? 0) >= origins.length && (row?.fed ?? 0) >= o.sites) {
        warmedUp = true;
        break;
      }
      if (workers.some((w) => w.exitCode !== null)) throw new Error(`${label}: a worker exited during the warm-up`);
      await sleep(2000);
    }
    await sleep(5000);
    const warmUpMs = performance.now() - t;
    ctx.progress(
      `${label}: warm-up ${(warmUpMs / 1000).toFixed(0)} s${warmedUp ? "" : " (robots.txt or a second feed of some sites still missing)"}; window of ${o.windowMs / 1000} s`,
    );

    await resetPgStatements(database.sql);
    const w0 = workers.map((w) => treeCpuSeconds(w.pid) ?? Number.NaN);
    const pg0 = treeCpuSeconds(ctx.postgresPid);
    const sim0 = treeCpuSeconds(sim.pid);
    const m0 = machineTicks();
    const from = wall();
    await sleep(o.windowMs);
    const to = wall();
    const w1 = workers.map((w) => treeCpuSeconds(w.pid) ?? Number.NaN);
    const pg1 = treeCpuSeconds(ctx.postgresPid);
    const sim1 = treeCpuSeconds(sim.pid);
    const m1 = machineTicks();
    const [calls] = await database.sql<{ n: string | null }[]>`
      select sum(calls) as n from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`.catch(
      () => [{ n: null }],
    );
    const pgStatements = await topPgStatements(database.sql, 40);
    // What the requests brought: new articles recorded in the window (their inserts and the work after them follow articles, not requests).
    const [recorded] = await database.sql<{ n: number }[]>`
      select count(*)::int as n from articles where first_seen_at >= ${new Date(from).toISOString()} and first_seen_at < ${new Date(to).toISOString()}`;
    const [logged] = await database.sql<{ n: number }[]>`
      select count(*)::int as n from fetch_log
      where at >= ${new Date(from).toISOString()} and at < ${new Date(to).toISOString()} and outcome not in ('robots-disallowed', 'in-flight')`;

    if (o.explainClaim) await explainClaims(ctx, label, database.db, database.sql);
    // A worker stops within its grace period (15 s); one that does not is killed, its figures already read.
    const killLate = setTimeout(() => void stopWorkers(workers, "SIGKILL"), 30_000);
    await stopWorkers(workers);
    clearTimeout(killLate);
    const { log } = await sim.stop();
    await explainViolations(ctx, label, database.sql, withoutWarmUp(log), o.crawlDelay);
    await explainLongWaits(ctx, label, database.sql, withoutWarmUp(log), { from, to, gapMs: (o.crawlDelay ?? 4) * 1000 });
    const perWorker = w1.map((x, i) => x - w0[i]!);
    const workersCpu = perWorker.reduce((a, b) => a + b, 0);
    const postgres = pg0 !== undefined && pg1 !== undefined ? pg1 - pg0 : undefined;
    const simulator = sim0 !== undefined && sim1 !== undefined ? sim1 - sim0 : undefined;
    const machine = busySeconds(m0, m1, clockTicks());
    return {
      log: withoutWarmUp(log),
      siteDomains: outlets.map((x) => new URL(x.homepage).hostname.replace(/^www\./, "")),
      from,
      to,
      warmUpMs,
      warmedUp,
      simFirstAnswerCpu,
      cpu: {
        workers: workersCpu,
        perWorker,
        postgres,
        simulator,
        machine,
        others: machine - workersCpu - (postgres ?? 0) - (simulator ?? 0),
        machineBusy: busyShare(m0, m1),
      },
      // The statistics reset itself is one of the counted calls.
      pgCalls: calls?.n === null || calls?.n === undefined ? -1 : Number(calls.n) - 1,
      pgStatements,
      logged: logged?.n ?? -1,
      articles: recorded?.n ?? -1,
    };
  } finally {
    await killFleet().catch(() => undefined);
    sim.kill();
    await database.close();
    await dir.remove();
  }
}
