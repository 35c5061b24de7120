/**
 * POL-1 when the database is slow: a worker whose statements wait tens of seconds in a
 * busy pool (or whose release never comes) must not let another worker reach the site
 * before its request's end plus the site's gap. Two polite clients share one PostgreSQL
 * and one manual clock; one of them sees every statement answered late.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "../../../db/client";
import { acquireSite, releaseSite, renewSite } from "../../../crawler/politeness/site-lease";
import { manualClock, type Clock } from "../../../lib/clock";
import { createTestDatabase } from "../../support/database";
import { scripted, scriptedClient, withTime, type Call, type ManualClock } from "../../support/scripted-fetcher";

let database: Database;
const T0 = Date.parse("2026-11-29T10:00:00Z");
const CRAWL_DELAY_MS = 160_000;
const signal = new AbortController().signal;

/** `db` as seen through a pool so busy that every statement waits `delayMs` of clock time before it runs. */
function slowDatabase(db: Db, clock: Clock, delayMs: number): Db {
  const late =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      await clock.sleep(delayMs);
      return run(...args);
    };
  const session = new Proxy(db._.session, {
    get(target, key) {
      if (key !== "prepareQuery") return Reflect.get(target, key, target);
      return (...args: Parameters<typeof target.prepareQuery>) => {
        const prepared = target.prepareQuery(...args);
        return { execute: late(() => prepared.execute()) };
      };
    },
  });
  return new Proxy(db, {
    get(target, key) {
      if (key === "_") return { ...target._, session };
      if (key === "execute") return late((query: Parameters<Db["execute"]>[0]) => target.execute(query));
      return Reflect.get(target, key, target);
    },
  });
}

/** Both workers' view of one site whose robots.txt asks for a 160 s Crawl-delay; `fast` has already read robots.txt and /1. */
async function siteWithCrawlDelay(clock: ManualClock, delayMs: number) {
  const calls: Call[] = [];
  const routes = {
    "https://www.slow.test/robots.txt": { text: `User-agent: *\nCrawl-delay: ${CRAWL_DELAY_MS / 1000}\n` },
    "https://www.slow.test/1": { text: "x" },
    "https://www.slow.test/2": { text: "x" },
    "https://www.slow.test/3": { text: "x" },
  };
  const fast = scriptedClient({ db: database.db, clock, fetcher: scripted(clock, routes, calls).fetcher, workerId: "fast" });
  const slow = scriptedClient({
    db: slowDatabase(database.db, clock, delayMs),
    clock,
    fetcher: scripted(clock, routes, calls).fetcher,
    workerId: "slow",
  });
  await withTime(clock, () => fast.request({ url: "https://www.slow.test/1", kind: "page" }, signal));
  clock.advance(CRAWL_DELAY_MS); // the site is free again
  return { calls, fast, slow };
}

