/**
 * The outlet page's figures read from the covering index and the stays the triggers keep (SPEC OPS-8)
 * equal the figures read from rows: publication delay (DER-8), section mix (WEB-1) and link half-life
 * (DER-7), on generated history and after the writes the worker makes later (spans closed, moved and
 * added, articles read, an article and an outlet deleted).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadPolicies } from "../../../db/policies-in-force";
import { loadPublicationDelay } from "../../../db/queries/outlet-page/delay";
import { loadFrontPageTime } from "../../../db/figures/outlet-page/front-time";
import { loadSectionMix } from "../../../db/queries/outlet-page/mix";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";
import { delayByRows, halfLifeByRows, sectionMixByRows } from "./outlet-page-by-rows/figures";

const END = Date.parse("2026-11-20T12:00:00Z");
const DAY = 86_400_000;
let database: Database;

/** The default week, the whole history, odd edges, a peninsular midnight at either end, and a past period. */
const PERIODS = [
  { start: END - 7 * DAY, end: END },
  { start: END - 365 * DAY, end: END },
  { start: Date.parse("2026-11-15T09:17:00Z"), end: Date.parse("2026-11-19T16:41:00Z") },
  { start: Date.parse("2026-11-15T23:00:00Z"), end: Date.parse("2026-11-18T23:00:00Z") },
  { start: Date.parse("2026-11-14T04:00:00Z"), end: Date.parse("2026-11-17T20:00:00Z") },
];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedHistory(
    database.sql,
    parseSeedOptions(["--outlets", "5", "--days", "6", "--seed", "estancias", "--end", new Date(END).toISOString()], END),
  );
}, 300_000);
afterAll(async () => {
  await database?.close();
});

/** Compares every outlet and period; returns the links and articles compared, so that a test can say it was not empty. */
async function expectSameFigures(): Promise<{ links: number; halves: number; declared: number; sections: number }> {
  const db = database.db;
  const policies = await loadPolicies(db);
  const seen = { links: 0, halves: 0, declared: 0, sections: 0 };
  const outletIds = (await db.execute<{ id: number }>(sql`select id from outlets order by id`)).map((r) => r.id);
  for (const id of outletIds) {
    for (const period of PERIODS) {
      const at = `outlet ${id}, ${new Date(period.start).toISOString()} – ${new Date(period.end).toISOString()}`;
      const delay = await loadPublicationDelay(db, id, period);
      expect(delay, `delay, ${at}`).toEqual(await delayByRows(db, id, period));
      const mix = await loadSectionMix(db, id, period);
      expect(mix, `section mix, ${at}`).toEqual(await sectionMixByRows(db, id, period));
      const time = await loadFrontPageTime(db, id, policies.forOutlet(id), period);
      const half = await halfLifeByRows(db, id, period);
      expect({ links: time.halfLifeLinks, halfMs: time.halfLifeMs === null ? null : time.halfLifeMs }, `half-life, ${at}`).toEqual({
        links: half.links,
        halfMs: time.halfLifeMs === null ? null : half.halfMs,
      });
      seen.links += half.links;
      if (time.halfLifeMs !== null) seen.halves++;
      seen.declared += delay.declared;
      seen.sections += mix.sections.length;
    }
  }
  return seen;
}

