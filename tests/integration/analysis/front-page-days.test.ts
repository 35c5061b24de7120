/**
 * The front-page days the worker keeps (SPEC DER-7, DER-9): per article and peninsular day, the
 * best rank and the time on the front page, at rank 1 and in the top 10 equal what the rank
 * intervals of the captures give for that day, however the ranking steps fall; each article's totals
 * equal the sum of its days; an outlet's figures over a period read from them equal the figures
 * ranked per request, whether an article's days fall inside the period's whole days, cross either
 * end, or come back in the stretch not ranked yet; deleting an article deletes its days and totals.
 * On a simulated crawl across midnight and on generated history.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rankProminence, rankProminenceStep } from "../../../crawler/derive/rank-prominence";
import { recordCapture, recordFailedCapture } from "../../../crawler/record/frontpage";
import type { Database } from "../../../db/client";
import { outletRankIntervals } from "../../../db/figures/api/front-pages";
import { loadTopStoryTimelines } from "../../../db/figures/outlet-page/front";
import { perArticleOverPeriod, splitPeriod, storedThrough } from "../../../db/figures/outlet-page/front-days";
import { OPEN_POLICY as OPEN } from "../../../lib/policy";
import { parseDay, shiftDay } from "../../../lib/pages/peninsular-time";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createDice } from "../../sim/dice";
import { createTestDatabase } from "../../support/database";
import { addArticle, addOutlet } from "../../support/page-fixtures";

// 21:00 in Madrid (summer time): the crawl runs past two midnights.
const T0 = Date.parse("2026-10-05T19:00:00Z");
const LOOK = 20 * 60_000;
const CAPTURES = 90;
const ARTICLES = 20;
const dice = createDice(11);
let database: Database;
let outletId = 0;

interface Figures {
  best: number;
  onMs: number;
  leadMs: number;
  top10Ms: number;
}

/** What the rank intervals of the captures give for the peninsular day [start, end), per article. */
async function ranked(outlet: number, start: number, end: number): Promise<Map<number, Figures>> {
  const from = new Date(start).toISOString();
  const to = new Date(end).toISOString();
  // The page between two captures is the earlier one's: the day ends with the stretch from its
  // last capture to the next day's first, clipped at midnight.
  const beyond = sql`coalesce((select min(at) from frontpage_captures
    where outlet_id = ${outlet} and outcome = 'ok' and at >= ${to}::timestamptz), ${to}::timestamptz)`;
  const rows = await database.db.execute<{ article_id: string; best: number; on_ms: number; lead_ms: number; top10_ms: number }>(sql`
    select article_id, min(rank) as best,
      sum(extract(epoch from least(to_at, ${to}::timestamptz) - greatest(from_at, ${from}::timestamptz))) * 1000 as on_ms,
      coalesce(sum(extract(epoch from least(to_at, ${to}::timestamptz) - greatest(from_at, ${from}::timestamptz))) filter (where rank = 1), 0) * 1000 as lead_ms,
      coalesce(sum(extract(epoch from least(to_at, ${to}::timestamptz) - greatest(from_at, ${from}::timestamptz))) filter (where rank <= 10), 0) * 1000 as top10_ms
    from (${outletRankIntervals(outlet, from, sql`(${beyond})`)}) i where from_at < ${to}::timestamptz group by article_id`);
  return new Map(
    rows.map((r) => [
      Number(r.article_id),
      { best: r.best, onMs: Number(r.on_ms), leadMs: Number(r.lead_ms), top10Ms: Number(r.top10_ms) },
    ]),
  );
}

/** The stored days of [fromDay, toDay), per article. */
async function stored(outlet: number, fromDay: string, toDay: string): Promise<Map<number, Figures>> {
  const rows = await database.db.execute<{ article_id: string; best: number; on_s: number; lead_s: number; top10_s: number }>(sql`
    select article_id, min(best_rank) as best, sum(front_seconds) as on_s, sum(lead_seconds) as lead_s, sum(top10_seconds) as top10_s
    from front_page_days where outlet_id = ${outlet} and day >= ${fromDay}::date and day < ${toDay}::date group by article_id`);
  return new Map(
    rows.map((r) => [
      Number(r.article_id),
      { best: r.best, onMs: Number(r.on_s) * 1000, leadMs: Number(r.lead_s) * 1000, top10Ms: Number(r.top10_s) * 1000 },
    ]),
  );
}

