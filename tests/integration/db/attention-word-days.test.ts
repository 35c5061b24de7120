/**
 * Attention over time from the daily counts per headline word (SPEC WEB-9): the counts the
 * triggers keep equal the counts computed from every headline version, article and span, on
 * generated history and after the writes that change them later (new headline versions, spans
 * added and ranked, versions, articles and an outlet deleted); and a one-word series read from
 * them equals the full computation, for every outlet, one outlet and outlets whose positions are
 * hidden (PUB-6).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { computeAttentionCounts, loadAttentionCounts, type AttentionFilter } from "../../../db/queries/site/attention-series";
import type { AttentionCount } from "../../../lib/pages/attention";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";

const END = Date.parse("2026-11-20T12:00:00Z");
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedHistory(
    database.sql,
    parseSeedOptions(["--outlets", "4", "--days", "5", "--seed", "palabras", "--end", new Date(END).toISOString()], END),
  );
}, 300_000);
afterAll(async () => {
  await database?.close();
});

/** Rows of the stored counts that differ from a count over every row, both ways (minutes to a millionth). */
async function storedCountsWrong(): Promise<{ wrong: number; kept: number }> {
  const [row] = await database.db.execute<{ wrong: number; kept: number }>(sql`
    with truth as (
      select t.word, t.outlet_id, t.day, sum(t.articles)::int as articles, round(sum(t.minutes)::numeric, 6) as minutes from (
        select v.word, a.outlet_id, (a.first_seen_at at time zone 'Europe/Madrid')::date as day, count(*) as articles, 0::float8 as minutes
        from articles a cross join lateral (
          select distinct unnest(tsvector_to_array(to_tsvector('spanish', search_fold(h.text)))) as word from headline_versions h where h.article_id = a.id) v
        group by 1, 2, 3
        union all
        select v.word, s.outlet_id, (s.from_at at time zone 'Europe/Madrid')::date, 0, sum(s.weighted_minutes)
        from rank_spans s cross join lateral (
          select distinct unnest(tsvector_to_array(to_tsvector('spanish', search_fold(h.text)))) as word from headline_versions h where h.article_id = s.article_id) v
        group by 1, 2, 3) t
      group by 1, 2, 3 having sum(t.articles) > 0 or round(sum(t.minutes)::numeric, 6) <> 0
    ), kept as (
      select word, outlet_id, day, articles, round(minutes::numeric, 6) as minutes from headline_word_days
      where articles > 0 or round(minutes::numeric, 6) <> 0
    )
    select ((select count(*) from (select * from truth except select * from kept) a)
      + (select count(*) from (select * from kept except select * from truth) b))::int as wrong,
      (select count(*) from kept)::int as kept`);
  return row!;
}

/** The most frequent headline words, and a rare one. */
async function someWords(): Promise<string[]> {
  const rows = await database.db.execute<{ word: string }>(sql`
    (select word from headline_word_days group by word order by sum(articles) desc, word limit 4)
    union all (select word from headline_word_days group by word order by sum(articles), word limit 1)`);
  return rows.map((r) => r.word);
}

const sorted = (rows: AttentionCount[]) =>
  [...rows]
    .sort((a, b) => a.day.localeCompare(b.day) || a.outlet.localeCompare(b.outlet))
    .map((r) => ({ ...r, prominenceMinutes: r.prominenceMinutes === null ? null : Math.round(r.prominenceMinutes * 1e6) / 1e6 }));

/** Every word × period × outlet choice: the series from the stored counts equals the full computation. */
async function expectSameSeries(): Promise<number> {
  const db = database.db;
  const outlets = await db.execute<{ id: number; slug: string }>(sql`select id, slug from outlets order by id`);
  const searchable = new Map(outlets.map((o) => [o.id, o.slug]));
  const ids = [...searchable.keys()];
  const periods = [
    { from: "2026-11-10", to: "2026-11-20" },
    { from: "2026-11-17", to: "2026-11-18" },
  ];
  let compared = 0;
  for (const q of await someWords()) {
    for (const period of periods) {
      for (const choice of [
        { positionsShown: new Set(ids) },
        { positionsShown: new Set(ids.slice(1)) },
        { positionsShown: new Set(ids), outletId: ids[0] },
      ]) {
        const f: AttentionFilter = { q, ...period, searchable, ...choice };
        const chosen = ids.filter((id) => f.outletId === undefined || id === f.outletId);
        const fast = await loadAttentionCounts(db, f);
        const full = await computeAttentionCounts(
          db,
          f,
          chosen,
          chosen.filter((id) => f.positionsShown.has(id)),
        );
        expect(sorted(fast), `${q} ${period.from}…${period.to} ${JSON.stringify(f.outletId)}`).toEqual(sorted(full));
        compared += full.length;
      }
    }
  }
  return compared;
}