describe("the outlet page's delay, section mix and half-life", () => {
  it("DER-7, DER-8, WEB-1: on generated history they equal the figures read from rows", async () => {
    const [stays] = await database.db.execute<{ stays: number; articles: number }>(sql`
      select (select count(*) from front_page_stays)::int as stays,
        (select count(distinct article_id) from rank_spans)::int as articles`);
    expect(stays!.stays).toBeGreaterThan(0);
    expect(stays!.stays).toBe(stays!.articles);
    const seen = await expectSameFigures();
    expect(seen.links).toBeGreaterThan(0);
    expect(seen.halves).toBeGreaterThan(0);
    expect(seen.declared).toBeGreaterThan(0);
    expect(seen.sections).toBeGreaterThan(0);
  }, 300_000);

  it("DER-7, DER-8, WEB-1: they follow spans closed, moved and added, reads, and deleted articles and outlets", async () => {
    const db = database.db;
    // Spans the next capture closes, one whose end moves back, a span added to an article that had left.
    await db.execute(sql`update rank_spans set to_at = from_at + interval '40 minutes'
      where (article_id, from_at) in (select article_id, from_at from rank_spans where to_at is null order by article_id limit 12)`);
    await db.execute(sql`update rank_spans set to_at = to_at - interval '2 hours'
      where (article_id, from_at) in (select article_id, from_at from rank_spans where to_at - from_at > interval '3 hours' order by article_id limit 8)`);
    await db.execute(sql`
      insert into rank_spans (article_id, outlet_id, position, from_at, to_at)
      select article_id, outlet_id, 99, max(to_at) + interval '5 hours', null from rank_spans
      where article_id in (select article_id from rank_spans where to_at is not null group by article_id order by article_id desc limit 6)
      group by article_id, outlet_id`);
    // The prominence step's updates of open spans touch no stay.
    await db.execute(sql`update rank_spans set weighted_minutes = weighted_minutes + 1 where to_at is null`);
    // Reads arrive after the article, with a section; a deleted article (retention, an exclusion) and a deleted outlet.
    await db.execute(sql`
      update articles set read_at = first_seen_at + interval '1 hour', section = 'Sucesos'
      where id in (select id from articles where read_at is null order by id limit 40)`);
    await db.execute(sql`delete from articles where id in (select article_id from front_page_stays order by article_id limit 5)`);
    const [gone] = await db.execute<{ id: number }>(sql`select id from outlets order by id desc limit 1`);
    await db.execute(sql`delete from outlets where id = ${gone!.id}`);
    const [stays] = await db.execute<{ wrong: number }>(sql`
      select count(*)::int as wrong from (
        select article_id, outlet_id, entered_at, left_at, open from front_page_stays
        except
        select article_id, min(outlet_id), min(from_at), max(to_at), bool_or(to_at is null) from rank_spans group by article_id) w`);
    expect(stays!.wrong).toBe(0);
    const [left] = await db.execute<{ n: number }>(sql`select count(*)::int as n from front_page_stays where outlet_id = ${gone!.id}`);
    expect(left!.n).toBe(0);
    await expectSameFigures();
  }, 300_000);

  it("DER-6: the articles with two or more versions follow new versions, ties, moved and deleted versions, and moved first sightings", async () => {
    const db = database.db;
    const differences = async () => {
      const [row] = await db.execute<{ wrong: number; kept: number }>(sql`
        select (select count(*) from (
          (select article_id, outlet_id, article_seen_at from versioned_articles
           except select a.id, a.outlet_id, a.first_seen_at from articles a
           where a.id in (select article_id from headline_versions group by article_id having count(*) >= 2))
          union all
          (select a.id, a.outlet_id, a.first_seen_at from articles a
           where a.id in (select article_id from headline_versions group by article_id having count(*) >= 2)
           except select article_id, outlet_id, article_seen_at from versioned_articles)) w)::int as wrong,
          (select count(*) from versioned_articles)::int as kept`);
      return row!;
    };
    expect((await differences()).kept).toBeGreaterThan(0);
    expect((await differences()).wrong).toBe(0);
    // A second version seen at the same moment as the first (a feed and the front page in one look): a tie, no change.
    await db.execute(sql`
      insert into headline_versions (article_id, text, text_hash, first_seen_at, last_seen_at, seen_in)
      select a.id, 'Titular gemelo ' || a.id, md5('gemelo' || a.id), v.first_seen_at, v.last_seen_at, '{feed}'
      from articles a join headline_versions v on v.article_id = a.id
      where a.id in (select article_id from headline_versions group by article_id having count(*) = 1 order by article_id limit 5)`);
    // A version moved to another article, versions deleted, an article's first sighting moved.
    await db.execute(sql`
      update headline_versions set article_id = (select min(id) from articles)
      where id = (select max(id) from headline_versions where article_id in (select article_id from versioned_articles))`);
    await db.execute(sql`
      delete from headline_versions where id in (
        select max(id) from headline_versions where article_id in (select article_id from versioned_articles order by article_id desc limit 4)
        group by article_id)`);
    await db.execute(sql`update articles set first_seen_at = first_seen_at - interval '3 days'
      where id in (select article_id from versioned_articles order by article_id limit 3)`);
    expect((await differences()).wrong).toBe(0);
  });
});
