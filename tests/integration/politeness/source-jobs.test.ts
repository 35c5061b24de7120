/**
 * Polling sources through the polite client (scripted fetcher, manual clock, real
 * PostgreSQL): closed resources, hourly probes of closed front pages, failing feeds.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { createSourcePipeline } from "../../../crawler/jobs/poll-source";
import type { Fetcher, FetchResult } from "../../../lib/fetcher";
import { createPoliteClient } from "../../../crawler/politeness/polite-client";
import { siteOf } from "../../../lib/registrable-domain";
import type { Validators } from "../../../crawler/schedule/claim";
import { closedSourceGate } from "../../../crawler/politeness/closed-gate";
import { claimDueJobs, completeJob, type Job } from "../../../crawler/schedule/claim";
import { manualClock } from "../../../lib/clock";
import { createTestDatabase } from "../../support/database";

let database: Database;
const T0 = Date.parse("2026-11-29T10:00:00Z");
const HOUR = 3_600_000;
const signal = new AbortController().signal;

type Reply = Partial<FetchResult>;
/** `claimed`: take jobs as the worker does (claimDueJobs, with the source state it carries) and complete them. */
function setUp(routes: Record<string, () => Reply>, o: { claimed?: boolean } = {}) {
  const clock = manualClock(T0);
  const calls: string[] = [];
  const fetcher: Fetcher = async (req) => {
    calls.push(`${req.kind} ${req.url}`);
    const reply = routes[req.url]?.() ?? { outcome: "http-error", status: 404 };
    return {
      outcome: "ok",
      status: 200,
      url: req.url,
      headers: {},
      bytes: 0,
      durationMs: 1,
      startedAt: clock.now(),
      endedAt: clock.now(),
      body: new Uint8Array(),
      ...reply,
    };
  };
  const client = createPoliteClient({
    db: database.db,
    clock,
    fetcher,
    workerId: "w",
    siteOf,
    productToken: "hemeroscopiobot",
    pacing: { minMs: 3000, maxMs: 5000 },
    maxRedirects: 5,
    exchangeMs: 30_000,
    leaseMarginMs: 60_000,
    on4xx: "disallow-all",
    random: () => 0,
  });
  const pipeline = createSourcePipeline({ db: database.db, clock, client, siteOf });
  const gate = closedSourceGate({ db: database.db, siteOf });
  /** Gate and run the job of `url` as the worker would, with time moving during waits. */
  async function poll(url: string): Promise<string> {
    const [job] = await database.db.execute<{ id: number }>(sql`select id from sources where url = ${url}`);
    const j: Job | undefined = o.claimed
      ? (await claimDueJobs(database.db, { workerId: "w", now: clock.now(), leaseMs: 90_000, limit: 10 })).find((c) => c.url === url)
      : {
          sourceId: job!.id,
          outletId: 1,
          outletSlug: "uno",
          timezone: "Europe/Madrid",
          kind: url.includes("rss") ? "feed" : "frontpage",
          url,
          intervalMinutes: 10,
          etag: null,
          lastModified: null,
          leaseUntil: new Date(),
        };
    if (!j) return "not due";
    // A hand-made job is leased here, so it completes (and stores validators, POL-4) as a claimed one does.
    if (!o.claimed)
      await database.db.execute(
        sql`update sources set lease_owner = 'w', lease_until = ${new Date(clock.now() + 90_000).toISOString()} where id = ${j.sourceId}`,
      );
    const complete = async (at: number, validators?: Validators) => {
      await completeJob(database.db, { job: j, workerId: "w", nextDueAt: at, validators });
    };
    const verdict = await gate(j, clock.now());
    if (verdict.kind !== "go") {
      await complete(verdict.kind === "wait" ? verdict.until : clock.now() + 10 * 60_000);
      return verdict.kind === "skip" ? `skip ${verdict.why}` : `wait ${verdict.until - T0}`;
    }
    let done = false;
    const running = pipeline.run(j, signal).finally(() => (done = true));
    while (!done) {
      await new Promise((r) => setTimeout(r, 2));
      clock.advance(500);
    }
    const outcome = await running;
    await complete(outcome.nextDueAt ?? clock.now() + 10 * 60_000, outcome.validators);
    return outcome.outcome;
  }
  return { clock, calls, poll };
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate outlets, sites, hosts, robots_versions, fetch_log, probes restart identity cascade`);
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
});

describe("polling sources", () => {
  it("BLK-1, BLK-2: a 403 closes the front page; it is then probed once per hour, recorded, and a 2xx reopens it", async () => {
    let front: Reply = { outcome: "http-error", status: 403 };
    const { clock, calls, poll } = setUp({ "https://www.uno.test/robots.txt": () => ({}), "https://www.uno.test/": () => front });
    expect(await poll("https://www.uno.test/")).toBe("blocked");
    // Within the hour nothing is asked.
    clock.set(T0 + HOUR / 2);
    expect(await poll("https://www.uno.test/")).toMatch(/^wait /);
    clock.set(T0 + HOUR + 60_000);
    expect(await poll("https://www.uno.test/")).toBe("blocked");
    expect(calls.filter((c) => c.startsWith("probe ")).length).toBe(1);
    front = { outcome: "ok", status: 200 };
    clock.set(T0 + 2 * HOUR + 120_000);
    expect(await poll("https://www.uno.test/")).toBe("reopened");
    const probes = await database.db.execute(sql`select status, answered from probes order by id`);
    expect(probes).toEqual([
      { status: 403, answered: false },
      { status: 200, answered: true },
    ]);
    const [source] = await database.db.execute(sql`select closed_since from sources where url = 'https://www.uno.test/'`);
    expect(source!.closed_since).toBeNull();
  });

  it("PUB-3, BLK-2: a site that asked us to stop probing is not probed again", async () => {
    const { clock, calls, poll } = setUp({
      "https://www.uno.test/robots.txt": () => ({}),
      "https://www.uno.test/": () => ({ outcome: "http-error", status: 401 }),
    });
    expect(await poll("https://www.uno.test/")).toBe("blocked");
    await database.db.execute(sql`update sites set stop_probing = true where domain = 'uno.test'`);
    clock.set(T0 + 2 * HOUR);
    expect(await poll("https://www.uno.test/")).toBe("skip stop-probing");
    expect(calls.filter((c) => c.includes("www.uno.test/ ") || c.endsWith("www.uno.test/")).length).toBe(1);
  });

  it("BLK-2: a robots.txt block by name also stops the probes (nothing is requested)", async () => {
    let robots: Reply = { body: new TextEncoder().encode("") };
    const { clock, calls, poll } = setUp({
      "https://www.uno.test/robots.txt": () => robots,
      "https://www.uno.test/": () => ({ outcome: "http-error", status: 403 }),
    });
    expect(await poll("https://www.uno.test/")).toBe("blocked");
    robots = { body: new TextEncoder().encode("User-agent: HemeroscopioBot\nDisallow: /\n") };
    clock.set(T0 + 25 * HOUR);
    expect(await poll("https://www.uno.test/")).toBe("robots-disallowed");
    expect(calls.filter((c) => c.startsWith("probe ")).length).toBe(0);
  });

  it("BLK-5: a challenge page closes a feed, and a closed feed is not polled again", async () => {
    const { clock, calls, poll } = setUp({
      "https://www.uno.test/robots.txt": () => ({}),
      "https://www.uno.test/rss.xml": () => ({
        headers: { "cf-mitigated": "challenge" },
        body: new TextEncoder().encode("<title>Just a moment...</title>"),
      }),
    });
    expect(await poll("https://www.uno.test/rss.xml")).toBe("challenge");
    clock.set(T0 + 3 * HOUR);
    expect(await poll("https://www.uno.test/rss.xml")).toBe("skip closed");
    expect(calls.filter((c) => c.endsWith("rss.xml")).length).toBe(1);
  });

  it("BLK-5: a closed feed is not polled again, also when the claim carries the source's state", async () => {
    const { clock, calls, poll } = setUp(
      {
        "https://www.uno.test/robots.txt": () => ({}),
        "https://www.uno.test/rss.xml": () => ({
          headers: { "cf-mitigated": "challenge" },
          body: new TextEncoder().encode("<title>Just a moment...</title>"),
        }),
      },
      { claimed: true },
    );
    await onlyFeedDue();
    expect(await poll("https://www.uno.test/rss.xml")).toBe("challenge");
    clock.set(T0 + 3 * HOUR);
    expect(await poll("https://www.uno.test/rss.xml")).toBe("skip closed");
    expect(calls.filter((c) => c.endsWith("rss.xml")).length).toBe(1);
  });

  for (const claimed of [false, true]) {
    it(`BLK-6: a failing feed pauses 1 h doubling to 6 h and is flagged dead after 7 days, not deleted${claimed ? " (claimed jobs)" : ""}`, async () => {
      await failingFeed(claimed);
    });
  }

  /** For claimed jobs: the feed is the site's only due source. */
  async function onlyFeedDue() {
    await database.db.execute(sql`update sources set active = false where kind = 'frontpage'`);
    await database.db.execute(sql`update sources set next_due_at = ${new Date(T0 - 1000).toISOString()}`);
  }

  async function failingFeed(claimed: boolean) {
    const { clock, poll } = setUp(
      { "https://www.uno.test/robots.txt": () => ({}), "https://www.uno.test/rss.xml": () => ({ outcome: "http-error", status: 404 }) },
      { claimed },
    );
    if (claimed) await onlyFeedDue();
    const pauses: number[] = [];
    for (let i = 0; i < 5; i++) {
      expect(await poll("https://www.uno.test/rss.xml")).toBe("http-error");
      const [row] = await database.db.execute<{ paused_until: string }>(
        sql`select paused_until from sources where url = 'https://www.uno.test/rss.xml'`,
      );
      pauses.push(Math.round((new Date(row!.paused_until).getTime() - clock.now()) / 60_000));
      clock.set(new Date(row!.paused_until).getTime() + 1000);
    }
    expect(pauses).toEqual([60, 120, 240, 360, 360]);
    clock.set(T0 + 7 * 24 * HOUR + 60_000);
    await poll("https://www.uno.test/rss.xml");
    const [row] = await database.db.execute(sql`select dead, active from sources where url = 'https://www.uno.test/rss.xml'`);
    expect(row).toEqual({ dead: true, active: true });
  }

  it("POL-4: validators from a 200 are stored for the next conditional request", async () => {
    const { poll } = setUp({
      "https://www.uno.test/robots.txt": () => ({}),
      "https://www.uno.test/rss.xml": () => ({ headers: { etag: '"abc"', "last-modified": "Sun, 29 Nov 2026 09:00:00 GMT" } }),
    });
    expect(await poll("https://www.uno.test/rss.xml")).toBe("ok");
    await database.db.execute(sql`update sources set active = false where kind = 'frontpage'`);
    const jobs = await claimDueJobs(database.db, { workerId: "x", now: T0 + 24 * HOUR, leaseMs: 1000, limit: 10 });
    expect(jobs.find((j) => j.url.endsWith("rss.xml"))).toMatchObject({ etag: '"abc"', lastModified: "Sun, 29 Nov 2026 09:00:00 GMT" });
    const [row] = await database.db.execute(sql`select etag, last_modified from sources where url = 'https://www.uno.test/rss.xml'`);
    expect(row).toEqual({ etag: '"abc"', last_modified: "Sun, 29 Nov 2026 09:00:00 GMT" });
  });
});
