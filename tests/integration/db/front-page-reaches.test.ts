/**
 * The reaches the triggers keep (front_page_reaches, read by the placement alert, SPEC WEB-6) equal
 * each article's first capture in the top N computed from its rank spans, for every N the alert
 * offers: on generated history loaded in bulk, on pages recorded by the crawler's writer (gaps,
 * failed captures, prominence steps), and after writes out of time order (a span added, moved,
 * lengthened, cut short and deleted in the past, an article deleted).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rankProminence } from "../../../crawler/derive/rank-prominence";
import { recordCapture, recordFailedCapture } from "../../../crawler/record/frontpage";
import type { Database } from "../../../db/client";
import { TOP_PLACES } from "../../../lib/pages/alert-params";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";
import { createDice } from "../../sim/dice";
import { addArticle, addOutlet } from "../../support/page-fixtures";

const END = Date.parse("2026-11-20T12:00:00Z");
const LOOK = 15 * 60_000;
const dice = createDice(11);
let database: Database;

/** Per article and N: its first capture with rank ≤ N and its rank then, as "article/N" → "at rank". */
type Firsts = Map<string, string>;

/** From the rank spans: the rank at each successful capture is 1 + the spans covering it with a lower position. */
async function firstsFromSpans(): Promise<Firsts> {
  const rows = await database.db.execute<{ article_id: string; at: string; rank: number }>(sql`
    select s.article_id::text, (extract(epoch from c.at) * 1000)::bigint::text as at,
      1 + (select count(*) from rank_spans o where o.outlet_id = s.outlet_id and o.position < s.position
           and o.from_at <= c.at and (o.to_at is null or o.to_at >= c.at))::int as rank
    from rank_spans s join frontpage_captures c on c.outlet_id = s.outlet_id and c.outcome = 'ok'
      and c.at >= s.from_at and (s.to_at is null or c.at <= s.to_at)
    order by c.at`);
  const firsts: Firsts = new Map();
  for (const r of rows)
    for (let n = r.rank; n <= TOP_PLACES.max; n++) {
      const key = `${r.article_id}/${n}`;
      if (!firsts.has(key)) firsts.set(key, `${r.at} ${r.rank}`);
    }
  return firsts;
}

/** From the stored reaches: a reach is the first time in the top N for N from its rank up to its previous reach's. */
async function firstsStored(): Promise<Firsts> {
  const rows = await database.db.execute<{ article_id: string; rank: number; at: string; previous_rank: number | null }>(sql`
    select article_id::text, rank, (extract(epoch from reached_at) * 1000)::bigint::text as at, previous_rank from front_page_reaches`);
  const firsts: Firsts = new Map();
  for (const r of rows)
    for (let n = r.rank; n < (r.previous_rank ?? TOP_PLACES.max + 1); n++) firsts.set(`${r.article_id}/${n}`, `${r.at} ${r.rank}`);
  return firsts;
}

async function expectStoredEqualsSpans(): Promise<number> {
  const want = await firstsFromSpans();
  expect(await firstsStored()).toEqual(want);
  return want.size;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedHistory(
    database.sql,
    parseSeedOptions(["--outlets", "2", "--days", "2", "--seed", "alcances", "--end", new Date(END).toISOString()], END),
  );
}, 300_000);
afterAll(async () => {
  await database?.close();
});

describe("the front-page reaches the triggers keep", () => {
  it("WEB-6: equal the first capture in each top N computed from the spans, on history loaded in bulk", async () => {
    expect(await expectStoredEqualsSpans()).toBeGreaterThan(100);
  });

  let outletId = 0;
  let ids: number[] = [];
  const T0 = END + 3_600_000;
  it("WEB-6: and on pages recorded capture by capture, with gaps, failed captures and prominence steps", async () => {
    const db = database.db;
    outletId = await addOutlet(db, "alcances");
    ids = [];
    for (let i = 0; i < 30; i++)
      ids.push(await addArticle(db, { outletId, path: `/${i}`, firstSeenAt: T0, headlines: [[`Titular ${i}`, T0, T0]] }));
    for (let n = 0; n < 80; n++) {
      const at = T0 + n * LOOK + (n >= 50 ? 3 * 3_600_000 : 0); // a gap longer than a span survives
      if (n % 13 === 5) {
        await recordFailedCapture(db, { outletId, at, outcome: "http-503", renderMode: "static" });
        continue;
      }
      const page = ids
        .filter((id) => dice.unit("shown", id, n >> 3) < 0.7)
        .sort((a, b) => dice.unit("order", a, n >> 2) - dice.unit("order", b, n >> 2));
      await recordCapture(db, { outletId, at, renderMode: "static", ranks: page.map((articleId, i) => ({ articleId, rank: i + 1 })) });
      if (n % 9 === 0) await rankProminence(db);
    }
    expect(await expectStoredEqualsSpans()).toBeGreaterThan(300);
  });

  it("WEB-6: and after writes out of time order: a span added, moved, lengthened and cut short in the past", async () => {
    const db = database.db;
    const mid = new Date(T0 + 20 * LOOK).toISOString();
    // A newcomer above everyone for an hour in the middle: later ranks fall, so stored reaches must go.
    const late = await addArticle(db, { outletId, path: "/tarde", firstSeenAt: T0, headlines: [["Tarde", T0, T0]] });
    await db.execute(sql`insert into rank_spans (article_id, outlet_id, position, from_at, to_at)
      values (${late}, ${outletId}, -1, ${mid}::timestamptz, ${mid}::timestamptz + interval '1 hour')`);
    await expectStoredEqualsSpans();
    await db.execute(sql`update rank_spans set position = 1e9 where article_id = ${late}`);
    await expectStoredEqualsSpans();
    await db.execute(sql`update rank_spans set position = -1, to_at = to_at + interval '2 hours' where article_id = ${late}`);
    await expectStoredEqualsSpans();
    await db.execute(sql`update rank_spans set to_at = from_at + interval '15 minutes' where article_id = ${late}`);
    await expectStoredEqualsSpans();
    // A span deleted on its own (its article stays): its article's reaches go, those below it rise.
    await db.execute(sql`delete from rank_spans where article_id = ${late}`);
    await expectStoredEqualsSpans();
  });

  it("WEB-6: and after an article is deleted (those below it rise)", async () => {
    const db = database.db;
    const [top] = await db.execute<{ article_id: string }>(sql`
      select article_id::text from front_page_reaches where outlet_id = ${outletId} and rank = 1 order by reached_at limit 1`);
    await db.execute(sql`delete from articles where id = ${top!.article_id}`);
    await expectStoredEqualsSpans();
    const [left] = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from front_page_reaches where article_id = ${top!.article_id}`,
    );
    expect(left!.n).toBe(0);
  });
});
