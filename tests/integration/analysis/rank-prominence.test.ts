/**
 * Stored prominence (SPEC DER-9): what the worker's steps add to each rank span equals the
 * prominence of the rank history the pages chart (db/figures/api/front-pages.ts), however the
 * steps fall — after every capture, a few captures at a time, or once — and two workers
 * ranking at once count no stretch twice.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rankProminence, rankProminenceStep, positionWeightSql } from "../../../crawler/derive/rank-prominence";
import { recordCapture, recordFailedCapture } from "../../../crawler/record/frontpage";
import type { Database } from "../../../db/client";
import { rankHistories } from "../../../db/figures/api/front-pages";
import { loadArticleProminence } from "../../../db/open-data/sql/prominence";
import { positionWeight, prominenceMinutes } from "../../../lib/analysis/prominence";
import { createDice } from "../../sim/dice";
import { createTestDatabase } from "../../support/database";
import { addArticle, addOutlet } from "../../support/page-fixtures";

const T0 = Date.parse("2026-10-05T06:00:00Z");
const LOOK = 10 * 60_000;
const CAPTURES = 40;
const ARTICLES = 24;
const dice = createDice(9);
let database: Database;
const articleIds: number[] = [];

/** Record one outlet's captures: a shuffled subset each time, some failed, and one gap longer than spans survive. */
async function crawl(outletId: number, ids: number[], rankAfterEach: boolean): Promise<void> {
  for (let n = 0; n < CAPTURES; n++) {
    const at = T0 + n * LOOK + (n >= 25 ? 3 * 3_600_000 : 0);
    if (dice.unit("failed", outletId, n) < 0.1) {
      await recordFailedCapture(database.db, { outletId, at, outcome: "blocked", renderMode: "static" });
      continue;
    }
    const page = ids
      .filter((id) => dice.unit("shown", id, n >> 2) < 0.6)
      .sort((a, b) => dice.unit("order", a, n >> 1) - dice.unit("order", b, n >> 1));
    await recordCapture(database.db, {
      outletId,
      at,
      renderMode: "static",
      ranks: page.map((articleId, i) => ({ articleId, rank: i + 1 })),
    });
    if (rankAfterEach) await rankProminence(database.db);
  }
}

/** Prominence of every article as the rank history gives it. */
async function fromHistories(): Promise<Map<number, number>> {
  const histories = await rankHistories(database.db, articleIds);
  return new Map(
    articleIds.map((id) => [id, prominenceMinutes((histories.get(id) ?? []).map((r) => ({ rank: r.rank, fromAt: r.from, toAt: r.to })))]),
  );
}

async function unrank(): Promise<void> {
  await database.db.execute(sql`update rank_spans set weighted_minutes = 0, ranked_through = null`);
  await database.db.execute(sql`update articles set weighted_minutes = 0`);
}

async function expectSame(stored: Map<number, number>, expected: Map<number, number>): Promise<void> {
  for (const id of articleIds) expect(stored.get(id), `article ${id}`).toBeCloseTo(expected.get(id)!, 6);
  // An article's figure is the sum of its spans'.
  const [apart] = await database.db.execute<{ n: number }>(sql`
    select count(*)::int as n from articles a
    where abs(a.weighted_minutes - coalesce((select sum(weighted_minutes) from rank_spans r where r.article_id = a.id), 0)) > 1e-6`);
  expect(apart!.n).toBe(0);
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (const slug of ["uno", "dos"]) {
    const outletId = await addOutlet(database.db, slug);
    const ids: number[] = [];
    for (let i = 0; i < ARTICLES; i++)
      ids.push(await addArticle(database.db, { outletId, path: `/${i}`, firstSeenAt: T0, headlines: [[`${slug} ${i}`, T0, T0]] }));
    articleIds.push(...ids);
    // "uno" is ranked after every capture, as a running worker does; "dos" only at the end.
    await crawl(outletId, ids, slug === "uno");
  }
});
afterAll(async () => {
  await database.close();
});

describe("stored prominence (DER-9)", () => {
  it("DER-9: the database's weight is positionWeight, rank by rank", async () => {
    const rows = await database.db.execute<{ rank: number; w: number }>(sql`
      select rank, ${positionWeightSql(sql`rank`)} as w from generate_series(1, 500) as rank`);
    for (const r of rows) expect(Number(r.w)).toBeCloseTo(positionWeight(Number(r.rank)), 12);
  });

  it("DER-9: ranked after every capture or at the end, each article's stored prominence is its rank history's", async () => {
    await rankProminence(database.db);
    const expected = await fromHistories();
    expect([...expected.values()].filter((m) => m > 0).length).toBeGreaterThan(ARTICLES);
    await expectSame(await loadArticleProminence(database.db, articleIds), expected);
    // Nothing is left to rank, so another round moves nothing.
    expect(await rankProminenceStep(database.db)).toBe(0);
  });

  it("DER-9: a backlog ranked two captures a step gives the same figures", async () => {
    const expected = await fromHistories();
    await unrank();
    expect([...(await loadArticleProminence(database.db, articleIds)).values()].every((m) => m === 0)).toBe(true);
    let steps = 0;
    while ((await rankProminenceStep(database.db, { maxCaptures: 2 })) > 0) steps++;
    expect(steps).toBeGreaterThan(CAPTURES / 2);
    await expectSame(await loadArticleProminence(database.db, articleIds), expected);
  });

  it("DER-9: two workers stepping at once count every stretch once", async () => {
    const expected = await fromHistories();
    await unrank();
    for (;;) {
      const [a, b] = await Promise.all([
        rankProminenceStep(database.db, { maxCaptures: 3 }),
        rankProminenceStep(database.db, { maxCaptures: 3 }),
      ]);
      if (a + b === 0) break;
    }
    await expectSame(await loadArticleProminence(database.db, articleIds), expected);
  });
});
