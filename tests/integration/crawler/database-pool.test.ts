/**
 * OPS-2: the worker's database has no connection to give. The worker logs in as a role
 * with a connection limit (PostgreSQL's per-role limit: the same refusal, SQLSTATE 53300,
 * as a server at max_connections) and crawls the simulated web for real, on a clock 20
 * times faster. First other clients take every connection that role may open, with slow
 * statements (pg_sleep); then another client's lock makes the worker's own statements
 * slow until they hold its whole pool. Either way the worker must wait with a clear log
 * line (a growing pause between attempts for refusals) and resume by itself: due work is
 * done afterwards, no lease is left behind, and the pacing (POL-1) holds over the run.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCrawlPipeline } from "../../../crawler/compose";
import { runWorker } from "../../../crawler/loop";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import * as schema from "../../../db/schema";
import { scaledClock } from "../../../lib/clock";
import { loadConfig } from "../../../lib/config";
import { createLogger } from "../../../lib/log";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { startSimulatedWeb, toOutletsFile, type SimulatedWeb } from "../../sim/index";
import { pacingViolations } from "../../support/access-log-checks";
import { createTestDatabase } from "../../support/database";

const SCALE = 20;
/** Connections the worker's role may hold at once. */
const LIMIT = 2;

let direct: Database;
let sim: SimulatedWeb;
let dataDir: string;
let roleUrl: string;
let runs = 0;
const clock = scaledClock(SCALE, Date.now());

beforeAll(async () => {
  direct = await createTestDatabase();
  sim = await startSimulatedWeb({ clock, outlets: 2 });
  await importOutlets(direct.db, parseOutletsFile(JSON.stringify(toOutletsFile(sim.outlets)), "sim.json"));
  const role = `pool_${randomBytes(4).toString("hex")}`;
  await direct.sql.unsafe(`create role ${role} login password 'pool' connection limit ${LIMIT}`);
  await direct.sql.unsafe(
    `grant usage on schema public to ${role}; grant all on all tables in schema public to ${role}; grant all on all sequences in schema public to ${role}`,
  );
  const url = new URL(direct.url);
  url.username = role;
  url.password = "pool";
  roleUrl = url.toString();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-pool-"));
});