function expectEqual(actual: Map<number, Figures>, expected: Map<number, Figures>, what: string): void {
  expect([...actual.keys()].sort(), what).toEqual([...expected.keys()].sort());
  for (const [id, e] of expected) {
    const a = actual.get(id)!;
    expect(a.best, `${what}: best rank of ${id}`).toBe(e.best);
    expect(a.onMs, `${what}: time of ${id}`).toBeCloseTo(e.onMs, 0);
    expect(a.leadMs, `${what}: time at rank 1 of ${id}`).toBeCloseTo(e.leadMs, 0);
    expect(a.top10Ms, `${what}: time in the top 10 of ${id}`).toBeCloseTo(e.top10Ms, 0);
  }
}

/** Every peninsular day from `first` to `last`: stored equals ranked. */
async function expectDaysEqual(outlet: number, first: string, last: string): Promise<number> {
  let shown = 0;
  for (let day = first; day <= last; day = shiftDay(day, 1)) {
    const { start, end } = parseDay(day)!;
    const expected = await ranked(outlet, start, end);
    shown += expected.size;
    expectEqual(await stored(outlet, day, shiftDay(day, 1)), expected, day);
  }
  return shown;
}

/** Per article over [start, end): read through the stored days against ranked per request. */
async function expectPeriodEqual(outlet: number, start: number, end: number): Promise<void> {
  const split = splitPeriod({ start, end }, await storedThrough(database.db, outlet));
  expect(split.days, "the period holds whole stored days").not.toBeNull();
  const read = async (s: typeof split) =>
    (await database.db.execute<{ article_id: string; best_rank: number; on_ms: number; lead_ms: number }>(perArticleOverPeriod(outlet, s)))
      .map((r) => [Number(r.article_id), r.best_rank, Math.round(Number(r.on_ms)), Math.round(Number(r.lead_ms))])
      .sort((a, b) => a[0]! - b[0]!);
  expect(await read(split)).toEqual(await read({ days: null, ranked: [{ start, end }] }));
}

/** Every article's stored totals equal the sum of its stored days (nothing more, nothing less). */
async function expectTotalsEqualDays(): Promise<void> {
  const rows = (q: ReturnType<typeof sql>) =>
    database.db
      .execute<{ article_id: string; outlet_id: number; first_day: string; last_day: string; best: number; on_s: number; lead_s: number }>(
        q,
      )
      .then((r) =>
        r.map((x) => [
          Number(x.article_id),
          x.outlet_id,
          String(x.first_day),
          String(x.last_day),
          x.best,
          Math.round(x.on_s * 1000),
          Math.round(x.lead_s * 1000),
        ]),
      );
  const totals = await rows(sql`
    select article_id, outlet_id, first_day::text, last_day::text, best_rank as best, front_seconds as on_s, lead_seconds as lead_s
    from front_page_totals order by article_id`);
  const days = await rows(sql`
    select article_id, min(outlet_id) as outlet_id, min(day)::text as first_day, max(day)::text as last_day, min(best_rank) as best,
      sum(front_seconds) as on_s, sum(lead_seconds) as lead_s
    from front_page_days group by article_id order by article_id`);
  expect(days.length, "some days are stored").toBeGreaterThan(0);
  expect(totals).toEqual(days);
}

beforeAll(async () => {
  database = await createTestDatabase();
  outletId = await addOutlet(database.db, "medianoche");
  const ids: number[] = [];
  for (let i = 0; i < ARTICLES; i++)
    ids.push(await addArticle(database.db, { outletId, path: `/${i}`, firstSeenAt: T0, headlines: [[`titular ${i}`, T0, T0]] }));
  for (let n = 0; n < CAPTURES; n++) {
    const at = T0 + n * LOOK + (n >= 60 ? 3 * 3_600_000 : 0) + Math.floor(dice.unit("jitter", n) * 60_000);
    if (dice.unit("failed", n) < 0.1) {
      await recordFailedCapture(database.db, { outletId, at, outcome: "blocked", renderMode: "static" });
      continue;
    }
    const page = ids
      .filter((id) => dice.unit("shown", id, n >> 2) < 0.7)
      .sort((a, b) => dice.unit("order", a, n >> 1) - dice.unit("order", b, n >> 1));
    await recordCapture(database.db, {
      outletId,
      at,
      renderMode: "static",
      ranks: page.map((articleId, i) => ({ articleId, rank: i + 1 })),
    });
    // Ranked as a running worker does, every few captures.
    if (n % 7 === 0) await rankProminence(database.db);
  }
  await rankProminence(database.db);
});
afterAll(async () => {
  await database.close();
});

