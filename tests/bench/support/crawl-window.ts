/**
 * One measured crawl: the simulated web (own process) with `sites` outlets, each with a
 * backlog of due feeds; the real worker in this process on the real clock (pacing 3–5 s,
 * no scaling); a warm-up until every host it will read has its robots.txt and every site
 * answered a first feed; then a fixed window of real time in which the worker's,
 * PostgreSQL's and the simulator's CPU, the event-loop delay and every database
 * statement are measured. Crawler code is used as
 * shipped (createCrawlPipeline + runWorker); it only gets a profiling view of the db.
 */
import { setMaxListeners } from "node:events";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createCrawlPipeline } from "../../../crawler/compose";
import { runWorker } from "../../../crawler/loop";
import { importOutlets } from "../../../db/outlets";
import { systemClock } from "../../../lib/clock";
import { loadConfig } from "../../../lib/config";
import { createLogger } from "../../../lib/log";
import type { AccessLogEntry } from "../../sim/access-log";
import type { BenchContext } from "../types";
import { backlogOutlets } from "./backlog-outlets";
import { profiledDb, type StatementStats } from "./db-profile";
import { temporaryDirectory } from "./interrupt";
import { explainStatement } from "./explain";
import { resetPgStatements, tableUpdates, topPgStatements, updatesBetween, type PgStatement, type TableUpdates } from "./pg-statements";
import { startCpuProfile } from "./cpu-profile";
import { busySeconds, busyShare, machineTicks } from "./machine-cpu";
import { clockTicks, treeCpuSeconds } from "./proc-cpu";
import { startSimProcess } from "./sim-process";

/** How to run one window. */
export interface CrawlWindowOptions {
  sites: number;
  /** Feed URLs per outlet (the backlog). */
  feeds: number;
  /** runWorker's `concurrency`. */
  concurrency: number;
  /** Pool size of the worker's database handle (crawler/main.ts uses 4). */
  maxConnections: number;
  windowMs: number;
  /** Longest warm-up before the window starts anyway. */
  maxWarmUpMs: number;
  /** Write a V8 CPU profile of the window into this directory. */
  cpuProfileDir?: string;
  /** After the window, print EXPLAIN ANALYZE of the worker's last claim statement. */
  explainClaim?: boolean;
}

/** What one window measured. */
export interface CrawlWindow {
  log: AccessLogEntry[];
  siteDomains: string[];
  from: number;
  to: number;
  warmUpMs: number;
  warmedUp: boolean;
  importMs: number;
  /** CPU seconds in the window; `machine` is every process's, `others` what is not ours (other jobs on the machine). */
  cpu: { worker: number; postgres?: number; simulator?: number; machine: number; others: number; machineBusy: number };
  eventLoopDelayMs: { mean: number; p99: number; max: number };
  statements: StatementStats[];
  /** PostgreSQL's own statement statistics for the window (empty without pg_stat_statements). */
  pgStatements: PgStatement[];
  /** Row updates per table in the window, and how many were HOT (no new index entries). */
  updates: TableUpdates[];
}

