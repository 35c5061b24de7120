import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { sources } from "../../../db/schema";
import { runWorker } from "../../../crawler/loop";
import { ACQUIRE_AHEAD_MS } from "../../../crawler/politeness/site-lease";
import type { Pipeline } from "../../../crawler/schedule/pipeline";
import { manualClock } from "../../../lib/clock";
import { createLogger } from "../../../lib/log";
import { createTestDatabase } from "../../support/database";

let database: Database;
const T0 = Date.parse("2026-11-29T10:00:00Z");
const silent = createLogger({ component: "test", write: () => {} });

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(database.db, [
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
  await database.db.update(sources).set({ nextDueAt: new Date(T0) });
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`delete from sites`);
});

describe("the worker loop", () => {
  it("OPS-2: runs gate then run for each due job, schedules the next run, and stops cleanly on abort", async () => {
    const clock = manualClock(T0);
    const seen: string[] = [];
    const pipeline: Pipeline = {
      gate: async (job) => (job.kind === "frontpage" ? { kind: "go" } : { kind: "skip", why: "test" }),
      run: async (job) => {
        seen.push(job.kind);
        return { outcome: "ok" };
      },
    };
    const stop = new AbortController();
    const running = runWorker({ db: database.db, clock, log: silent, pipeline, workerId: "t1", signal: stop.signal, maxIdleMs: 1000 });
    await vi.waitFor(
      async () => {
        const rows = await database.db.select().from(sources);
        expect(rows.every((r) => r.nextDueAt.getTime() > T0)).toBe(true);
      },
      { timeout: 10_000 },
    );
    stop.abort();
    const stats = await running;
    expect(seen).toEqual(["frontpage"]);
    expect(stats).toMatchObject({ claimed: 2, completed: 1, skipped: 1, failed: 0 });
    const rows = await database.db.select().from(sources);
    expect(rows.map((r) => r.nextDueAt.getTime() - T0).sort()).toEqual([10 * 60_000, 15 * 60_000]);
    expect(rows.every((r) => r.leaseOwner === null)).toBe(true);
    const beats = await database.db.execute(sql`select key from app_state where key like 'worker:%'`);
    expect(beats.length).toBe(0);
  });

  it("POL-1: a job waits for its site's pacing time, less the lead with which the site's lease may be taken, before it runs", async () => {
    await database.db.update(sources).set({ nextDueAt: new Date(T0) });
    await database.db.execute(sql`insert into sites (domain, next_allowed_at) values ('uno.test', ${new Date(T0 + 4000).toISOString()})
      on conflict (domain) do update set next_allowed_at = excluded.next_allowed_at`);
    const clock = manualClock(T0);
    const runs: number[] = [];
    const pipeline: Pipeline = { gate: async () => ({ kind: "go" }), run: async () => (runs.push(clock.now()), { outcome: "ok" }) };
    const stop = new AbortController();
    const running = runWorker({ db: database.db, clock, log: silent, pipeline, workerId: "t3", signal: stop.signal, maxIdleMs: 1000 });
    await vi.waitFor(
      async () => {
        const [row] = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from sources where lease_owner = 't3'`);
        expect(row!.n).toBe(1);
      },
      { timeout: 10_000 },
    );
    // The polite client holds the request itself until the site's moment (polite-client.test.ts).
    clock.advance(4000 - ACQUIRE_AHEAD_MS - 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toEqual([]);
    clock.advance(1);
    await vi.waitFor(() => expect(runs[0]).toBe(T0 + 4000 - ACQUIRE_AHEAD_MS), { timeout: 10_000 });
    stop.abort();
    await running;
  });

  for (const mode of ["a fixed interval", "five times the last claim's duration (default)"] as const)
    it(`OPS-2: a busy worker refills freed slots together, at most once per claim interval: ${mode}`, async () => {
      await importOutlets(
        database.db,
        ["dos", "tres"].map((slug) => ({
          slug,
          name: slug,
          country: "ES",
          language: "es",
          timezone: "Europe/Madrid",
          homepage: `https://www.${slug}.test/`,
          feeds: [],
          sitemaps: [],
          renderMode: "static" as const,
          active: true,
          feedIntervalMinutes: 10,
          sitemapIntervalMinutes: 15,
        })),
      );
      await database.db.update(sources).set({ nextDueAt: new Date(T0) });
      // Only one job per site here: a site with a second due poll would keep its slot (completeAndClaimNext).
      await database.db.execute(
        sql`update sources set next_due_at = ${new Date(T0 + 3_600_000).toISOString()} where url = 'https://www.uno.test/rss.xml'`,
      );
      const clock = manualClock(T0);
      const started: string[] = [];
      const release = new Map<string, () => void>();
      const pipeline: Pipeline = {
        gate: async () => ({ kind: "go" }),
        run: (job) =>
          new Promise((resolve) => {
            started.push(job.outletSlug);
            release.set(job.outletSlug, () => resolve({ outcome: "ok" }));
          }),
      };
      const stop = new AbortController();
      // Adaptive: each claim takes 200 ms of the clock, so claims come at most every 1,000 ms.
      const db =
        mode === "a fixed interval"
          ? database.db
          : new Proxy(database.db, {
              get(target, property, receiver) {
                const value: unknown = Reflect.get(target, property, receiver);
                if (property === "transaction")
                  return (...a: Parameters<typeof target.transaction>) => (clock.advance(200), target.transaction(...a));
                return typeof value === "function" ? value.bind(target) : value;
              },
            });
      const running = runWorker({
        db,
        clock,
        log: silent,
        pipeline,
        workerId: "t4",
        signal: stop.signal,
        maxIdleMs: 60_000,
        concurrency: 2,
        ...(mode === "a fixed interval" ? { claimEveryMs: 1000 } : {}),
      });
      await vi.waitFor(() => expect(started.length).toBe(2), { timeout: 10_000 });
      release.get(started[0]!)!();
      await vi.waitFor(
        async () => {
          const [row] = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from sources where lease_owner = 't4'`);
          expect(row!.n).toBe(1);
        },
        { timeout: 10_000 },
      );
      await new Promise((r) => setTimeout(r, 100));
      expect(started.length).toBe(2); // the freed slot waits for the interval, another job still running
      clock.advance(1000);
      await vi.waitFor(() => expect(started.length).toBe(3), { timeout: 10_000 });
      stop.abort();
      for (const done of release.values()) done();
      await running;
      await database.db.execute(sql`delete from outlets where slug in ('dos', 'tres')`);
    });

  it("SCH-4: while due work waits for a busy site, claims that come back empty space out (at most 8 s apart) instead of running every second", async () => {
    await importOutlets(database.db, [
      {
        slug: "ocho",
        name: "Ocho",
        country: "ES",
        language: "es",
        timezone: "Europe/Madrid",
        homepage: "https://www.ocho.test/",
        feeds: ["https://www.ocho.test/rss-0.xml", "https://www.ocho.test/rss-1.xml"],
        sitemaps: [],
        renderMode: "static",
        active: true,
        feedIntervalMinutes: 10,
        sitemapIntervalMinutes: 15,
      },
    ]);
    await database.db.execute(sql`update sources set next_due_at = ${new Date(T0 + 3_600_000).toISOString()}`);
    await database.db.execute(
      sql`update sources set next_due_at = ${new Date(T0 - 60_000).toISOString()} where site_domain = 'ocho.test' and kind = 'feed'`,
    );
    const clock = manualClock(T0);
    const dialect = new PgDialect();
    let claims = 0;
    const db = new Proxy(database.db, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property === "execute") {
          return (query: SQL) => {
            if (dialect.sqlToQuery(query).sql.includes("-- SCH-4: claim of source polls")) claims++;
            return target.execute(query);
          };
        }
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    let finish = () => {};
    const ran: string[] = [];
    const pipeline: Pipeline = {
      gate: async () => ({ kind: "go" }),
      // The first feed holds the site; the second is due all along and cannot be claimed.
      run: (job) => (
        ran.push(job.url),
        ran.length === 1 ? new Promise((resolve) => (finish = () => resolve({ outcome: "ok" }))) : Promise.resolve({ outcome: "ok" })
      ),
    };
    const stop = new AbortController();
    const running = runWorker({ db, clock, log: silent, pipeline, workerId: "t8", signal: stop.signal, maxIdleMs: 60_000, concurrency: 4 });
    await vi.waitFor(() => expect(ran.length).toBe(1), { timeout: 10_000 });
    const before = claims;
    for (let t = 0; t < 40_000; t += 250) {
      clock.advance(250);
      await new Promise((r) => setTimeout(r, 5));
    }
    // Every 250–1,000 ms before: 40 to 160 claims in 40 s. Doubling from 500 ms to 8 s: about 9.
    expect(claims - before).toBeGreaterThanOrEqual(4);
    expect(claims - before).toBeLessThanOrEqual(12);
    finish();
    // The site's other feed follows in the same slot once the first ends.
    await vi.waitFor(() => expect(ran.length).toBe(2), { timeout: 10_000 });
    stop.abort();
    await running;
    await database.db.execute(sql`delete from outlets where slug = 'ocho'`);
    await database.db.update(sources).set({ nextDueAt: new Date(T0) });
  });

  it("POL-1, SCH-4: a slot runs a site's due polls in turn, then after 20 in a row lets the claim serve a more overdue site", async () => {
    const feeds = (slug: string, n: number) => Array.from({ length: n }, (_, i) => `https://www.${slug}.test/rss-${i}.xml`);
    await importOutlets(
      database.db,
      [
        ["seis", 25],
        ["siete", 1],
      ].map(([slug, n]) => ({
        slug: slug as string,
        name: slug as string,
        country: "ES",
        language: "es",
        timezone: "Europe/Madrid",
        homepage: `https://www.${slug}.test/`,
        feeds: feeds(slug as string, n as number),
        sitemaps: [],
        renderMode: "static" as const,
        active: true,
        feedIntervalMinutes: 10,
        sitemapIntervalMinutes: 15,
      })),
    );
    await database.db.execute(sql`update sources set next_due_at = ${new Date(T0 + 3_600_000).toISOString()}`);
    await database.db.execute(
      sql`update sources set next_due_at = ${new Date(T0 - 600_000).toISOString()} where site_domain = 'seis.test'`,
    );
    const clock = manualClock(T0);
    const ran: string[] = [];
    const pipeline: Pipeline = {
      gate: async () => ({ kind: "go" }),
      run: async (job) => {
        // Once the slot is busy with seis, siete's feed falls due, more overdue than seis's polls.
        if (ran.length === 0)
          await database.db.execute(
            sql`update sources set next_due_at = ${new Date(T0 - 1_200_000).toISOString()} where site_domain = 'siete.test'`,
          );
        ran.push(job.outletSlug);
        return { outcome: "ok" };
      },
    };
    const stop = new AbortController();
    const running = runWorker({
      db: database.db,
      clock,
      log: silent,
      pipeline,
      workerId: "t6",
      signal: stop.signal,
      maxIdleMs: 60_000,
      concurrency: 1,
      claimEveryMs: 0,
    });
    await vi.waitFor(() => expect(ran.length).toBeGreaterThanOrEqual(27), { timeout: 20_000 });
    stop.abort();
    await running;
    expect(ran.indexOf("siete")).toBe(20);
    expect(ran.slice(0, 20).every((slug) => slug === "seis")).toBe(true);
    expect(ran.filter((slug) => slug === "seis").length).toBe(26); // 25 feeds and the front page
    await database.db.execute(sql`delete from outlets where slug in ('seis', 'siete')`);
  });

  it("SEC-4: an exception in a stage is logged, the source rescheduled, and the worker goes on", async () => {
    await database.db.update(sources).set({ nextDueAt: new Date(T0) });
    const clock = manualClock(T0);
    const lines: string[] = [];
    const log = createLogger({ component: "test", write: (l) => lines.push(l) });
    const pipeline: Pipeline = {
      gate: async () => ({ kind: "go" }),
      run: async () => {
        throw new Error("boom");
      },
    };
    const stop = new AbortController();
    const running = runWorker({ db: database.db, clock, log, pipeline, workerId: "t2", signal: stop.signal, maxIdleMs: 1000 });
    await vi.waitFor(() => expect(lines.filter((l) => l.includes("job.failed")).length).toBe(2), { timeout: 10_000 });
    stop.abort();
    expect((await running).failed).toBe(2);
  });
});
