/**
 * Fills a database with a real crawl of the simulated web: the real worker, loopback HTTP,
 * a clock running `scale` times faster that ends at about the real "now", so the pages of
 * the site read the crawl as the recent past. Used by the end-to-end tests' global setup,
 * so every public page is tested on data the crawler recorded, not on hand-made rows.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createCrawlPipeline } from "../../crawler/compose";
import { runHousekeeping } from "../../crawler/housekeeping";
import { rankProminence } from "../../crawler/derive/rank-prominence";
import { createStoryHousekeeping } from "../../crawler/derive/story-housekeeping";
import { runWorker } from "../../crawler/loop";
import { openDatabase } from "../../db/client";
import { importOutlets } from "../../db/outlets";
import { sqlTime } from "../../db/sql-time";
import { systemClock, type Clock } from "../../lib/clock";
import { loadConfig } from "../../lib/config";
import { createLogger } from "../../lib/log";
import { parseOutletsFile } from "../../lib/outlets-file";
import { cloudflareChallenge, forbidden, redesignedFrontPage, startSimulatedWeb, toOutletsFile, type SimulatedWeb } from "../sim/index";

export interface SimulatedCrawlOptions {
  databaseUrl: string;
  /** Outlets of the simulator's catalogue, from the first. */
  outlets: number;
  /** Clock speed-up (pacing stays 3–5 s of clock time). */
  scale: number;
  /** Real milliseconds the worker runs. */
  realMs: number;
  /** Give the last outlets the incidents of a long crawl (`CrawlIncidents`); needs at least 4 outlets. */
  incidents?: boolean;
}

/**
 * Outlets (by slug) that meet what a crawl running for hours meets. Each starts part-way
 * through the crawl, so the outlet has good captures before it.
 */
export interface CrawlIncidents {
  /** Its front page turns into a client-side app for a fifth of the crawl, then comes back (EXT-6). */
  failedExtraction: string;
  /** Its front page answers 403 from the middle of the crawl on, while its feeds still work (BLK-1, BLK-2). */
  closedFrontPage: string;
  /** Every host of its site answers a bot challenge from the middle of the crawl on (BLK-5). */
  blockedSite: string;
}

export interface SimulatedCrawl {
  /** Simulated instants the crawl ran between (epoch ms). */
  from: number;
  to: number;
  outletSlugs: string[];
  /** With `incidents`, which outlets met them. */
  incidents?: CrawlIncidents;
}

/** Sets the simulator's scenarios for `CrawlIncidents` on the last three outlets of a crawl from `from` lasting `span` ms. */
function stageIncidents(sim: SimulatedWeb, from: number, span: number): CrawlIncidents {
  const [failing, closing, blocked] = sim.outlets.slice(-3);
  if (!failing || sim.outlets.length < 4) throw new Error("a crawl with incidents needs at least 4 outlets");
  const at = (share: number) => Math.round(from + share * span);
  sim.setScenario(failing.hosts.www, [{ ...redesignedFrontPage(), from: at(0.4), until: at(0.6) }]);
  sim.setScenario(closing!.hosts.www, [{ ...forbidden(), path: "/", exact: true, from: at(0.5) }]);
  for (const host of new Set(Object.values(blocked!.hosts))) sim.setScenario(host, [{ ...cloudflareChallenge(), from: at(0.5) }]);
  return { failedExtraction: failing.slug, closedFrontPage: closing!.slug, blockedSite: blocked!.slug };
}

/** A clock `scale` times faster than real time that reads `start` at the real instant `realStart`. */
function fastClockFrom(start: number, scale: number, realStart = Date.now()): Clock {
  return {
    now: () => start + (Date.now() - realStart) * scale,
    sleep: (ms, signal) => systemClock.sleep(Math.ceil(ms / scale), signal),
  };
}

/** Crawls the simulated web into the database at `databaseUrl` (already migrated). */
export async function crawlSimulatedWeb(options: SimulatedCrawlOptions): Promise<SimulatedCrawl> {
  const { databaseUrl, outlets, scale, realMs } = options;
  const from = Date.now() - realMs * scale;
  const clock = fastClockFrom(from, scale);
  const sim = await startSimulatedWeb({ clock, outlets });
  const incidents = options.incidents ? stageIncidents(sim, from, realMs * scale) : undefined;
  const database = await openDatabase({ databaseUrl, dataDir: "/nonexistent" }, { maxConnections: 4 });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-e2e-crawl-"));
  try {
    const list = toOutletsFile(sim.outlets);
    await importOutlets(database.db, parseOutletsFile(JSON.stringify(list), "sim.json"));
    // The clock starts in the past: rows defaulting to the database's now() would not be due until the end.
    await database.db.execute(sql`update sources set next_due_at = ${sqlTime(from)}`);
    await database.db.execute(sql`update sites set next_allowed_at = ${sqlTime(from)}`);
    const config = loadConfig({
      HEMEROSCOPIO_RESOLVE: sim.resolveRule,
      HEMEROSCOPIO_ONLY_RESOLVED: "true",
      HEMEROSCOPIO_DATA_DIR: dataDir,
      HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
      HEMEROSCOPIO_TIME_SCALE: String(scale),
    });
    const pipeline = await createCrawlPipeline({ config, db: database.db, clock, workerId: "e2e-crawl" });
    const stop = new AbortController();
    const log = createLogger({ component: "e2e-crawl", write: () => {} });
    const running = runWorker({
      db: database.db,
      clock,
      pipeline,
      workerId: "e2e-crawl",
      signal: stop.signal,
      log,
      leaseMs: 600_000 * scale,
      maxIdleMs: 30_000 * scale,
    });
    // The worker's periodic work too (exclusion checks, deletions, analysis), as crawler/main.ts runs it.
    const chores = runHousekeeping({ pipeline, clock, log, signal: stop.signal });
    await new Promise((r) => setTimeout(r, realMs));
    stop.abort();
    await Promise.all([running, chores]);
    await pipeline.close?.();
    // The worker's story step (DER-2, DER-3) and prominence (DER-9) as its housekeeping would run them next.
    await createStoryHousekeeping({ db: database.db, clock })();
    await rankProminence(database.db);
    await sim.idle();
    // Requests still unwinding after the stop may add request-log lines: wait until the log is
    // still, so the tests read a database nothing writes to any more.
    let previous = -1;
    for (let i = 0; i < 40; i++) {
      const [row] = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from fetch_log`);
      if (row!.n === previous) break;
      previous = row!.n;
      await new Promise((r) => setTimeout(r, 500));
    }
    return { from, to: clock.now(), outletSlugs: list.map((o) => o.slug), incidents };
  } finally {
    await sim.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
