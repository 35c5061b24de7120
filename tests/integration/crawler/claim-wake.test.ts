/**
 * SCH-4: a claim reads the sites whose wake time (`site_schedule`) has come, not every site;
 * a site it finds nothing to take on sleeps until it could, and any write that may make its
 * work claimable sooner wakes it again, so no site waits past its due work.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { sources } from "../../../db/schema";
import { claimDueJobs, completeJob } from "../../../crawler/schedule/claim";
import { createTestDatabase } from "../../support/database";
import type { OutletConfig } from "../../../lib/outlets-file";

let database: Database;
const T0 = Date.parse("2026-11-29T10:00:00Z");

function outlet(slug: string): OutletConfig {
  return {
    slug,
    name: slug,
    country: "ES",
    language: "es",
    groups: [],
    timezone: "Europe/Madrid",
    homepage: `https://www.${slug}.test/`,
    feeds: [`https://feeds.${slug}.test/rss-0.xml`, `https://feeds.${slug}.test/rss-1.xml`],
    sitemaps: [],
    renderMode: "static",
    active: true,
    feedIntervalMinutes: 10,
    sitemapIntervalMinutes: 15,
  };
}

/** Sites whose wake time has come at `at`. */
async function woken(at: number): Promise<string[]> {
  const rows = await database.db.execute<{ domain: string }>(sql`
    select domain from site_schedule where wake_at <= ${new Date(at).toISOString()} order by domain`);
  return rows.map((r) => r.domain);
}

const claim = (now: number, limit = 100) => claimDueJobs(database.db, { workerId: "w1", now, leaseMs: 60_000, limit });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate outlets, sites, site_schedule restart identity cascade`);
  await importOutlets(
    database.db,
    Array.from({ length: 6 }, (_, i) => outlet(`o${i}`)),
  );
  // Only feeds: a legal notice or front page would be a second due source per site.
  await database.db.update(sources).set({ nextDueAt: new Date(T0 - 1000) });
  await database.db.execute(sql`update sources set active = false where kind <> 'feed'`);
});

describe("the sites a claim reads", () => {
  it("SCH-4: a claim reads only the sites woken since the last one: none after every site was taken, one after a job ends", async () => {
    expect(await woken(T0)).toHaveLength(6);
    const jobs = await claim(T0);
    expect(jobs).toHaveLength(6);
    // Each taken site sleeps until its lease ends: the next claim has no site to read.
    expect(await woken(T0 + 1000)).toEqual([]);
    expect(await claim(T0 + 1000)).toEqual([]);
    const job = jobs.find((j) => j.outletSlug === "o2")!;
    await completeJob(database.db, { job, workerId: "w1", nextDueAt: T0 + 600_000 });
    expect(await woken(T0 + 2000)).toEqual(["o2.test"]);
    const next = await claim(T0 + 2000);
    expect(next.map((j) => j.outletSlug)).toEqual(["o2"]);
    expect(next[0]!.sourceId).not.toBe(job.sourceId);
  });

  it("SCH-4: a site with nothing due sleeps until its first source comes due, and is claimed then", async () => {
    await database.db.execute(sql`update sources set next_due_at = ${new Date(T0 + 300_000).toISOString()} where site_domain = 'o4.test'`);
    const jobs = await claim(T0);
    expect(jobs.some((j) => j.outletSlug === "o4")).toBe(false);
    const [row] = await database.db.execute<{ wake_at: Date | string }>(sql`select wake_at from site_schedule where domain = 'o4.test'`);
    expect(new Date(row!.wake_at).getTime()).toBe(T0 + 300_000);
    // (The other sites' 60 s leases have run out by then: their polls are claimed again.)
    expect((await claim(T0 + 299_000)).some((j) => j.outletSlug === "o4")).toBe(false);
    expect((await claim(T0 + 300_000)).map((j) => j.outletSlug)).toEqual(["o4"]);
  });

  it("SCH-4: a write that makes a sleeping site's work due sooner wakes it (a poll brought forward, an outlet switched on, a new source)", async () => {
    await database.db.execute(
      sql`update sources set next_due_at = ${new Date(T0 + 3_600_000).toISOString()} where site_domain in ('o1.test', 'o3.test')`,
    );
    await database.db.execute(sql`update outlets set active = false where slug = 'o5'`);
    expect((await claim(T0)).map((j) => j.outletSlug).sort()).toEqual(["o0", "o2", "o4"]);
    expect(await woken(T0 + 1000)).toEqual([]);

    await database.db.execute(
      sql`update sources set next_due_at = ${new Date(T0).toISOString()} where url = 'https://feeds.o1.test/rss-1.xml'`,
    );
    await database.db.execute(sql`update outlets set active = true where slug = 'o5'`);
    await database.db.execute(sql`
      insert into sources (outlet_id, kind, url, site_domain, interval_minutes, next_due_at)
      select id, 'feed', 'https://feeds.o3.test/nuevo.xml', 'o3.test', 10, ${new Date(T0).toISOString()} from outlets where slug = 'o3'`);
    expect(await woken(T0 + 1000)).toEqual(["o1.test", "o3.test", "o5.test"]);
    const jobs = await claim(T0 + 1000);
    expect(jobs.map((j) => j.url).sort()).toEqual([
      "https://feeds.o1.test/rss-1.xml",
      "https://feeds.o3.test/nuevo.xml",
      "https://feeds.o5.test/rss-0.xml",
    ]);
  });

  it("SCH-4: sites past the claim's reach are read by the next claims (a full slot list does not hide them)", async () => {
    await importOutlets(
      database.db,
      Array.from({ length: 300 }, (_, i) => outlet(`extra${i}`)),
    );
    await database.db.execute(sql`update sources set next_due_at = ${new Date(T0 - 1000).toISOString()}`);
    await database.db.execute(sql`update sources set active = false where kind <> 'feed'`);
    const seen = new Set<string>();
    for (let round = 0; round < 40 && seen.size < 306; round++) {
      for (const job of await claim(T0 + round * 10, 10)) seen.add(job.outletSlug);
    }
    expect(seen.size).toBe(306);
  });
});