describe("the daily counts per headline word", () => {
  it("WEB-9: on generated history they equal the counts over every row, and a one-word series equals the full computation", async () => {
    const found = await storedCountsWrong();
    expect(found.kept).toBeGreaterThan(0);
    expect(found.wrong).toBe(0);
    expect(await expectSameSeries()).toBeGreaterThan(0);
  }, 300_000);

  it("WEB-9, PUB-6: they follow new headlines, spans added and ranked, and deleted headlines, articles and outlets", async () => {
    const db = database.db;
    // A later headline version with new words and one already in the article's first headline.
    await db.execute(sql`
      insert into headline_versions (article_id, outlet_id, text, text_hash, first_seen_at, last_seen_at, seen_in)
      select a.id, a.outlet_id, 'Vivienda y alquiler: ' || v.text, md5('otra' || a.id), a.first_seen_at + interval '3 hours', a.first_seen_at + interval '3 hours', '{feed}'
      from articles a join lateral (select text from headline_versions h where h.article_id = a.id order by id limit 1) v on true
      where a.id in (select article_id from rank_spans order by article_id limit 30)`);
    // Spans added with minutes, spans ranked further (the prominence step), one moved to the next day.
    await db.execute(sql`
      insert into rank_spans (article_id, outlet_id, position, from_at, to_at, weighted_minutes)
      select article_id, outlet_id, 40, max(coalesce(to_at, from_at)) + interval '20 hours', null, 7.25 from rank_spans
      where article_id in (select article_id from rank_spans order by article_id desc limit 10)
      group by article_id, outlet_id`);
    await db.execute(sql`update rank_spans set weighted_minutes = weighted_minutes + 1.5 where to_at is null`);
    await db.execute(sql`update rank_spans set from_at = from_at + interval '1 day'
      where (article_id, from_at) = (select article_id, from_at from rank_spans where weighted_minutes > 0 order by article_id limit 1)`);
    expect((await storedCountsWrong()).wrong).toBe(0);
    // A headline deleted alone, articles deleted (retention, an exclusion), an outlet deleted with its rows.
    await db.execute(sql`delete from headline_versions where id in (
      select max(id) from headline_versions group by article_id having count(*) >= 2 order by 1 limit 5)`);
    await db.execute(
      sql`delete from articles where id in (select article_id from rank_spans where weighted_minutes > 0 order by article_id limit 6)`,
    );
    const [gone] = await db.execute<{ id: number }>(sql`select id from outlets order by id desc limit 1`);
    await db.execute(sql`delete from outlets where id = ${gone!.id}`);
    expect((await storedCountsWrong()).wrong).toBe(0);
    const [left] = await db.execute<{ n: number }>(sql`select count(*)::int as n from headline_word_days where outlet_id = ${gone!.id}`);
    expect(left!.n).toBe(0);
    expect(await expectSameSeries()).toBeGreaterThan(0);
  }, 300_000);

  it("WEB-9: moves no writer makes today (a version's article, an article's first sighting) are followed too", async () => {
    const db = database.db;
    await db.execute(sql`update headline_versions set article_id = (select min(id) from articles)
      where id = (select max(id) from headline_versions where article_id <> (select min(id) from articles))`);
    await db.execute(sql`update articles set first_seen_at = first_seen_at - interval '2 days'
      where id in (select article_id from rank_spans order by article_id limit 3)`);
    expect((await storedCountsWrong()).wrong).toBe(0);
  });
});
