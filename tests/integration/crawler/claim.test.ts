import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { sources } from "../../../db/schema";
import { claimDueJobs, completeAndClaimNext, completeJob, nextDueAt, nextDueAtQuery } from "../../../crawler/schedule/claim";
import { createTestDatabase } from "../../support/database";
import type { OutletConfig } from "../../../lib/outlets-file";

let database: Database;
const T0 = Date.parse("2026-11-29T10:00:00Z");

function outlet(slug: string, feeds = 2): OutletConfig {
  return {
    slug,
    name: slug,
    country: "ES",
    language: "es",
    groups: [],
    timezone: "Europe/Madrid",
    homepage: `https://www.${slug}.test/`,
    feeds: Array.from({ length: feeds }, (_, i) => `https://feeds.${slug}.test/rss-${i}.xml`),
    sitemaps: [`https://www.${slug}.test/sitemap-news.xml`],
    renderMode: "static",
    active: true,
    feedIntervalMinutes: 10,
    sitemapIntervalMinutes: 15,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate outlets, sites restart identity cascade`);
  await importOutlets(
    database.db,
    Array.from({ length: 10 }, (_, i) => outlet(`o${i}`)),
  );
  await database.db.update(sources).set({ nextDueAt: new Date(T0 - 1000) });
});

describe("claiming due work", () => {
  it("SCH-4: concurrent workers never claim the same source twice", async () => {
    const claims = await Promise.all(
      ["w1", "w2", "w3", "w4"].map((workerId) => claimDueJobs(database.db, { workerId, now: T0, leaseMs: 60_000, limit: 15 })),
    );
    const ids = claims.flat().map((j) => j.sourceId);
    expect(ids.length).toBe(10); // one job per site at a time: 10 outlets, one site each
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("POL-1, SCH-4: a site with a job running gets no second job until it ends, then its next source", async () => {
    const first = await claimDueJobs(database.db, { workerId: "w1", now: T0, leaseMs: 60_000, limit: 100 });
    expect(new Set(first.map((j) => j.outletSlug)).size).toBe(10);
    expect(await claimDueJobs(database.db, { workerId: "w2", now: T0 + 1000, leaseMs: 60_000, limit: 100 })).toEqual([]);
    const job = first.find((j) => j.outletSlug === "o3")!;
    await completeJob(database.db, { job, workerId: "w1", nextDueAt: T0 + 600_000 });
    const next = await claimDueJobs(database.db, { workerId: "w2", now: T0 + 2000, leaseMs: 60_000, limit: 100 });
    expect(next.map((j) => j.outletSlug)).toEqual(["o3"]);
    expect(next[0]!.sourceId).not.toBe(job.sourceId);
  });

  it("BLK-3: a site in back-off gets no job until the back-off ends", async () => {
    await database.db.execute(sql`insert into sites (domain, backoff_until) values ('o5.test', ${new Date(T0 + 60_000).toISOString()})`);
    const during = await claimDueJobs(database.db, { workerId: "w1", now: T0, leaseMs: 1000, limit: 100 });
    expect(during.some((j) => j.outletSlug === "o5")).toBe(false);
    const after = await claimDueJobs(database.db, { workerId: "w1", now: T0 + 61_000, leaseMs: 1000, limit: 100 });
    expect(after.some((j) => j.outletSlug === "o5")).toBe(true);
  });

  it("SCH-4: a leased source is not claimed again until its lease expires (a dead worker's work returns)", async () => {
    const first = await claimDueJobs(database.db, { workerId: "dead", now: T0, leaseMs: 60_000, limit: 100 });
    expect(first.length).toBe(10);
    expect(await claimDueJobs(database.db, { workerId: "w2", now: T0 + 59_000, leaseMs: 60_000, limit: 100 })).toEqual([]);
    const after = await claimDueJobs(database.db, { workerId: "w2", now: T0 + 61_000, leaseMs: 60_000, limit: 100 });
    expect(after.map((j) => j.sourceId).sort()).toEqual(first.map((j) => j.sourceId).sort());
  });

  it("POL-1, SCH-4: completing a poll claims the same site's most overdue due poll in the same statement, and nothing of another site", async () => {
    await database.db.execute(
      sql`update sources set next_due_at = ${new Date(T0 - 5000).toISOString()} where url = 'https://feeds.o3.test/rss-1.xml'`,
    );
    await database.db.execute(
      sql`update sources set next_due_at = ${new Date(T0 - 3000).toISOString()} where url = 'https://feeds.o3.test/rss-0.xml'`,
    );
    const [job] = (await claimDueJobs(database.db, { workerId: "w1", now: T0, leaseMs: 60_000, limit: 100 })).filter(
      (j) => j.outletSlug === "o3",
    );
    expect(job!.url).toBe("https://feeds.o3.test/rss-1.xml");
    await database.db.execute(sql`insert into sites (domain, next_allowed_at) values ('o3.test', ${new Date(T0 + 4000).toISOString()})`);
    const done = await completeAndClaimNext(database.db, {
      job: job!,
      workerId: "w1",
      nextDueAt: T0 + 600_000,
      now: T0 + 100,
      leaseMs: 60_000,
    });
    expect(done.completed).toBe(true);
    expect(done.next).toMatchObject({
      outletSlug: "o3",
      url: "https://feeds.o3.test/rss-0.xml",
      siteReadyAt: T0 + 4000,
      leaseUntil: new Date(T0 + 60_100),
    });
    const leased = await database.db.execute<{ url: string; lease_owner: string }>(
      sql`select url, lease_owner from sources where lease_owner is not null and site_domain = 'o3.test'`,
    );
    expect(leased).toEqual([{ url: "https://feeds.o3.test/rss-0.xml", lease_owner: "w1" }]);
    // A stolen lease completes nothing and claims nothing.
    expect(await completeAndClaimNext(database.db, { job: job!, workerId: "w1", nextDueAt: T0, now: T0 + 200, leaseMs: 60_000 })).toEqual({
      completed: false,
    });
  });

  it("BLK-3, SCH-4: nothing follows on a site in back-off, nor a source not yet due", async () => {
    const jobs = await claimDueJobs(database.db, { workerId: "w1", now: T0, leaseMs: 60_000, limit: 100 });
    await database.db.execute(sql`insert into sites (domain, backoff_until) values ('o5.test', ${new Date(T0 + 60_000).toISOString()})`);
    const o5 = jobs.find((j) => j.outletSlug === "o5")!;
    expect(
      await completeAndClaimNext(database.db, { job: o5, workerId: "w1", nextDueAt: T0 + 600_000, now: T0 + 100, leaseMs: 60_000 }),
    ).toEqual({ completed: true });
    await database.db.execute(
      sql`update sources set next_due_at = ${new Date(T0 + 60_000).toISOString()} where site_domain = 'o6.test' and lease_owner is null`,
    );
    const o6 = jobs.find((j) => j.outletSlug === "o6")!;
    expect(
      await completeAndClaimNext(database.db, { job: o6, workerId: "w1", nextDueAt: T0 + 600_000, now: T0 + 100, leaseMs: 60_000 }),
    ).toEqual({ completed: true });
  });

  it("SCH-4: completing a job releases it and schedules the next run; a stolen lease cannot complete", async () => {
    const [job] = await claimDueJobs(database.db, { workerId: "w1", now: T0, leaseMs: 60_000, limit: 1 });
    expect(await completeJob(database.db, { job: job!, workerId: "other", nextDueAt: T0 })).toBe(false);
    expect(await completeJob(database.db, { job: job!, workerId: "w1", nextDueAt: T0 + 600_000 })).toBe(true);
    const [row] = await database.db
      .select()
      .from(sources)
      .where(sql`id = ${job!.sourceId}`);
    expect(row!.leaseOwner).toBeNull();
    expect(row!.nextDueAt.getTime()).toBe(T0 + 600_000);
  });

  it("BLK-1, BLK-6, POL-1: a claimed job carries its source's failure state and its site's pacing time", async () => {
    const closed = new Date(T0 - 3_600_000).toISOString();
    await database.db.execute(
      sql`update sources set closed_since = ${closed}, consecutive_failures = 2, failing_since = ${closed} where url like '%o2.test/%'`,
    );
    await database.db.execute(sql`insert into sites (domain, next_allowed_at) values ('o2.test', ${new Date(T0 + 4000).toISOString()})`);
    const jobs = await claimDueJobs(database.db, { workerId: "w", now: T0, leaseMs: 60_000, limit: 100 });
    expect(jobs.find((j) => j.outletSlug === "o2")).toMatchObject({
      state: { closedSince: T0 - 3_600_000, consecutiveFailures: 2, failingSince: T0 - 3_600_000 },
      siteReadyAt: T0 + 4000,
    });
    const fresh = jobs.find((j) => j.outletSlug === "o1")!;
    expect(fresh.state).toEqual({ closedSince: undefined, consecutiveFailures: 0, failingSince: undefined });
    expect(fresh.siteReadyAt).toBeUndefined(); // no request to the site yet
  });

  it("BLK-1, BLK-5: no article of an outlet whose front page is closed to us is read until a probe reopens it", async () => {
    await database.db.update(sources).set({ nextDueAt: new Date(T0 + 3_600_000) });
    await database.db.execute(sql`
      insert into articles (outlet_id, url, first_seen_at, first_seen_in, site_domain, read_due_at)
      select o.id, 'https://www.' || o.slug || '.test/a/1.html', ${new Date(T0).toISOString()}, 'feed', o.slug || '.test', ${new Date(T0 - 1000).toISOString()}
      from outlets o where o.slug in ('o1', 'o2')`);
    const close = (at: Date | null) =>
      database.db.execute(sql`
      update sources set closed_since = ${at?.toISOString() ?? null} where kind = 'frontpage' and outlet_id = (select id from outlets where slug = 'o2')`);
    await close(new Date(T0 - 60_000));
    const closed = await claimDueJobs(database.db, { workerId: "w1", now: T0, leaseMs: 1000, limit: 100 });
    expect(closed.map((j) => `${j.kind} ${j.outletSlug}`)).toEqual(["article o1"]);
    await close(null);
    const reopened = await claimDueJobs(database.db, { workerId: "w1", now: T0 + 2000, leaseMs: 1000, limit: 100 });
    expect(reopened.map((j) => `${j.kind} ${j.outletSlug}`)).toContain("article o2");
  });

  it("SCH-4: inactive outlets and proposed sources are never due", async () => {
    await database.db.execute(sql`update outlets set active = false where slug = 'o0'`);
    await database.db.execute(sql`update sources set proposed = true where url like '%o1.test/rss-0.xml'`);
    const jobs = await claimDueJobs(database.db, { workerId: "w", now: T0, leaseMs: 60_000, limit: 100 });
    expect(jobs.some((j) => j.outletSlug === "o0")).toBe(false);
    expect(jobs.some((j) => j.url.endsWith("o1.test/rss-0.xml"))).toBe(false);
    expect(jobs.length).toBe(9);
    expect(jobs.find((j) => j.outletSlug === "o1")?.url.endsWith("o1.test/rss-0.xml")).toBe(false);
  });

  /**
   * Workers claiming and finishing jobs as fast as they can, each job due again at once: a
   * claim whose snapshot predates another worker's committed claim (or completion) of a row
   * must not take that row too. A job taken twice shows as a completion refused to the worker
   * whose lease was overwritten. Found by the three-worker crash test, where article
   * pages were read twice and feeds polled twice within their interval.
   */
  for (const kind of ["sources", "article reads"] as const) {
    it(`SCH-3, SCH-4: racing workers never hold one job at once (${kind})`, async () => {
      if (kind === "article reads") {
        await database.db.update(sources).set({ nextDueAt: new Date(T0 + 3_600_000) });
        await database.db.execute(sql`
          insert into articles (outlet_id, url, first_seen_at, first_seen_in, site_domain, read_due_at)
          select o.id, 'https://www.' || o.slug || '.test/a/' || n || '.html', ${new Date(T0).toISOString()}, 'feed', o.slug || '.test', ${new Date(T0 - 1000).toISOString()}
          from outlets o cross join generate_series(1, 5) n`);
      }
      let claimed = 0;
      let refused = 0;
      const worker = async (workerId: string) => {
        for (let round = 0; round < 150 && refused === 0; round++) {
          const jobs = await claimDueJobs(database.db, { workerId, now: T0, leaseMs: 60_000, limit: 100 });
          claimed += jobs.length;
          // Finished at once and due again at once (`read_at` stays null): the next claim races for it.
          for (const job of jobs) if (!(await completeJob(database.db, { job, workerId, nextDueAt: T0 - 1000 }))) refused++;
        }
      };
      await Promise.all(["w1", "w2", "w3", "w4"].map(worker));
      expect(refused).toBe(0);
      expect(claimed).toBeGreaterThan(500);
    });
  }

  it("the next due time is the earliest due, paused or leased time", async () => {
    await database.db.update(sources).set({ nextDueAt: new Date(T0 + 5 * 60_000) });
    await database.db.execute(
      sql`update sources set next_due_at = ${new Date(T0 + 60_000).toISOString()} where id = (select min(id) from sources)`,
    );
    expect(await nextDueAt(database.db)).toBe(T0 + 60_000);
  });

  it("SCH-4: the next due time counts a source's lease and pause, skips inactive outlets, and counts article reads", async () => {
    const at = (ms: number) => new Date(T0 + ms).toISOString();
    await database.db.update(sources).set({ nextDueAt: new Date(T0 + 10 * 60_000) });
    const pick = async (slug: string, nth: number) =>
      (
        await database.db.execute<{ id: number }>(sql`
      select s.id from sources s join outlets o on o.id = s.outlet_id where o.slug = ${slug} and s.active and not s.proposed order by s.id offset ${nth} limit 1`)
      )[0]!.id;
    const [first, second, third] = [await pick("o0", 0), await pick("o0", 1), await pick("o1", 0)];
    // Due at once but leased for 2 minutes, due at once but paused for 3: the lease ends first.
    await database.db.execute(
      sql`update sources set next_due_at = ${at(-60_000)}, lease_owner = 'w', lease_until = ${at(2 * 60_000)} where id = ${first}`,
    );
    await database.db.execute(sql`update sources set next_due_at = ${at(-60_000)}, paused_until = ${at(3 * 60_000)} where id = ${second}`);
    expect(await nextDueAt(database.db)).toBe(T0 + 2 * 60_000);
    // A source of an inactive outlet is due earliest, and does not count.
    await database.db.execute(sql`update sources set next_due_at = ${at(-5 * 60_000)} where id = ${third}`);
    await database.db.execute(sql`update outlets set active = false where id = (select outlet_id from sources where id = ${third})`);
    expect(await nextDueAt(database.db)).toBe(T0 + 2 * 60_000);
    await database.db.execute(sql`
      insert into articles (outlet_id, url, site_domain, first_seen_at, first_seen_in, read_due_at)
      select outlet_id, 'https://www.o0.test/a.html', site_domain, ${at(0)}, 'feed', ${at(60_000)} from sources where id = ${first}`);
    expect(await nextDueAt(database.db)).toBe(T0 + 60_000);
  });

  it("SCH-4: the next due time is read off the wake indexes, not a scan of every source and unread article", async () => {
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const rows = await tx.execute<{ "QUERY PLAN": string }>(sql`explain ${nextDueAtQuery()}`);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("sources_wake");
    expect(plan).toContain("articles_read_wake");
    expect(plan).not.toMatch(/Sort|Aggregate/);
  });
});