describe("front-page days (DER-7)", () => {
  it("DER-7: each day's stored best rank and times equal the day's rank intervals, ranked as captures came", async () => {
    expect(await expectDaysEqual(outletId, "2026-10-05", "2026-10-07")).toBeGreaterThan(2 * ARTICLES);
    await expectTotalsEqualDays();
  });

  it("DER-7: a backlog ranked three captures a step stores the same days", async () => {
    await database.db.execute(sql`update rank_spans set weighted_minutes = 0, ranked_through = null`);
    await database.db.execute(sql`delete from front_page_days`);
    while ((await rankProminenceStep(database.db, { maxCaptures: 3 })) > 0);
    await expectDaysEqual(outletId, "2026-10-05", "2026-10-07");
    await expectTotalsEqualDays();
  });

  it("DER-7: an outlet's figures over a period read from the stored days equal those ranked per request", async () => {
    await expectPeriodEqual(outletId, T0 + 90 * 60_000, T0 + 40 * 3_600_000);
    await expectPeriodEqual(outletId, parseDay("2026-10-05")!.start, parseDay("2026-10-07")!.end);
    // One whole day, every link of it shown the day before or after as well: no stretch ranked per request.
    await expectPeriodEqual(outletId, parseDay("2026-10-06")!.start, parseDay("2026-10-06")!.end);
  });

  it("WEB-2, WEB-5: a period of whole days draws the stories best ranked in it, with their rank history in it", async () => {
    const start = parseDay("2026-10-05")!.start,
      end = parseDay("2026-10-07")!.end;
    const timelines = await loadTopStoryTimelines(database.db, outletId, OPEN, { start, end });
    const perRequest = await database.db.execute<{ article_id: string; best_rank: number }>(sql`
      select article_id, best_rank from (${perArticleOverPeriod(outletId, { days: null, ranked: [{ start, end }] })}) t
      order by best_rank, on_ms desc, article_id limit 5`);
    expect(timelines.series.map((s) => [s.articleId, s.bestRank])).toEqual(perRequest.map((r) => [Number(r.article_id), r.best_rank]));
    for (const s of timelines.series) {
      expect(Math.min(...s.spans.map((x) => x.rank))).toBe(s.bestRank);
      expect(s.spans.every((x) => x.fromAt >= start && x.toAt <= end && x.fromAt <= x.toAt)).toBe(true);
    }
  });

  it("DER-7: deleting an article (retention, exclusion) deletes its days and totals", async () => {
    const [one] = await database.db.execute<{ article_id: string }>(sql`select article_id from front_page_days limit 1`);
    await database.db.execute(sql`delete from articles where id = ${one!.article_id}`);
    const [left] = await database.db.execute<{ n: number }>(sql`
      select (select count(*) from front_page_days where article_id = ${one!.article_id})::int
        + (select count(*) from front_page_totals where article_id = ${one!.article_id})::int as n`);
    expect(left!.n).toBe(0);
    // A day removed on its own, as a restore's rewrite could: the totals follow.
    const [day] = await database.db.execute<{ article_id: string; day: string }>(sql`
      select article_id, day::text from front_page_days order by article_id, day desc limit 1`);
    await database.db.execute(sql`delete from front_page_days where article_id = ${day!.article_id} and day = ${day!.day}::date`);
    await expectTotalsEqualDays();
  });

  it("DER-7: on generated history (3 outlets × 4 days), every stored day equals its rank intervals", async () => {
    const options = parseSeedOptions(["--outlets", "3", "--days", "4", "--seed", "dias", "--end", "2026-11-20T12:00:00Z"], Date.now());
    await seedHistory(database.sql, options);
    const outlets = await database.db.execute<{ id: number }>(sql`select id from outlets where slug <> 'medianoche' order by id`);
    expect(outlets.length).toBe(3);
    for (const o of outlets) {
      expect(await expectDaysEqual(o.id, "2026-11-17", "2026-11-20")).toBeGreaterThan(0);
      await expectPeriodEqual(o.id, Date.parse("2026-11-16T15:00:00Z"), Date.parse("2026-11-20T09:30:00Z"));
    }
    await expectTotalsEqualDays();
    // A link whose stored days all fall in the period's whole days comes back after the last ranked capture: the
    // stretch not ranked yet adds to its totals.
    const o = outlets[0]!.id;
    const [back] = await database.db.execute<{ article_id: string }>(sql`
      select article_id from front_page_totals where outlet_id = ${o} and last_day = '2026-11-18' order by front_seconds desc limit 1`);
    expect(back, "a link last shown two days before the end").toBeDefined();
    await recordCapture(database.db, {
      outletId: o,
      at: Date.parse("2026-11-20T13:00:00Z"),
      renderMode: "static",
      ranks: [{ articleId: Number(back!.article_id), rank: 1 }],
    });
    await expectPeriodEqual(o, parseDay("2026-11-17")!.start, Date.parse("2026-11-20T14:00:00Z"));
  });
});
