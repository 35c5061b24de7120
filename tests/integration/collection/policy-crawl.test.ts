/**
 * Publishers' exclusions reach the crawler (SPEC PUB-1, PUB-6): the real worker against the
 * simulated web, with one outlet excluded in full and one under "sin posición", asserted
 * from the simulator's access log — what the publisher would see.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { createCrawlPipeline } from "../../../crawler/compose";
import { runWorker } from "../../../crawler/loop";
import { scaledClock } from "../../../lib/clock";
import { loadConfig } from "../../../lib/config";
import { createLogger } from "../../../lib/log";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { startSimulatedWeb, toOutletsFile, type AccessLogEntry, type SimulatedWeb } from "../../sim/index";
import { createTestDatabase } from "../../support/database";

const SCALE = 200;
let sim: SimulatedWeb;
let database: Database;
let log: AccessLogEntry[];
let outlets: ReturnType<typeof toOutletsFile>;

beforeAll(async () => {
  const clock = scaledClock(SCALE);
  sim = await startSimulatedWeb({ clock, outlets: 4 });
  database = await createTestDatabase();
  outlets = toOutletsFile(sim.outlets);
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(outlets), "sim.json"));
  for (const [slug, scope] of [
    [outlets[0]!.slug, "total"],
    [outlets[1]!.slug, "sin-posicion"],
  ] as const) {
    await database.db.execute(sql`
      insert into exclusions (outlet_id, domain, scope, channel, received_at, applied_at)
      select id, ${slug}, ${scope}, 'form', now(), now() from outlets where slug = ${slug}`);
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-policy-"));
  const config = loadConfig({
    HEMEROSCOPIO_RESOLVE: sim.resolveRule,
    HEMEROSCOPIO_ONLY_RESOLVED: "true",
    HEMEROSCOPIO_DATA_DIR: dataDir,
    HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
    HEMEROSCOPIO_TIME_SCALE: String(SCALE),
  });
  const pipeline = await createCrawlPipeline({ config, db: database.db, clock, workerId: "policy" });
  const stop = new AbortController();
  const running = runWorker({
    db: database.db,
    clock,
    pipeline,
    workerId: "policy",
    signal: stop.signal,
    log: createLogger({ component: "test", write: () => {} }),
    leaseMs: 600_000 * SCALE,
    maxIdleMs: 30_000 * SCALE,
  });
  // Run for at least 20 simulated minutes and until the outlets under no request had their front pages read and the
  // outlet under «sin posición» its feeds: what the assertions compare against (a busy machine only makes it longer).
  const started = clock.now();
  const asked = (url: string) => sim.accessLog().some((e) => e.host === new URL(url).hostname && e.path === new URL(url).pathname);
  await vi.waitFor(
    () => {
      if (clock.now() - started < 20 * 60_000) throw new Error("not 20 simulated minutes yet");
      if (!outlets.slice(2).every((o) => asked(o.homepage)) || !outlets[1]!.feeds.some(asked)) throw new Error("not read yet");
    },
    { timeout: 45_000, interval: 100 },
  );
  stop.abort();
  await running;
  await pipeline.close?.();
  await sim.idle();
  log = sim.accessLog();
}, 90_000);

afterAll(async () => {
  await sim?.close();
  await database?.close();
});

const hostsOf = (o: (typeof outlets)[number]) => new Set([o.homepage, ...o.feeds, ...o.sitemaps].map((u) => new URL(u).hostname));

describe("exclusions in the crawler", () => {
  it("PUB-1, PUB-6: an outlet excluded in full receives no request at all, not even for robots.txt", () => {
    const hosts = hostsOf(outlets[0]!);
    expect(log.filter((e) => hosts.has(e.host)).map((e) => `${e.host}${e.path}`)).toEqual([]);
  });

  it("PUB-1, PUB-6: sin posición: the front page is never requested, its feeds still are", () => {
    const o = outlets[1]!;
    const home = new URL(o.homepage);
    expect(log.filter((e) => e.host === home.hostname && e.path === home.pathname)).toEqual([]);
    expect(log.filter((e) => o.feeds.some((f) => new URL(f).hostname === e.host && new URL(f).pathname === e.path)).length).toBeGreaterThan(
      0,
    );
  });

  it("PUB-6: outlets without a request are crawled as usual", () => {
    for (const o of outlets.slice(2)) {
      const home = new URL(o.homepage);
      expect(log.filter((e) => e.host === home.hostname && e.path === home.pathname).length, o.slug).toBeGreaterThan(0);
    }
  });
});
