/**
 * OPS-2: the worker's database goes away for a few seconds and comes back. The worker
 * says so once per attempt with a growing pause, keeps its jobs' leases, and resumes by
 * itself: due work is done afterwards, nothing is run twice, no lease is left behind.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { openDatabase, type Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { sources } from "../../../db/schema";
import { runWorker } from "../../../crawler/loop";
import type { Pipeline } from "../../../crawler/schedule/pipeline";
import { systemClock } from "../../../lib/clock";
import { createLogger } from "../../../lib/log";
import { createTestDatabase } from "../../support/database";
import { tcpRelay, throughRelay, type TcpRelay } from "../../support/tcp-relay";

let direct: Database;
let relayed: Database;
let link: TcpRelay;

beforeAll(async () => {
  direct = await createTestDatabase();
  await importOutlets(direct.db, [
    {
      slug: "uno",
      name: "Uno",
      country: "ES",
      language: "es",
      timezone: "Europe/Madrid",
      homepage: "https://www.uno.test/",
      feeds: ["https://www.uno.test/rss.xml"],
      sitemaps: [],
      renderMode: "static",
      active: true,
      feedIntervalMinutes: 10,
      sitemapIntervalMinutes: 15,
    },
  ]);
  const server = new URL(inject("databaseServerUrl"));
  link = tcpRelay({ host: server.hostname, port: Number(server.port) });
  await link.open();
  relayed = await openDatabase({ databaseUrl: throughRelay(direct.url, link), dataDir: "/nonexistent" }, { maxConnections: 2 });
});

async function leasedSources(): Promise<number> {
  const [leased] = await direct.db.execute<{ n: number }>(sql`select count(*)::int as n from sources where lease_owner is not null`);
  return leased!.n;
}

afterAll(async () => {
  await relayed?.close().catch(() => {});
  await direct?.close();
});

describe("worker and a database that goes away (OPS-2)", () => {
  it("OPS-2: waits with a growing pause and a clear log line, then resumes by itself without doubling work", async () => {
    const lines: string[] = [];
    const log = createLogger({ component: "worker", write: (line) => lines.push(line) });
    const runs: number[] = [];
    const pipeline: Pipeline = { gate: async () => ({ kind: "go" }), run: async (job) => (runs.push(job.sourceId), { outcome: "ok" }) };
    await direct.db.update(sources).set({ nextDueAt: new Date(Date.now() - 1000) });
    const stop = new AbortController();
    const running = runWorker({
      db: relayed.db,
      clock: systemClock,
      log,
      pipeline,
      workerId: "w-outage",
      signal: stop.signal,
      maxIdleMs: 300,
    });
    try {
      await vi.waitFor(() => expect(runs.length).toBe(2), { timeout: 10_000 });
      // Cut once both completions have landed: one the cut interrupts keeps its source leased until the lease ends.
      await vi.waitFor(async () => expect(await leasedSources()).toBe(0), { timeout: 10_000 });

      await link.cut();
      // Work falls due while the database is away.
      await direct.db.update(sources).set({ nextDueAt: new Date(Date.now()) });
      await vi.waitFor(() => expect(lines.filter((l) => l.includes('"database.unavailable"')).length).toBeGreaterThanOrEqual(2), {
        timeout: 15_000,
      });
      const outage = lines
        .filter((l) => l.includes('"database.unavailable"'))
        .map((l) => JSON.parse(l) as { retryInMs: number; attempt: number });
      expect(outage.slice(0, 2).map((l) => [l.attempt, l.retryInMs])).toEqual([
        [1, 1000],
        [2, 2000],
      ]);
      expect(runs.length).toBe(2);

      await link.open();
      await vi.waitFor(() => expect(runs.length).toBe(4), { timeout: 20_000 });
      expect(lines.some((l) => l.includes('"database.back"'))).toBe(true);
    } finally {
      stop.abort();
      await running;
    }
    // Each source ran once before and once after; no lease is left.
    expect(runs.slice(0, 2).sort()).toEqual(runs.slice(2).sort());
    expect(await leasedSources()).toBe(0);
  }, 60_000);
});