const wall = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs one window; see the module comment. */
export async function crawlWindow(ctx: BenchContext, o: CrawlWindowOptions): Promise<CrawlWindow> {
  const dir = await temporaryDirectory("hemeroscopio-bench-crawl-");
  const sim = await startSimProcess(o.sites, path.join(dir.path, "access.jsonl"));
  const database = await ctx.createDatabase({ maxConnections: o.maxConnections });
  try {
    const outlets = backlogOutlets(o.sites, o.feeds);
    let t = performance.now();
    await importOutlets(database.db, outlets);
    const importMs = performance.now() - t;
    ctx.progress(`${o.sites} sites: imported ${outlets.length} outlets × ${o.feeds + 3} sources in ${(importMs / 1000).toFixed(1)} s`);

    const config = loadConfig({
      HEMEROSCOPIO_RESOLVE: sim.resolveRule,
      HEMEROSCOPIO_ONLY_RESOLVED: "true",
      HEMEROSCOPIO_DATA_DIR: dir.path,
      HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
    });
    const profile = profiledDb(database.db);
    const pipeline = await createCrawlPipeline({ config, db: profile.db, clock: systemClock, workerId: "bench" });
    // The production logger at its default level (a line per job is built), writing nowhere.
    const log = createLogger({ component: "worker", level: "info", write: () => {} });
    const stop = new AbortController();
    // Every job in flight listens on the worker's signal; Node's default warns past 10.
    setMaxListeners(0, stop.signal);
    const running = runWorker({
      db: profile.db,
      clock: systemClock,
      log,
      pipeline,
      workerId: "bench",
      signal: stop.signal,
      leaseMs: 600_000,
      maxIdleMs: 30_000,
      concurrency: o.concurrency,
    });

    // Warm-up to the steady state: robots.txt of every host the window will read (www and
    // feeds) and a first feed answered on every site (first-time costs: the simulator's
    // article windows, the worker's outlet facts), then one more gap.
    const origins = [...new Set(outlets.flatMap((x) => [new URL(x.homepage).origin, ...x.feeds.map((f) => new URL(f).origin)]))];
    t = performance.now();
    let warmedUp = false;
    while (performance.now() - t < o.maxWarmUpMs) {
      const [row] = await database.sql<{ n: number; fed: number }[]>`
        select (select count(*)::int from hosts where robots_fetched_at is not null and host = any(${database.sql.array(origins)})) as n,
               (select count(distinct site_domain)::int from fetch_log where kind = 'feed' and outcome <> 'in-flight') as fed`.catch(() => [
        { n: 0, fed: 0 },
      ]); // a schema change here only costs the longest warm-up
      if ((row?.n ?? 0) >= origins.length && (row?.fed ?? 0) >= o.sites) {
        warmedUp = true;
        break;
      }
      await sleep(1000);
    }
    await sleep(5000);
    const warmUpMs = performance.now() - t;
    ctx.progress(
      `${o.sites} sites: warm-up ${(warmUpMs / 1000).toFixed(1)} s${warmedUp ? "" : " (robots.txt or a first feed of some sites still missing)"}; window of ${o.windowMs / 1000} s`,
    );

    const stopProfile = await startCpuProfile(o.cpuProfileDir, `pacing-${o.sites}-sites`);
    if (o.cpuProfileDir) sim.profile(o.cpuProfileDir, `pacing-${o.sites}-sites-simulator`);
    const lag = monitorEventLoopDelay({ resolution: 10 });
    profile.reset();
    await resetPgStatements(database.sql);
    const updates0 = await tableUpdates(database.sql);
    const cpu0 = process.cpuUsage();
    const pg0 = treeCpuSeconds(ctx.postgresPid);
    const sim0 = treeCpuSeconds(sim.pid);
    const m0 = machineTicks();
    const from = wall();
    lag.enable();
    await sleep(o.windowMs);
    lag.disable();
    const to = wall();
    const cpu = process.cpuUsage(cpu0);
    const pg1 = treeCpuSeconds(ctx.postgresPid);
    const sim1 = treeCpuSeconds(sim.pid);
    const m1 = machineTicks();
    const statements = profile.stats();
    // The worker's own request log (STO-5) for the window, to check the simulator's count against.
    const [logged] = await database.sql<{ n: number }[]>`
      select count(*)::int as n from fetch_log
      where at >= ${new Date(from).toISOString()} and at < ${new Date(to).toISOString()} and outcome not in ('robots-disallowed', 'in-flight')`.catch(
      () => [{ n: -1 }],
    );
    ctx.progress(`${o.sites} sites: the worker's request log has ${logged?.n ?? -1} requests started in the window (finished ones)`);
    const pgStatements = await topPgStatements(database.sql);
    const updates = updatesBetween(updates0, await tableUpdates(database.sql));
    if (o.cpuProfileDir) sim.endProfile();
    const profileFile = await stopProfile();
    if (profileFile) ctx.progress(`${o.sites} sites: CPU profile of the window in ${profileFile}`);

    // Explained while the worker still holds its leases, as the claim runs in the window.
    if (o.explainClaim)
      ctx.progress(
        `${o.sites} sites: last claim statement, explained:\n${await explainStatement(database.sql, profile.lastSql("claim jobs"))}`,
      );
    stop.abort();
    await running;
    const { log: accessLog, profileFile: simProfile } = await sim.stop();
    if (simProfile) ctx.progress(`${o.sites} sites: CPU profile of the simulator in ${simProfile}`);
    const worker = (cpu.user + cpu.system) / 1e6;
    const postgres = pg0 !== undefined && pg1 !== undefined ? pg1 - pg0 : undefined;
    const simulator = sim0 !== undefined && sim1 !== undefined ? sim1 - sim0 : undefined;
    const machine = busySeconds(m0, m1, clockTicks());
    return {
      log: accessLog,
      siteDomains: outlets.map((x) => new URL(x.homepage).hostname.replace(/^www\./, "")),
      from,
      to,
      warmUpMs,
      warmedUp,
      importMs,
      cpu: {
        worker,
        postgres,
        simulator,
        machine,
        others: machine - worker - (postgres ?? 0) - (simulator ?? 0),
        machineBusy: busyShare(m0, m1),
      },
      eventLoopDelayMs: { mean: lag.mean / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
      statements,
      pgStatements,
      updates,
    };
  } finally {
    sim.kill();
    await database.close();
    await dir.remove();
  }
}
