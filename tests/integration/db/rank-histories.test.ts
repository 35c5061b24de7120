/**
 * Articles' rank over time read back from rank spans (SPEC STO-1, DER-7): `rankHistories`, which
 * walks each span's events (the starts and ends of the spans placed above it), against a reference
 * that ranks every capture the span covers from rows, on a generated history: articles of many
 * outlets at once (a story's), spans still open, and an outlet's several articles together.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { rankHistories, type RankInterval } from "../../../db/figures/api/front-pages";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";

const END = Date.parse("2026-11-20T12:00:00Z");
let database: Database;

interface Span {
  articleId: number;
  outletId: number;
  position: number;
  from: number;
  to: number | null;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const options = parseSeedOptions(["--outlets", "5", "--days", "3", "--seed", "rangos", "--end", new Date(END).toISOString()], Date.now());
  await seedHistory(database.sql, options);
}, 300_000);

afterAll(async () => {
  await database?.close();
});

/** Each capture of each span ranked from rows: 1 + the spans of lower position covering it; runs of one rank are intervals. */
async function byRows(articleIds: readonly number[]): Promise<Map<number, RankInterval[]>> {
  const { db } = database;
  const spans = (
    await db.execute<{ article_id: string; outlet_id: number; position: number; from_at: string; to_at: string | null }>(
      sql`select article_id, outlet_id, position, from_at, to_at from rank_spans`,
    )
  ).map((r): Span => ({
    articleId: Number(r.article_id),
    outletId: r.outlet_id,
    position: Number(r.position),
    from: Date.parse(r.from_at),
    to: r.to_at === null ? null : Date.parse(r.to_at),
  }));
  const captures = new Map<number, number[]>();
  for (const r of await db.execute<{ outlet_id: number; at: string }>(
    sql`select outlet_id, at from frontpage_captures where outcome = 'ok' order by at`,
  ))
    (captures.get(r.outlet_id) ?? captures.set(r.outlet_id, []).get(r.outlet_id)!).push(Date.parse(r.at));
  const covers = (s: Span, at: number) => s.from <= at && (s.to === null || at <= s.to);
  const out = new Map<number, RankInterval[]>();
  for (const id of articleIds) {
    const mine = spans.filter((s) => s.articleId === id).sort((a, b) => a.from - b.from);
    const intervals: RankInterval[] = [];
    for (const m of mine) {
      const seen = (captures.get(m.outletId) ?? []).filter((at) => covers(m, at));
      const ranked = seen.map((at) => ({
        at,
        rank: 1 + spans.filter((s) => s.outletId === m.outletId && s.position < m.position && covers(s, at)).length,
      }));
      const starts = ranked.filter((r, i) => i === 0 || ranked[i - 1]!.rank !== r.rank);
      starts.forEach((r, i) => intervals.push({ rank: r.rank, from: r.at, to: starts[i + 1]?.at ?? seen[seen.length - 1]! }));
    }
    if (intervals.length > 0) out.set(id, intervals);
  }
  return out;
}

describe("rank histories (STO-1, DER-7)", () => {
  it("equal the ranking of every capture from rows, for a story's articles across outlets", async () => {
    const { db } = database;
    const [story] = await db.execute<{ story_id: string }>(sql`
      select a.story_id from articles a join rank_spans r on r.article_id = a.id where a.story_id is not null
      group by a.story_id order by count(distinct a.outlet_id) desc, a.story_id limit 1`);
    const ids = (await db.execute<{ id: string }>(sql`select id from articles where story_id = ${story!.story_id}`)).map((r) =>
      Number(r.id),
    );
    const outlets = await db.execute<{ n: number }>(
      sql`select count(distinct outlet_id)::int as n from rank_spans where article_id in ${sql.raw(`(${ids.join(",")})`)}`,
    );
    expect(outlets[0]!.n).toBeGreaterThanOrEqual(3);
    expect(await rankHistories(db, ids)).toEqual(await byRows(ids));
  });

  it("equal it for open spans, and for many articles of one outlet read together", async () => {
    const { db } = database;
    const open = (
      await db.execute<{ article_id: string }>(sql`select article_id from rank_spans where to_at is null order by article_id limit 12`)
    ).map((r) => Number(r.article_id));
    expect(open.length).toBeGreaterThan(5);
    expect(await rankHistories(db, open)).toEqual(await byRows(open));
    const crowd = (
      await db.execute<{ article_id: string }>(sql`
        select article_id from rank_spans where outlet_id = (select min(outlet_id) from rank_spans)
        group by article_id order by min(from_at) limit 40`)
    ).map((r) => Number(r.article_id));
    const histories = await rankHistories(db, crowd);
    expect([...histories.values()].some((h) => new Set(h.map((i) => i.rank)).size > 1)).toBe(true);
    expect(histories).toEqual(await byRows(crowd));
  });

  it("equal it once captures under the spans are gone: ranks come from the captures that exist", async () => {
    const { db } = database;
    const outlet = sql`(select min(outlet_id) from rank_spans)`;
    const crowd = (
      await db.execute<{ article_id: string }>(
        sql`select distinct article_id from rank_spans where outlet_id = ${outlet} order by article_id limit 60`,
      )
    ).map((r) => Number(r.article_id));
    const before = await rankHistories(db, crowd);
    // The latest captures and every fifth of the rest (retention, a capture found wrong): spans now start or end between captures.
    await db.execute(sql`
      delete from frontpage_captures where outlet_id = ${outlet} and outcome = 'ok'
        and (at > ${new Date(END - 3 * 3_600_000).toISOString()}::timestamptz or (extract(epoch from at)::bigint / 60) % 5 = 0)`);
    const after = await rankHistories(db, crowd);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await byRows(crowd));
  });
});