/** The slow worker asks for /2; once it has sent it, the fast worker asks for /3. */
async function raceForTheSite(clock: ManualClock, delayMs: number) {
  const { calls, fast, slow } = await siteWithCrawlDelay(clock, delayMs);
  await withTime(clock, async () => {
    const first = slow.request({ url: "https://www.slow.test/2", kind: "page" }, signal);
    while (!calls.some((c) => c.url.endsWith("/2"))) await new Promise((r) => setTimeout(r, 2));
    await Promise.all([first, fast.request({ url: "https://www.slow.test/3", kind: "page" }, signal)]);
  });
  const sent = (path: string) => calls.find((c) => c.url.endsWith(path))!.at;
  return { calls, gap: sent("/3") - sent("/2") };
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate sites, hosts, robots_versions, fetch_log cascade`);
});

describe("pacing with a slow database", () => {
  it("POL-1: a release that waits 50 s in the pool, past the exchange and its margin, still keeps the other worker a Crawl-delay away", async () => {
    const clock = manualClock(T0);
    const { calls, gap } = await raceForTheSite(clock, 50_000);
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(["/robots.txt", "/1", "/2", "/3"]);
    expect(gap).toBeGreaterThanOrEqual(CRAWL_DELAY_MS + 20);
  });

  it("POL-1: a lease the pool has eaten into (130 s waits: the release would land after it) is renewed before sending, and each request is logged once", async () => {
    const clock = manualClock(T0);
    const { gap } = await raceForTheSite(clock, 130_000);
    expect(gap).toBeGreaterThanOrEqual(CRAWL_DELAY_MS + 20);
    const log = await database.db.execute<{ url: string; outcome: string }>(sql`select url, outcome from fetch_log order by id`);
    expect(log.map((l) => [new URL(l.url).pathname, l.outcome])).toEqual([
      ["/robots.txt", "ok"],
      ["/1", "ok"],
      ["/2", "ok"],
      ["/3", "ok"],
    ]);
  });

  it("POL-1: a worker that dies after sending holds the site until its exchange, its gap and the margin have passed", async () => {
    const clock = manualClock(T0);
    await siteWithCrawlDelay(clock, 0);
    const sentByDying: Call[] = [];
    const dying = scriptedClient({
      db: database.db,
      clock,
      workerId: "dying",
      fetcher: async (req) => {
        sentByDying.push({ url: req.url, kind: req.kind, at: clock.now(), req });
        return new Promise(() => {}); // never answers, never releases: the process is gone
      },
    });
    void dying.request({ url: "https://www.slow.test/2", kind: "page" }, signal);
    await withTime(clock, async () => {
      while (sentByDying.length === 0) await new Promise((r) => setTimeout(r, 2));
    });
    const sentAfter: Call[] = [];
    const after = scriptedClient({
      db: database.db,
      clock,
      workerId: "after",
      fetcher: scripted(clock, { "https://www.slow.test/3": { text: "x" } }, sentAfter).fetcher,
    });
    await withTime(clock, () => after.request({ url: "https://www.slow.test/3", kind: "page" }, signal));
    expect(sentAfter[0]!.at - sentByDying[0]!.at).toBeGreaterThanOrEqual(30_000 + 60_000 + CRAWL_DELAY_MS - 1_000);
  });

  it("POL-1: a lease taken is reported with the end its update gave it (a prompt holder sends without renewing)", async () => {
    const at = T0;
    const request = { url: "https://www.slow.test/2", kind: "page" };
    await acquireSite(database.db, { domain: "slow.test", workerId: "a", now: at, leaseMs: 10_000, request }); // creates the site's row
    const taken = await acquireSite(database.db, { domain: "slow.test", workerId: "a", now: at, leaseMs: 250_000, request });
    expect(taken).toMatchObject({ taken: true, startAt: at, leaseUntil: at + 250_000 });
  });

  it("POL-1, STO-5: a lease lost before anything was sent takes its log line back; a late release keeps the new holder's lease and adds its gap", async () => {
    const at = T0;
    const request = { url: "https://www.slow.test/2", kind: "page" };
    await acquireSite(database.db, { domain: "slow.test", workerId: "a", now: at, leaseMs: 10_000, request }); // creates the site's row
    const first = await acquireSite(database.db, { domain: "slow.test", workerId: "a", now: at, leaseMs: 10_000, request });
    expect(first.taken).toBe(true);
    if (!first.taken) return;
    const second = await acquireSite(database.db, { domain: "slow.test", workerId: "b", now: at + 10_000, leaseMs: 10_000, request });
    expect(second.taken).toBe(true);
    expect(
      await renewSite(database.db, { domain: "slow.test", workerId: "a", now: at + 10_500, leaseMs: 10_000, logId: first.logId }),
    ).toBeUndefined();
    const lines = await database.db.execute<{ worker_id: string }>(sql`select worker_id from fetch_log order by id`);
    expect(lines.map((l) => l.worker_id)).toEqual(["b"]);
    await releaseSite(database.db, {
      domain: "slow.test",
      workerId: "a",
      endedAt: at + 11_000,
      gapMs: 160_000,
      logId: first.logId,
      change: { consecutiveFailures: 0 },
      end: { startedAt: at, bytes: 1, durationMs: 1, outcome: "ok", url: request.url },
    });
    const [site] = await database.db.execute<{ lease_owner: string; next_allowed_at: Date }>(
      sql`select lease_owner, next_allowed_at from sites where domain = 'slow.test'`,
    );
    expect(site!.lease_owner).toBe("b");
    expect(new Date(site!.next_allowed_at).getTime()).toBe(at + 171_000);
  });
});
