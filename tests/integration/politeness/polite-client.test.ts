/**
 * The polite client against a scripted fetcher (no network) and real PostgreSQL, with a
 * manual clock: robots first, rules obeyed, redirects checked hop by hop, back-off
 * honoured, pacing held in the database.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import type { Fetcher, FetchResult } from "../../../lib/fetcher";
import { ACQUIRE_AHEAD_MS, acquireSite } from "../../../crawler/politeness/site-lease";
import { createHttpFetcher } from "../../../crawler/fetch/http";
import { manualClock } from "../../../lib/clock";
import { loadConfig } from "../../../lib/config";
import { createTestDatabase } from "../../support/database";
import { scripted, scriptedClient, withTime, type ManualClock, type Reply } from "../../support/scripted-fetcher";

let database: Database;
const T0 = Date.parse("2026-11-29T10:00:00Z");

const client = (clock: ManualClock, fetcher: Fetcher, random = () => 0) => scriptedClient({ db: database.db, clock, fetcher, random });

const signal = new AbortController().signal;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate sites, hosts, robots_versions, fetch_log cascade`);
});

describe("the polite client", () => {
  it("ROB-1: robots.txt of a host is fetched before anything else on it, once, and cached", async () => {
    const clock = manualClock(T0);
    const { fetcher, calls } = scripted(clock, {
      "https://www.a.test/robots.txt": { text: "User-agent: *\nDisallow: /privado/\n" },
      "https://www.a.test/rss.xml": { text: "<rss/>" },
    });
    const c = client(clock, fetcher);
    await withTime(clock, () => c.request({ url: "https://www.a.test/rss.xml", kind: "feed" }, signal));
    await withTime(clock, () => c.request({ url: "https://www.a.test/rss.xml", kind: "feed" }, signal));
    expect(calls.map((x) => x.url)).toEqual(["https://www.a.test/robots.txt", "https://www.a.test/rss.xml", "https://www.a.test/rss.xml"]);
    const versions = await database.db.execute(sql`select host, robots_txt from robots_versions`);
    expect(versions).toEqual([{ host: "https://www.a.test", robots_txt: "User-agent: *\nDisallow: /privado/\n" }]);
  });

  it("ROB-1: a feed host and a CDN host of the same site each get their own robots.txt first", async () => {
    const clock = manualClock(T0);
    const { fetcher, calls } = scripted(clock, {
      "https://feeds.b.test/robots.txt": { text: "" },
      "https://feeds.b.test/rss.xml": { text: "<rss/>" },
      "https://cdn.b.test/robots.txt": { text: "" },
      "https://cdn.b.test/sitemap.xml": { text: "<urlset/>" },
    });
    const c = client(clock, fetcher);
    await withTime(clock, () => c.request({ url: "https://feeds.b.test/rss.xml", kind: "feed" }, signal));
    await withTime(clock, () => c.request({ url: "https://cdn.b.test/sitemap.xml", kind: "sitemap" }, signal));
    expect(calls.map((x) => x.url)).toEqual([
      "https://feeds.b.test/robots.txt",
      "https://feeds.b.test/rss.xml",
      "https://cdn.b.test/robots.txt",
      "https://cdn.b.test/sitemap.xml",
    ]);
  });

  it("POL-1: consecutive requests to one site, robots.txt included, start at least the pacing gap apart", async () => {
    const clock = manualClock(T0);
    const { fetcher, calls } = scripted(clock, {
      "https://www.c.test/robots.txt": { text: "" },
      "https://www.c.test/1": { text: "x" },
      "https://feeds.c.test/robots.txt": { text: "" },
      "https://feeds.c.test/2": { text: "x" },
    });
    const c = client(clock, fetcher, () => 0.5);
    await withTime(clock, () => c.request({ url: "https://www.c.test/1", kind: "page" }, signal));
    await withTime(clock, () => c.request({ url: "https://feeds.c.test/2", kind: "feed" }, signal));
    const gaps = calls.slice(1).map((x, i) => x.at - calls[i]!.at);
    expect(gaps.every((g) => g >= 4000)).toBe(true); // 3000 + 0.5 × 2000
  });

  it("POL-1: a site's lease taken ahead of its turn sends nothing before the turn, and keeps other workers out meanwhile", async () => {
    const clock = manualClock(T0);
    const { fetcher, calls } = scripted(clock, {
      "https://www.k.test/robots.txt": { text: "" },
      "https://www.k.test/1": { text: "x" },
      "https://www.k.test/2": { text: "x" },
    });
    const c = client(clock, fetcher, () => 0.5);
    await withTime(clock, () => c.request({ url: "https://www.k.test/1", kind: "page" }, signal));
    const turn = calls[1]!.at + 20 + 4000; // end of /1 + the 4,000 ms gap
    clock.set(turn - ACQUIRE_AHEAD_MS / 2);
    const second = c.request({ url: "https://www.k.test/2", kind: "page" }, signal);
    await expect
      .poll(async () => (await database.db.execute(sql`select lease_owner from sites where domain = 'k.test'`))[0]?.lease_owner)
      .toBe("w1");
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(2);
    const other = await acquireSite(database.db, {
      domain: "k.test",
      workerId: "w2",
      now: clock.now(),
      leaseMs: 90_000,
      request: { url: "https://www.k.test/3", kind: "page" },
    });
    expect(other.taken).toBe(false);
    clock.advance(ACQUIRE_AHEAD_MS / 2);
    await second;
    expect(calls[2]).toMatchObject({ url: "https://www.k.test/2", at: turn });
  });

  it("POL-1: the robots.txt Crawl-delay of our group widens the gap when larger", async () => {
    const clock = manualClock(T0);
    const { fetcher, calls } = scripted(clock, {
      "https://www.d.test/robots.txt": { text: "User-agent: HemeroscopioBot\nCrawl-delay: 12\n" },
      "https://www.d.test/1": { text: "x" },
      "https://www.d.test/2": { text: "x" },
    });
    const c = client(clock, fetcher);
    await withTime(clock, () => c.request({ url: "https://www.d.test/1", kind: "page" }, signal));
    await withTime(clock, () => c.request({ url: "https://www.d.test/2", kind: "page" }, signal));
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(12_000);
  });

  it("POL-1: the gap after the robots.txt request itself already obeys the Crawl-delay it revealed", async () => {
    const clock = manualClock(T0);
    const { fetcher, calls } = scripted(clock, {
      "https://www.d2.test/robots.txt": { text: "User-agent: *\nDisallow: /privado/\n\nUser-agent: HemeroscopioBot\nCrawl-delay: 7\n" },
      "https://www.d2.test/1": { text: "x" },
    });
    // random = 0: the pacing alone would allow the next request 3 s after the previous one ended.
    const c = client(clock, fetcher);
    await withTime(clock, () => c.request({ url: "https://www.d2.test/1", kind: "page" }, signal));
    expect(calls.map((x) => x.url)).toEqual(["https://www.d2.test/robots.txt", "https://www.d2.test/1"]);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(7_000 + 20);
  });

  it("POL-1: a robots.txt refresh answered 304, or failing, is followed by the standing copy's Crawl-delay", async () => {
    const clock = manualClock(T0);
    let robotsReply: () => Reply = () => ({ text: "User-agent: HemeroscopioBot\nCrawl-delay: 9\n", headers: { etag: '"r1"' } });
    const { fetcher, calls } = scripted(clock, {
      "https://www.d3.test/robots.txt": () => robotsReply(),
      "https://www.d3.test/1": { text: "x" },
    });
    const c = client(clock, fetcher);
    await withTime(clock, () => c.request({ url: "https://www.d3.test/1", kind: "page" }, signal));
    for (const reply of [
      { outcome: "not-modified", status: 304 },
      { outcome: "http-error", status: 500 },
    ] as const) {
      robotsReply = () => reply;
      clock.advance(25 * 3_600_000); // the cached copy has expired: robots.txt is asked again first
      const before = calls.length;
      await withTime(clock, () => c.request({ url: "https://www.d3.test/1", kind: "page" }, signal));
      expect(calls.slice(before).map((x) => x.url)).toEqual(["https://www.d3.test/robots.txt", "https://www.d3.test/1"]);
      expect(calls[before + 1]!.at - calls[before]!.at).toBeGreaterThanOrEqual(9_000 + 20);
    }
  });

  it("ROB-2, STO-5: a disallowed URL is never requested, and the decision is logged", async () => {
    const clock = manualClock(T0);
    const { fetcher, calls } = scripted(clock, {
      "https://www.e.test/robots.txt": { text: "User-agent: HemeroscopioBot\nDisallow: /noticias/\n\nUser-agent: GPTBot\nDisallow: /\n" },
    });
    const c = client(clock, fetcher);
    const r = await withTime(clock, () => c.request({ url: "https://www.e.test/noticias/1.html", kind: "page" }, signal));
    expect(r).toMatchObject({ sent: false, outcome: "robots-disallowed" });
    expect(calls.map((x) => x.url)).toEqual(["https://www.e.test/robots.txt"]);
    const log = await database.db.execute(sql`select url, outcome from fetch_log order by id`);
    expect(log.map((l) => l.outcome)).toEqual(["ok", "robots-disallowed"]);
  });

  it("ROB-3: a robots.txt 404 leaves the host unread; a 500 with no earlier copy reads nothing either", async () => {
    const clock = manualClock(T0);
    const { fetcher, calls } = scripted(clock, {
      "https://www.f.test/robots.txt": { outcome: "http-error", status: 404 },
      "https://www.g.test/robots.txt": { outcome: "http-error", status: 500 },
    });
    const c = client(clock, fetcher);
    expect(await withTime(clock, () => c.request({ url: "https://www.f.test/", kind: "page" }, signal))).toMatchObject({
      sent: false,
      outcome: "robots-disallowed",
    });
    expect(await withTime(clock, () => c.request({ url: "https://www.g.test/", kind: "page" }, signal))).toMatchObject({
      sent: false,
      outcome: "robots-disallowed",
    });
    expect(calls.map((x) => x.url)).toEqual(["https://www.f.test/robots.txt", "https://www.g.test/robots.txt"]);
  });

  it("ROB-3: when robots.txt answers 5xx, the last good copy is obeyed for up to 24 h more, then nothing is read", async () => {
    const clock = manualClock(T0);
    let robots: () => { outcome?: FetchResult["outcome"]; status?: number; text?: string } = () => ({
      text: "User-agent: *\nDisallow: /x\n",
    });
    const { fetcher, calls } = scripted(clock, { "https://www.h.test/robots.txt": () => robots(), "https://www.h.test/ok": { text: "y" } });
    const c = client(clock, fetcher);
    await withTime(clock, () => c.request({ url: "https://www.h.test/ok", kind: "page" }, signal));
    robots = () => ({ outcome: "http-error", status: 500 });
    clock.advance(25 * 3_600_000); // cache expired: robots.txt is asked again and fails
    expect(await withTime(clock, () => c.request({ url: "https://www.h.test/ok", kind: "page" }, signal))).toMatchObject({ sent: true });
    expect(await withTime(clock, () => c.request({ url: "https://www.h.test/x", kind: "page" }, signal))).toMatchObject({
      outcome: "robots-disallowed",
    });
    clock.advance(24 * 3_600_000); // 49 h after the last good copy
    expect(await withTime(clock, () => c.request({ url: "https://www.h.test/ok", kind: "page" }, signal))).toMatchObject({
      sent: false,
      outcome: "robots-disallowed",
    });
    expect(calls.filter((x) => x.url.endsWith("/robots.txt")).length).toBe(3);
  });

  it("ROB-4: a new robots.txt version that disallows a path stops those requests at once; both versions are kept", async () => {
    const clock = manualClock(T0);
    let robots = "User-agent: *\nAllow: /\n";
    const { fetcher, calls } = scripted(clock, {
      "https://www.n.test/robots.txt": () => ({ text: robots }),
      "https://www.n.test/p": { text: "y" },
    });
    const c = client(clock, fetcher);
    expect(await withTime(clock, () => c.request({ url: "https://www.n.test/p", kind: "page" }, signal))).toMatchObject({ sent: true });
    robots = "User-agent: HemeroscopioBot\nDisallow: /p\n";
    clock.advance(24 * 3_600_000 + 1);
    expect(await withTime(clock, () => c.request({ url: "https://www.n.test/p", kind: "page" }, signal))).toMatchObject({
      outcome: "robots-disallowed",
    });
    expect(calls.filter((x) => x.url.endsWith("/p")).length).toBe(1);
    const versions = await database.db.execute(sql`select robots_txt from robots_versions where host = 'https://www.n.test' order by id`);
    expect(versions.map((v) => v.robots_txt)).toEqual(["User-agent: *\nAllow: /\n", "User-agent: HemeroscopioBot\nDisallow: /p\n"]);
  });

  it("ROB-6: a redirect into a path disallowed on its target host is not followed", async () => {
    const clock = manualClock(T0);
    const { fetcher, calls } = scripted(clock, {
      "https://www.i.test/robots.txt": { text: "" },
      "https://www.i.test/a": { outcome: "redirect", status: 301, location: "https://www.j.test/cerrado/a" },
      "https://www.j.test/robots.txt": { text: "User-agent: *\nDisallow: /cerrado/\n" },
    });
    const c = client(clock, fetcher);
    const r = await withTime(clock, () => c.request({ url: "https://www.i.test/a", kind: "page" }, signal));
    expect(r).toMatchObject({ sent: false, outcome: "robots-disallowed", url: "https://www.j.test/cerrado/a" });
    expect(calls.map((x) => x.url)).toEqual(["https://www.i.test/robots.txt", "https://www.i.test/a", "https://www.j.test/robots.txt"]);
  });

  it("POL-5: a redirect loop stops after 5 hops", async () => {
    const clock = manualClock(T0);
    const { fetcher, calls } = scripted(clock, {
      "https://www.k.test/robots.txt": { text: "" },
      "https://www.k.test/1": { outcome: "redirect", status: 302, location: "https://www.k.test/2" },
      "https://www.k.test/2": { outcome: "redirect", status: 302, location: "https://www.k.test/1" },
    });
    const c = client(clock, fetcher);
    const r = await withTime(clock, () => c.request({ url: "https://www.k.test/1", kind: "page" }, signal));
    expect(r).toMatchObject({ sent: false, outcome: "too-many-redirects" });
    expect(calls.length).toBe(1 + 6);
  });

  it("BLK-3: a 429 with Retry-After holds the whole site exactly that long", async () => {
    const clock = manualClock(T0);
    const { fetcher, calls } = scripted(clock, {
      "https://www.l.test/robots.txt": { text: "" },
      "https://www.l.test/a": { outcome: "http-error", status: 429, headers: { "retry-after": "120" } },
      "https://feeds.l.test/robots.txt": { text: "" },
    });
    const c = client(clock, fetcher);
    const first = await withTime(clock, () => c.request({ url: "https://www.l.test/a", kind: "page" }, signal));
    expect(first).toMatchObject({ sent: true, outcome: "rate-limited" });
    const limitedAt = calls[1]!.at + 20;
    const second = await withTime(clock, () => c.request({ url: "https://www.l.test/a", kind: "page" }, signal));
    expect(second).toMatchObject({ sent: false, outcome: "backoff", until: limitedAt + 120_000 });
    expect(calls.length).toBe(2);
  });

  it("POL-4: stored validators are sent back and a robots.txt 304 keeps the stored copy", async () => {
    const clock = manualClock(T0);
    let robotsReply: () => { outcome?: FetchResult["outcome"]; status?: number; text?: string; headers?: Record<string, string> } = () => ({
      text: "User-agent: *\nDisallow: /no\n",
      headers: { etag: '"v1"' },
    });
    const { fetcher, calls } = scripted(clock, {
      "https://www.m.test/robots.txt": () => robotsReply(),
      "https://www.m.test/feed": { text: "x" },
    });
    const c = client(clock, fetcher);
    await withTime(clock, () => c.request({ url: "https://www.m.test/feed", kind: "feed", etag: '"f1"' }, signal));
    expect(calls[1]!.req.etag).toBe('"f1"');
    robotsReply = () => ({ outcome: "not-modified", status: 304 });
    clock.advance(25 * 3_600_000);
    const again = await withTime(clock, () => c.request({ url: "https://www.m.test/no", kind: "page" }, signal));
    expect(calls[2]!.req.etag).toBe('"v1"');
    expect(again).toMatchObject({ sent: false, outcome: "robots-disallowed" });
  });

  it("SIG-1: a host's tdmrep.json is read once, politely, and its reservations apply by path", async () => {
    const clock = manualClock(T0);
    const { fetcher, calls } = scripted(clock, {
      "https://www.o.test/robots.txt": { text: "" },
      "https://www.o.test/.well-known/tdmrep.json": {
        text: JSON.stringify([{ location: "/noticias/*", "tdm-reservation": 1, "tdm-policy": "https://www.o.test/policy.json" }]),
      },
      "https://www.p.test/robots.txt": { text: "" },
      "https://www.q.test/robots.txt": { text: "" },
      "https://www.q.test/.well-known/tdmrep.json": { outcome: "http-error", status: 500 },
    });
    const c = client(clock, fetcher);
    const rules = await withTime(clock, () => c.tdmrepFor("https://www.o.test", signal));
    expect(Array.isArray(rules) && rules.map((r) => [r.location, r.reservation])).toEqual([["/noticias/*", 1]]);
    await withTime(clock, () => c.tdmrepFor("https://www.o.test", signal));
    expect(calls.filter((x) => x.url.endsWith("tdmrep.json")).length).toBe(1);
    expect(calls[1]!.kind).toBe("tdmrep");
    // No file (404): nothing declared there. A failure: unknown, treated as reserved by collection.
    expect(await withTime(clock, () => c.tdmrepFor("https://www.p.test", signal))).toEqual([]);
    expect(await withTime(clock, () => c.tdmrepFor("https://www.q.test", signal))).toBe("unknown");
  });

  it("SEC-1, SEC-4: a host that resolves to the metadata address is refused, recorded, and the client goes on", async () => {
    const clock = manualClock(T0);
    const config = loadConfig({});
    let looked = 0;
    const fetcher = createHttpFetcher({
      config,
      clock,
      lookup: async () => {
        looked++;
        return [{ address: "169.254.169.254", family: 4 }];
      },
    });
    const c = client(clock, fetcher);
    const r = await withTime(clock, () => c.request({ url: "https://metadata.evil.example/latest/meta-data/", kind: "page" }, signal));
    // robots.txt could not be fetched (refused), so nothing on the host is read.
    expect(r).toMatchObject({ sent: false, outcome: "robots-disallowed" });
    expect(looked).toBeGreaterThan(0);
    const log = await database.db.execute(sql`select url, outcome, status from fetch_log order by id`);
    expect(log[0]).toEqual({ url: "https://metadata.evil.example/robots.txt", outcome: "ssrf-refused", status: null });
  });
});