afterAll(async () => {
  await sim?.close();
  await direct?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Clients holding every connection the role may open, each in a slow statement. */
async function exhaust(): Promise<{ release(): Promise<void> }> {
  const hog = postgres(roleUrl, { max: LIMIT, onnotice: () => {} });
  const sleeping = Array.from({ length: LIMIT }, () => hog`select pg_sleep(600)`.catch(() => undefined));
  await vi.waitFor(
    async () => {
      const [row] = await direct.sql<
        { n: number }[]
      >`select count(*)::int as n from pg_stat_activity where query like 'select pg_sleep%' and state = 'active'`;
      expect(row!.n).toBe(LIMIT);
    },
    { timeout: 10_000 },
  );
  return {
    async release() {
      await direct.sql`select pg_cancel_backend(pid) from pg_stat_activity where query like 'select pg_sleep%' and pid <> pg_backend_pid()`;
      await Promise.all(sleeping);
      await hog.end({ timeout: 1 });
    },
  };
}

describe("worker and a database with no connection to give (OPS-2)", () => {
  it("OPS-2: refused connections (every slot held by slow statements) make it wait with a growing pause and a clear log line, then it resumes by itself, loses no work and keeps the pacing", async () => {
    const hog = await exhaust();
    const { lines, stop } = await startWorker();
    try {
      const unavailable = () =>
        lines
          .filter((l) => l.includes('"database.unavailable"'))
          .map((l) => JSON.parse(l) as { attempt: number; retryInMs: number; error: string });
      await vi.waitFor(() => expect(unavailable().length).toBeGreaterThanOrEqual(2), { timeout: 20_000 });
      // The pause grows on the worker's clock (1 s, 2 s…), and the line names the cause.
      expect(
        unavailable()
          .slice(0, 2)
          .map((l) => [l.attempt, l.retryInMs]),
      ).toEqual([
        [1, 1000],
        [2, 2000],
      ]);
      expect(unavailable()[0]!.error).toMatch(/too many connections/);
      expect(sim.accessLog()).toEqual([]);

      await hog.release();
      // Every source of both outlets is polled once the connections are free.
      await vi.waitFor(
        async () => {
          const [row] = await direct.sql<{ n: number }[]>`select count(*)::int as n from sources where active and last_success_at is null`;
          expect(row!.n).toBe(0);
        },
        { timeout: 60_000, interval: 250 },
      );
      expect(lines.some((l) => l.includes('"database.back"'))).toBe(true);
    } finally {
      await stop();
    }
    await expectNothingLeft();
  }, 120_000);

  it("OPS-2: its own statements held by another client's lock until they take its whole pool are logged while they wait, and it resumes by itself when the lock goes, doing the work that fell due", async () => {
    const locker = await direct.sql.reserve();
    // The request log locked, then work falls due, then the worker starts, with a pool of one
    // connection: the first job's write waits on the lock and holds the whole pool, and the
    // loop's own statements (heartbeat, claim, next due) queue behind it. (Started before, the
    // worker could be asleep until its next due poll when the work falls due; with two
    // connections, the other site's job could still be waiting for its turn, one left free.)
    await locker`begin`;
    await locker`lock table fetch_log in access exclusive mode`;
    const lockedAt = clock.now();
    await direct.sql`update sources set next_due_at = ${new Date(lockedAt).toISOString()}`;
    const { lines, stop } = await startWorker(1);
    try {
      await vi.waitFor(
        async () => {
          const [row] = await direct.sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity where usename = ${new URL(roleUrl).username} and wait_event_type = 'Lock'`;
          expect(row!.n).toBe(1);
        },
        { timeout: 20_000 },
      );
      const slow = () =>
        lines.filter((l) => l.includes('"database.slow"')).map((l) => JSON.parse(l) as { step: string; waitingMs: number });
      await vi.waitFor(() => expect(slow().length).toBeGreaterThanOrEqual(2), { timeout: 20_000 });
      expect(slow()[1]!.waitingMs).toBeGreaterThan(slow()[0]!.waitingMs);
      await locker`commit`;
      await vi.waitFor(
        async () => {
          const [row] = await direct.sql<{ n: number }[]>`
          select count(*)::int as n from sources where active and (last_success_at is null or last_success_at < ${new Date(lockedAt).toISOString()})`;
          expect(row!.n).toBe(0);
        },
        { timeout: 60_000, interval: 250 },
      );
      expect(lines.some((l) => l.includes('"database.answered"'))).toBe(true);
    } finally {
      await locker`rollback`.catch(() => undefined);
      locker.release();
      await stop();
    }
    await expectNothingLeft();
  }, 120_000);
});

/** A worker (real pipeline, a pool of `connections`: the role's limit by default) crawling the simulated web; its log lines. */
async function startWorker(connections = LIMIT): Promise<{ lines: string[]; stop(): Promise<void> }> {
  const lines: string[] = [];
  const log = createLogger({ component: "worker", write: (line) => lines.push(line) });
  const workerSql = postgres(roleUrl, { max: connections, onnotice: () => {} });
  const db = drizzle(workerSql, { schema });
  const config = loadConfig({
    HEMEROSCOPIO_RESOLVE: sim.resolveRule,
    HEMEROSCOPIO_ONLY_RESOLVED: "true",
    HEMEROSCOPIO_DATA_DIR: dataDir,
    HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
    HEMEROSCOPIO_TIME_SCALE: String(SCALE),
  });
  const workerId = `w-pool-${++runs}`;
  const pipeline = await createCrawlPipeline({ config, db, clock, workerId });
  const signal = new AbortController();
  const running = runWorker({
    db,
    clock,
    log,
    pipeline,
    workerId,
    signal: signal.signal,
    leaseMs: 600_000 * SCALE,
    maxIdleMs: 30_000 * SCALE,
  });
  return {
    lines,
    async stop() {
      signal.abort();
      await running;
      await pipeline.close?.();
      await workerSql.end({ timeout: 1 });
    },
  };
}

/** POL-1 over every request so far, and no lease or unfinished request left behind. */
async function expectNothingLeft(): Promise<void> {
  await sim.idle();
  expect(pacingViolations(sim.accessLog(), 3000)).toEqual([]);
  const [left] = await direct.sql<{ sources: number; reads: number; inFlight: number }[]>`
    select (select count(*)::int from sources where lease_owner is not null) as sources,
           (select count(*)::int from articles where read_lease_owner is not null) as reads,
           (select count(*)::int from fetch_log where outcome = 'in-flight') as "inFlight"`;
  expect(left).toEqual({ sources: 0, reads: 0, inFlight: 0 });
}
