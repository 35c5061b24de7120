/**
 * One crawl of the simulated web by real worker processes (`crawler/main.ts`), optionally
 * killed with SIGKILL at random moments and restarted at once (SPEC SCH-4, OPS-2). Used by
 * the CI crash test and by `scripts/soak-crash.ts`. Two runs started together with the same
 * clock origin, the second ending with the first, cover the same simulated period against
 * identical simulated webs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { openSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { importOutlets } from "../../db/queries/outlets";
import { scaledClock } from "../../lib/clock";
import { parseOutletsFile } from "../../lib/outlets-file";
import { startSimulatedWeb, toOutletsFile, type SimulatedWeb } from "../sim/index";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** What one run does. */
export interface CrashRunOptions {
  database: Database;
  /** Simulated ms per real ms (pacing stays 3–5 s of simulated time). */
  scale: number;
  /** Shared by runs that must cover the same simulated period. */
  origin: number;
  outlets: number;
  /** SIGKILLs, each followed by an immediate restart. */
  kills: number;
  /** Each kill comes this long (real ms, drawn at random in the range) after the current worker's first request. */
  upMs: readonly [number, number];
  /** After the last restart's first request, the crawl goes on this long (real ms). */
  tailMs: number;
  /** With no kills: the crawl runs until this settles (so two runs end together). */
  until?: Promise<unknown>;
  /** When set, each worker's output goes to `worker-N.log` there. */
  logDir?: string;
}

/** A kill as it happened: when (simulated), whom, and what the dead worker still held. */
export interface Kill {
  simTime: number;
  workerId: string;
  /** Sites (registrable domains) whose request lease the dead worker held, released by the test (see releaseClaims). */
  heldSites: string[];
  /** Sources and article reads it had claimed, released by the test. */
  releasedClaims: number;
}

/** The outcome of a run. */
export interface CrashRun {
  sim: SimulatedWeb;
  startSim: number;
  endSim: number;
  kills: Kill[];
  /** Worker processes started in all (1 + kills). */
  starts: number;
}

/** The longest pacing gap (SPEC POL-1 default range 3–5 s). */
const MAX_GAP_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Run the crawl; the caller closes `sim` and the database. */
export async function crawlWithKills(o: CrashRunOptions): Promise<CrashRun> {
  const clock = scaledClock(o.scale, o.origin);
  const sim = await startSimulatedWeb({ clock, outlets: o.outlets });
  await importOutlets(o.database.db, parseOutletsFile(JSON.stringify(toOutletsFile(sim.outlets)), "sim.json"));
  // The workers must not import the shipped outlets: the database has the simulated ones.
  await o.database.db.execute(sql`insert into app_state (key, value) values ('default-outlets-imported', '{}')`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-crash-"));
  const env = {
    ...process.env, DATABASE_URL: o.database.url, HEMEROSCOPIO_RESOLVE: sim.resolveRule, HEMEROSCOPIO_ONLY_RESOLVED: "true",
    HEMEROSCOPIO_DATA_DIR: dataDir, HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
    HEMEROSCOPIO_TIME_SCALE: String(o.scale), HEMEROSCOPIO_TIME_ORIGIN: String(o.origin), HEMEROSCOPIO_LOG_LEVEL: "error",
  };
  let starts = 0;
  const start = (): ChildProcess => {
    starts++;
    const stderr = o.logDir ? openSync(path.join(o.logDir, `worker-${starts}.log`), "w") : "ignore";
    return spawn(process.execPath, ["--import", "tsx", "crawler/main.ts"], { cwd: ROOT, env, stdio: ["ignore", stderr, stderr] });
  };
  const startSim = clock.now();
  // A kill is timed from the worker's first request, not from its spawn: start-up takes from
  // 2 s to 10 s on a busy machine, and a kill then should still find the worker mid-crawl.
  const firstRequest = async (since: number) => {
    while (!sim.accessLog().some((e) => e.start > since)) await sleep(50);
  };
  let spawnedAt = Date.now();
  let worker = start();
  const kills: Kill[] = [];
  for (let i = 0; i < o.kills; i++) {
    await firstRequest(spawnedAt);
    await sleep(o.upMs[0] + Math.random() * (o.upMs[1] - o.upMs[0]));
    const pid = worker.pid;
    worker.kill("SIGKILL");
    await new Promise((resolve) => (worker.exitCode !== null || worker.signalCode !== null ? resolve(undefined) : worker.once("exit", resolve)));
    kills.push(await releaseClaims(o.database, `${os.hostname()}:${pid}:`, clock.now()));
    spawnedAt = Date.now();
    worker = start();
  }
  await firstRequest(spawnedAt);
  await Promise.all([sleep(o.tailMs), o.until]);
  const endSim = clock.now();
  await new Promise((resolve) => {
    if (worker.exitCode !== null || worker.signalCode !== null) return resolve(undefined);
    worker.once("exit", resolve);
    worker.kill("SIGTERM");
  });
  await sim.idle();
  await fs.rm(dataDir, { recursive: true, force: true });
  return { sim, startSim, endSim, kills, starts };
}

/**
 * After a SIGKILL the dead worker's leases stay in the database: its job claims (sources,
 * article reads) for 10 minutes of real time and its site leases for 90 s, so a restarted
 * worker does not take back its predecessor's work — the product has no reclaim on restart
 * (reported by issue 8's crash test). This plays that reclaim once the process has exited
 * (its connections are closed, so none of its requests is still running): the claims are
 * freed, and each site it held is freed with its next-allowed time moved at least the longest
 * pacing gap (5 s) past now, so pacing — checked independently on the simulator's access
 * log — cannot be shortened by it.
 */
async function releaseClaims(database: Database, ownerPrefix: string, simNow: number): Promise<Kill> {
  const like = `${ownerPrefix}%`;
  const nextAllowed = new Date(simNow + MAX_GAP_MS).toISOString();
  const held = await database.db.execute<{ domain: string }>(sql`
    update sites set lease_owner = null, lease_until = null, next_allowed_at = greatest(next_allowed_at, ${nextAllowed}::timestamptz)
    where lease_owner like ${like} returning domain`);
  const sources = await database.db.execute(sql`update sources set lease_owner = null, lease_until = null where lease_owner like ${like} returning id`);
  const reads = await database.db.execute(sql`update articles set read_lease_owner = null, read_lease_until = null where read_lease_owner like ${like} returning id`);
  return { simTime: simNow, workerId: ownerPrefix, heldSites: held.map((h) => h.domain), releasedClaims: sources.length + reads.length };
}
