import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadPolicies } from "../../../db/policies-in-force";
import { loadDayLeads } from "../../../db/queries/front-pages/day-leads";
import { frontPageAt } from "../../../db/figures/api/front-pages";
import { dayHours, parseDay } from "../../../lib/pages/peninsular-time";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";
import { addArticle, addExclusion, addFrontPages, addOutlet, addStory, HOUR, MINUTE } from "../../support/page-fixtures";

const DAY = parseDay("2026-11-20")!;
const at = (hour: number, minute = 0) => DAY.start + hour * HOUR + minute * MINUTE;
let database: Database;
let story: number;
let norte: number, sur: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  story = await addStory(db, ["dana", "valencia"], at(0), at(23));
  norte = await addOutlet(db, "norte", "El Norte");
  sur = await addOutlet(db, "sur", "El Sur");
  const oculto = await addOutlet(db, "oculto", "El Oculto");
  await addExclusion(db, oculto, "sin-posicion", at(0));
  const add = async (key: string, outletId: number, storyId?: number) => {
    ids[key] = await addArticle(db, {
      outletId,
      path: `/${key}`,
      firstSeenAt: at(0),
      storyId,
      headlines: [[`Titular ${key}`, at(0), at(23)]],
    });
  };
  await add("n1", norte, story);
  await add("n2", norte);
  await add("s1", sur);
  await add("s2", sur, story);
  // El Norte leads with the story from 08:10; El Sur from 10:05. Captures are sparse, with gaps of hours.
  await addFrontPages(db, norte, [
    [at(7, 50), [ids.n2!, ids.n1!]],
    [at(8, 10), [ids.n1!, ids.n2!]],
    [at(12), [ids.n1!, ids.n2!]],
  ]);
  await addFrontPages(db, sur, [
    [at(9), [ids.s1!, ids.s2!]],
    [at(10, 5), [ids.s2!, ids.s1!]],
    [at(18), [ids.s2!, ids.s1!]],
  ]);
});
afterAll(async () => {
  await database.close();
});

describe("a day's leads", () => {
  it("WEB-5: each hour's lead is rank 1 of the last capture by half past, as frontPageAt reads it (WEB-7)", async () => {
    const { db } = database;
    const hours = dayHours(DAY.start, DAY.end).map((h) => h.at);
    const day = await loadDayLeads(db, await loadPolicies(db), hours);
    const byslug = new Map(day.outlets.map((o) => [o.slug, o]));
    expect([...byslug.keys()]).toEqual(["norte", "oculto", "sur"]);
    const norteLeads = byslug.get("norte")!.leads;
    // 07:30 comes before the first capture; 10:30 and 11:30 are more than 2 hours after 08:10.
    expect(norteLeads.slice(6, 15)).toEqual([null, null, ids.n1, ids.n1, null, null, ids.n1, ids.n1, null]);
    expect(byslug.get("sur")!.leads.slice(8, 12)).toEqual([null, ids.s1, ids.s2, ids.s2]);
    for (const [slug, outletId] of [
      ["norte", norte],
      ["sur", sur],
    ] as const) {
      for (const [i, hour] of hours.entries()) {
        const lead = byslug.get(slug)!.leads[i];
        if (lead === null) continue;
        expect((await frontPageAt(db, outletId, hour + 30 * MINUTE))[0]?.articleId).toBe(lead);
      }
    }
    expect(byslug.get("oculto")).toMatchObject({ positionsWithheld: true, leads: hours.map(() => null) });
    expect(day.articles.get(ids.n1!)).toMatchObject({ storyId: story, headline: "Titular n1" });
    expect(day.storyNames.get(story)).toEqual(["dana", "valencia"]);
  });

  it("WEB-5: the worker's stored lead of each ranked capture gives the same day, and is what the page reads", async () => {
    const { db } = database;
    const hours = dayHours(DAY.start, DAY.end).map((h) => h.at);
    // The fixtures' captures were ranked by the worker's step (addFrontPages), which stored each one's lead.
    const leads = await db.execute<{ n: number }>(sql`select count(*)::int as n from frontpage_captures where lead_article_id is not null`);
    expect(leads[0]!.n).toBe(6);
    const stored = await loadDayLeads(db, await loadPolicies(db), hours);
    await db.execute(sql`update frontpage_captures set lead_article_id = null`);
    expect(await loadDayLeads(db, await loadPolicies(db), hours)).toEqual(stored);
    // A stored lead is read as it is: here set to El Norte's other article at 12:00.
    await db.execute(
      sql`update frontpage_captures set lead_article_id = ${ids.n2!} where outlet_id = ${norte} and at = ${new Date(at(12)).toISOString()}::timestamptz`,
    );
    const changed = await loadDayLeads(db, await loadPolicies(db), hours);
    expect(changed.outlets.find((o) => o.slug === "norte")!.leads.slice(12, 14)).toEqual([ids.n2, ids.n2]);
    // One whose article is gone is read as none.
    await db.execute(
      sql`update frontpage_captures set lead_article_id = 999999999 where outlet_id = ${norte} and at = ${new Date(at(12)).toISOString()}::timestamptz`,
    );
    const gone = await loadDayLeads(db, await loadPolicies(db), hours);
    expect(gone.outlets.find((o) => o.slug === "norte")!.leads.slice(12, 14)).toEqual([null, null]);
  });
});

describe("a day's leads over a generated history", () => {
  it("WEB-5: the leads the prominence step stores equal the leads ranked from the day's spans, every hour of every outlet", async () => {
    const history = await createTestDatabase();
    try {
      const end = Date.parse("2026-11-21T12:00:00Z");
      await seedHistory(
        history.sql,
        parseSeedOptions(["--outlets", "3", "--days", "3", "--seed", "leads", "--end", new Date(end).toISOString()], Date.now()),
      );
      const { db } = history;
      const stored = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from frontpage_captures where lead_article_id is not null`,
      );
      expect(stored[0]!.n).toBeGreaterThan(100);
      const day = parseDay("2026-11-20")!;
      const hours = dayHours(day.start, day.end).map((h) => h.at);
      const read = await loadDayLeads(db, await loadPolicies(db), hours);
      expect(read.outlets.flatMap((o) => o.leads).filter((l) => l !== null).length).toBeGreaterThan(24);
      await db.execute(sql`update frontpage_captures set lead_article_id = null`);
      expect(await loadDayLeads(db, await loadPolicies(db), hours)).toEqual(read);
    } finally {
      await history.close();
    }
  }, 120_000);
});
