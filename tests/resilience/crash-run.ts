/**
 * One crawl of the simulated web by real worker processes (`crawler/main.ts`) sharing one
 * database, one of them optionally killed with SIGKILL at random moments and restarted at
 * once (SPEC SCH-4, OPS-2). Used by the CI crash tests and by `scripts/soak-crash.ts`. Two
 * runs started together with the same clock origin, the second ending with the first, cover
 * the same simulated period against identical simulated webs.
 */
import type { ChildProcess } from "node:child_process";
import { openSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { importOutlets } from "../../db/outlets";
import { scaledClock } from "../../lib/clock";
import { parseOutletsFile } from "../../lib/outlets-file";
import { startSimulatedWeb, toOutletsFile, type SimulatedWeb } from "../sim/index";
import { hasExited, simulatedWorkerEnv, spawnWorker, stopWorkers } from "../support/worker-process";

/** What one run does. */
export interface CrashRunOptions {
  database: Database;
  /** Simulated ms per real ms (pacing stays 3–5 s of simulated time). */
  scale: number;
  /** Shared by runs that must cover the same simulated period. */
  origin: number;
  outlets: number;
  /** Worker processes crawling together (the first of them is the one killed). @default 1 */
  workers?: number;
  /** SIGKILLs of the first worker, each followed by an immediate restart. */
  kills: number;
  /** Each kill comes this long (real ms, drawn at random in the range) after the killed worker's current process made its first request. */
  upMs: readonly [number, number];
  /**
   * Kill i comes no sooner than `killAfterSimMs[i]` (simulated ms) after the run's first
   * request either, so that the kills can be spread over a long period (`minSimMs`).
   */
  killAfterSimMs?: readonly number[];
  /**
   * After the random up-time, wait (up to MID_JOB_WAIT_MS) until the worker holds a claimed
   * job before killing it, so that the kill cuts work in progress: among several workers the
   * killed one may have none at a given moment.
   */
  midJob?: boolean;
  /** After the last restart's first request, the crawl goes on this long (real ms). */
  tailMs: number;
  /** …and until the clock is this long (simulated ms) past the run's first request. */
  minSimMs?: number;
  /** The crawl also runs until this settles (so two runs end together). */
  until?: Promise<unknown>;
  /** Told the simulated time of the run's first request (so another run can wait for this one's `minSimMs`). */
  onFirstRequest?: (simTime: number) => void;
  /** Further settings of every worker process (e.g. `HEMEROSCOPIO_ARTICLE_DAILY_BUDGET`). */
  env?: Record<string, string>;
  /** When set, each worker process's output goes to `worker-N.log` there (and stays). */
  logDir?: string;
}

/** A job (source poll or article read) the dead worker had claimed, as the test released it. */
export type HeldJob = { url: string; site: string; /** Simulated time it was claimed. */ claimedAt: number };

/** A kill as it happened: when (simulated), whom, and what the dead worker still held. */
export interface Kill {
  simTime: number;
  pid: number;
  /** The dead process's worker-id prefix (`host:pid:`). */
  workerId: string;
  /** Sites (registrable domains) whose request lease the dead worker held, released by the test (see releaseClaims). */
  heldSites: string[];
  /** Sources and article reads it had claimed, released by the test. */
  heldJobs: HeldJob[];
  releasedClaims: number;
}

/** A worker process of the run. */
export interface WorkerProcess {
  pid: number;
  /** The worker-id prefix of its rows (`fetch_log.worker_id`, leases): `host:pid:`. */
  workerId: string;
  /** 0 is the worker killed and restarted; its processes follow one another. */
  slot: number;
  killed: boolean;
}

/** The outcome of a run. */
export interface CrashRun {
  sim: SimulatedWeb;
  /** The simulated time of the run's first request (worker start-up is not part of the period). */
  startSim: number;
  endSim: number;
  kills: Kill[];
  /** Worker processes started in all (workers + kills). */
  starts: number;
  processes: WorkerProcess[];
  /** What the worker processes logged at warn or error level (e.g. `job.failed`), in order per process. */
  problems: string[];
}

/** The longest pacing gap (SPEC POL-1 default range 3–5 s). */
const MAX_GAP_MS = 5_000;
/** Longest wait (real) for the worker to be killed to hold a job (`midJob`). */
const MID_JOB_WAIT_MS = 20_000;
/** A claimed job's lease (crawler/main.ts), in clock time before scaling. */
const JOB_LEASE_MS = 600_000;
/** Longest wait (real) for a new worker process's first request: start-up takes 2–10 s on a busy machine. */
const FIRST_REQUEST_TIMEOUT_MS = 90_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Run the crawl; the caller closes `sim` and the database. */
export async function crawlWithKills(o: CrashRunOptions): Promise<CrashRun> {
  const clock = scaledClock(o.scale, o.origin);
  const sim = await startSimulatedWeb({ clock, outlets: o.outlets });
  await importOutlets(o.database.db, parseOutletsFile(JSON.stringify(toOutletsFile(sim.outlets)), "sim.json"));
  // The workers must not import the shipped outlets: the database has the simulated ones.
  await o.database.db.execute(sql`insert into app_state (key, value) values ('default-outlets-imported', '{}')`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-crash-"));
  const logDir = o.logDir ?? dataDir;
  const env = simulatedWorkerEnv({
    databaseUrl: o.database.url,
    resolveRule: sim.resolveRule,
    dataDir,
    scale: o.scale,
    origin: o.origin,
    logLevel: "error",
    extra: o.env,
  });
  const processes: WorkerProcess[] = [];
  const children = new Map<WorkerProcess, ChildProcess>();
  const start = (slot: number): WorkerProcess => {
    const stderr = openSync(path.join(logDir, `worker-${processes.length + 1}.log`), "w");
    const child = spawnWorker(env, ["ignore", stderr, stderr]);
    const worker = { pid: child.pid!, workerId: `${os.hostname()}:${child.pid}:`, slot, killed: false };
    processes.push(worker);
    children.set(worker, child);
    return worker;
  };
  const stopAll = (signal: NodeJS.Signals) => stopWorkers([...children.values()], signal);
  try {
    // A kill is timed from the process's first request (its first request-log line), not from
    // its spawn: start-up takes from 2 s to 10 s on a busy machine, and a kill then should
    // still find the worker mid-crawl.
    const firstRequest = async (worker: WorkerProcess) => {
      const like = `${worker.workerId}%`;
      for (let waited = 0; ; waited += 50) {
        const [row] = await o.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from (select 1 from fetch_log where worker_id like ${like} limit 1) f`,
        );
        if (row!.n > 0) return;
        const child = children.get(worker)!;
        if (hasExited(child))
          throw new Error(`worker ${worker.pid} exited (${child.exitCode ?? child.signalCode}) before its first request`);
        if (waited > FIRST_REQUEST_TIMEOUT_MS) throw new Error(`worker ${worker.pid} made no request in ${FIRST_REQUEST_TIMEOUT_MS} ms`);
        await sleep(50);
      }
    };
    let victim = start(0);
    for (let slot = 1; slot < (o.workers ?? 1); slot++) start(slot);
    for (let waited = 0; sim.accessLog().length === 0; waited += 50) {
      if (waited > FIRST_REQUEST_TIMEOUT_MS) throw new Error(`no request in ${FIRST_REQUEST_TIMEOUT_MS} ms`);
      await sleep(50);
    }
    const startSim = Math.min(...sim.accessLog().map((e) => e.simTime));
    o.onFirstRequest?.(startSim);
    const kills: Kill[] = [];
    for (let i = 0; i < o.kills; i++) {
      await firstRequest(victim);
      await Promise.all([
        sleep(o.upMs[0] + Math.random() * (o.upMs[1] - o.upMs[0])),
        clock.sleep(startSim + (o.killAfterSimMs?.[i] ?? 0) - clock.now()),
      ]);
      if (o.midJob) await holdingAJob(o.database, victim);
      const child = children.get(victim)!;
      child.kill("SIGKILL");
      await new Promise((resolve) => (hasExited(child) ? resolve(undefined) : child.once("exit", resolve)));
      victim.killed = true;
      kills.push(await releaseClaims(o.database, victim, clock.now(), JOB_LEASE_MS * o.scale));
      victim = start(0);
    }
    await firstRequest(victim);
    await Promise.all([sleep(o.tailMs), o.until, clock.sleep(startSim + (o.minSimMs ?? 0) - clock.now())]);
    const endSim = clock.now();
    await closeTheWeb(o.database, sim);
    await stopAll("SIGTERM");
    await sim.idle();
    return { sim, startSim, endSim, kills, starts: processes.length, processes, problems: await problemsLogged(logDir, processes.length) };
  } catch (error) {
    await stopAll("SIGKILL");
    await sim.close();
    throw error;
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** The warn and error lines of the workers' logs (`worker-N.log` in `dir`), each prefixed `N:`. */
async function problemsLogged(dir: string, workers: number): Promise<string[]> {
  const lines: string[] = [];
  for (let n = 1; n <= workers; n++) {
    const text = await fs.readFile(path.join(dir, `worker-${n}.log`), "utf8").catch(() => "");
    for (const line of text.split("\n")) {
      if (line.trim() && !/"level":"(debug|info)"/.test(line)) lines.push(`${n}: ${line}`);
    }
  }
  return lines;
}

/** Waits until `worker` holds a claimed source or article read, at most MID_JOB_WAIT_MS. */
async function holdingAJob(database: Database, worker: WorkerProcess): Promise<void> {
  const like = `${worker.workerId}%`;
  for (let waited = 0; waited < MID_JOB_WAIT_MS; waited += 20) {
    const [row] = await database.db.execute<{ n: number }>(sql`select
      (select count(*) from sources where lease_owner like ${like}) + (select count(*) from articles where read_lease_owner like ${like}) as n`);
    if (Number(row!.n) > 0) return;
    await sleep(20);
  }
}

/**
 * After a SIGKILL the dead worker's leases stay in the database: its job claims (sources,
 * article reads) until the others' housekeeping hands them back, once its heartbeat is two
 * minutes stale (crawler/schedule/reclaim-leases.ts; real minutes under a scaled clock), and its
 * site leases for 90 s, so the restarted worker and the others cannot take that work
 * meanwhile. This plays that reclaim as soon as the process has exited (its connections are
 * closed, so none of its requests is still running): the claims are freed, and each site it
 * held is freed with its next-allowed time moved at least the longest pacing gap (5 s) past
 * now, so pacing — checked independently on the simulator's access log — cannot be
 * shortened by it.
 */
async function releaseClaims(database: Database, worker: WorkerProcess, simNow: number, leaseMs: number): Promise<Kill> {
  const like = `${worker.workerId}%`;
  const nextAllowed = new Date(simNow + MAX_GAP_MS).toISOString();
  const held = await database.db.execute<{ domain: string }>(sql`
    update sites set lease_owner = null, lease_until = null, next_allowed_at = greatest(next_allowed_at, ${nextAllowed}::timestamptz)
    where lease_owner like ${like} returning domain`);
  type Row = { url: string; site: string; until: string };
  const sources = await database.db.execute<Row>(sql`
    update sources s set lease_owner = null, lease_until = null from sources held
    where held.id = s.id and held.lease_owner like ${like} returning s.url, s.site_domain as site, held.lease_until as until`);
  const reads = await database.db.execute<Row>(sql`
    update articles a set read_lease_owner = null, read_lease_until = null from articles held
    where held.id = a.id and held.read_lease_owner like ${like} returning a.url, a.site_domain as site, held.read_lease_until as until`);
  const heldJobs = [...sources, ...reads].map((j) => ({ url: j.url, site: j.site, claimedAt: new Date(j.until).getTime() - leaseMs }));
  return {
    simTime: simNow,
    pid: worker.pid,
    workerId: worker.workerId,
    heldSites: held.map((h) => h.domain),
    heldJobs,
    releasedClaims: heldJobs.length,
  };
}

/** Longest wait (real) for the jobs in hand when the web closes to end. */
const JOBS_END_TIMEOUT_MS = 60_000;

/**
 * The period is over: every host answers 503 from now on, so no document is served after
 * `endSim`; then the jobs the workers held at that moment (source polls and article reads,
 * by their leases) are waited for until each has ended, so that whatever was served to them
 * is recorded before the workers are stopped. A job claimed later only meets 503s.
 * (Waiting until the recorded rows were still for a few seconds was not enough: on a loaded
 * CI machine a job received a feed and recorded it later than that.)
 */
async function closeTheWeb(database: Database, sim: SimulatedWeb): Promise<void> {
  for (const o of sim.outlets) {
    for (const host of new Set([o.hosts.www, o.hosts.feeds, o.hosts.sitemaps, o.domain]))
      sim.setScenario(host, [{ kind: "status", status: 503 }]);
  }
  await sim.idle();
  const held = await jobsInHand(database);
  for (let waited = 0; ; waited += 100) {
    const now = await jobsInHand(database);
    const left = [...held].filter((key) => now.has(key));
    if (left.length === 0) return;
    if (waited > JOBS_END_TIMEOUT_MS)
      throw new Error(`jobs held when the web closed still running after ${JOBS_END_TIMEOUT_MS} ms: ${left.join(", ")}`);
    await sleep(100);
  }
}

/** Every claimed job, as `kind id owner until`: a new claim of the same row is a new key. */
async function jobsInHand(database: Database): Promise<Set<string>> {
  const rows = await database.db.execute<{ key: string }>(sql`
    select concat_ws(' ', 'source', id, lease_owner, lease_until) as key from sources where lease_owner is not null
    union all
    select concat_ws(' ', 'read', id, read_lease_owner, read_lease_until) from articles where read_lease_owner is not null`);
  return new Set(rows.map((r) => r.key));
}
