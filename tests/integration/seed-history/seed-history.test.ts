/**
 * The history generator (`npm run seed:history`) on a small run (5 outlets × 3 days):
 * consistent data — references hold, spans of an article never overlap, versions are
 * ordered, captures match spans — and the same seed gives the same rows.
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory, type SeedSummary } from "../../../scripts/seed-history/seed";
import { rankHistories } from "../../../db/figures/api/front-pages";
import { loadArticleProminence } from "../../../db/open-data/sql/prominence";
import { prominenceMinutes } from "../../../lib/analysis/prominence";
import { createTestDatabase } from "../../support/database";

let database: Database;
let summary: SeedSummary;
const options = parseSeedOptions(["--days", "3", "--outlets", "5", "--seed", "prueba", "--end", "2026-03-05T00:00:00Z"], 0);

beforeAll(async () => {
  database = await createTestDatabase(2);
  summary = await seedHistory(database.sql, options);
});
afterAll(async () => {
  await database.close();
});

const one = async <T>(query: string) => ((await database.sql.unsafe(query)) as unknown as T[])[0]!;
const count = async (query: string) => Number((await one<{ n: string }>(query)).n);

describe("seed:history", () => {
  it("STO-1: writes every table it reports, with the counts it reports", async () => {
    for (const table of [
      "outlets",
      "sources",
      "stories",
      "articles",
      "headline_versions",
      "rank_spans",
      "frontpage_captures",
      "fetch_log",
    ]) {
      expect(summary.counts[table], table).toBeGreaterThan(0);
      expect(await count(`select count(*) as n from ${table}`), table).toBe(summary.counts[table]);
    }
    expect(summary.counts.outlets).toBe(5);
    expect(summary.rowsPerSecond).toBeGreaterThan(0);
  });

  it("STO-1: references hold: every article has an outlet and a headline, every story has articles", async () => {
    expect(
      await count("select count(*) as n from articles a where not exists (select 1 from headline_versions v where v.article_id = a.id)"),
    ).toBe(0);
    expect(await count("select count(*) as n from stories s where not exists (select 1 from articles a where a.story_id = s.id)")).toBe(0);
    expect(
      await count("select count(*) as n from rank_spans s join articles a on a.id = s.article_id where a.outlet_id <> s.outlet_id"),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from stories s
      where outlet_count <> (select count(distinct outlet_id) from articles a where a.story_id = s.id)`),
    ).toBe(0);
  });

  it("STO-1: an article's rank spans never overlap, and each starts no later than it ends", async () => {
    expect(await count("select count(*) as n from rank_spans where from_at > to_at")).toBe(0);
    const end = (alias: string) => `coalesce(${alias}.to_at, 'infinity')`;
    expect(
      await count(`select count(*) as n from rank_spans x join rank_spans y
      on x.article_id = y.article_id and x.from_at < y.from_at and y.from_at <= ${end("x")}`),
    ).toBe(0);
    // Nor do two spans of one outlet covering one instant share an order key.
    expect(
      await count(`select count(*) as n from rank_spans x join rank_spans y
      on x.outlet_id = y.outlet_id and x.position = y.position and x.article_id <> y.article_id
      and x.from_at <= ${end("y")} and y.from_at <= ${end("x")}`),
    ).toBe(0);
  });

  it("STO-1: the spans open at the end are the outlet's last successful capture, with the order keys of its ranks", async () => {
    expect(
      await count(`select count(*) as n from outlets o
      join lateral (select at, link_count from frontpage_captures c where c.outlet_id = o.id and c.outcome = 'ok' order by at desc limit 1) c on true
      where c.link_count <> (select count(*) from rank_spans s where s.outlet_id = o.id and s.to_at is null)`),
    ).toBe(0);
    // A closed span ends at a successful capture no later than the outlet's last one.
    expect(
      await count(`select count(*) as n from rank_spans s where s.to_at is not null and not exists (
      select 1 from frontpage_captures c where c.outlet_id = s.outlet_id and c.at = s.to_at and c.outcome = 'ok')`),
    ).toBe(0);
  });

  it("STO-1: spans start and end at successful captures; the front page is first seen at an article's first span", async () => {
    expect(
      await count(`select count(*) as n from rank_spans s where not exists (
      select 1 from frontpage_captures c where c.outlet_id = s.outlet_id and c.at = s.from_at and c.outcome = 'ok')`),
    ).toBe(0);
    expect(
      await count(`select count(*) as n from articles a where a.first_seen_frontpage_at is distinct from
      (select min(from_at) from rank_spans s where s.article_id = a.id)`),
    ).toBe(0);
    expect(await count("select count(*) as n from articles where first_seen_frontpage_at < first_seen_at")).toBe(0);
  });

  it("DER-9: every span is ranked through its end, and stored prominence is that of the rank history", async () => {
    expect(
      await count(`select count(*) as n from rank_spans where ranked_through is distinct from coalesce(to_at,
      (select max(at) from frontpage_captures c where c.outlet_id = rank_spans.outlet_id and c.outcome = 'ok'))`),
    ).toBe(0);
    const sample = (
      (await database.sql.unsafe("select distinct article_id from rank_spans order by article_id limit 200")) as unknown as {
        article_id: string;
      }[]
    ).map((r) => Number(r.article_id));
    const [stored, histories] = await Promise.all([loadArticleProminence(database.db, sample), rankHistories(database.db, sample)]);
    for (const id of sample) {
      const expected = prominenceMinutes((histories.get(id) ?? []).map((r) => ({ rank: r.rank, fromAt: r.from, toAt: r.to })));
      expect(stored.get(id), `article ${id}`).toBeCloseTo(expected, 6);
    }
  });

  it("DER-6: versions are ordered by first sighting, distinct per article, with rewrites and A/B tests among them", async () => {
    expect(
      await count(`select count(*) as n from headline_versions x join headline_versions y
      on x.article_id = y.article_id and x.id < y.id and x.first_seen_at > y.first_seen_at`),
    ).toBe(0);
    expect(await count("select count(*) as n from headline_versions where first_seen_at > last_seen_at")).toBe(0);
    expect(
      await count(
        "select count(*) as n from headline_versions v join articles a on a.id = v.article_id where v.first_seen_at < a.first_seen_at",
      ),
    ).toBe(0);
    // A rewrite ends before the next begins; an A/B test keeps the first seen after the second appears.
    expect(
      await count(`select count(*) as n from headline_versions x join headline_versions y
      on x.article_id = y.article_id and x.id < y.id and x.last_seen_at < y.first_seen_at`),
    ).toBeGreaterThan(0);
    expect(
      await count(`select count(*) as n from headline_versions x join headline_versions y
      on x.article_id = y.article_id and x.id < y.id and x.last_seen_at > y.first_seen_at`),
    ).toBeGreaterThan(0);
  });

  it("STO-1: nothing is dated outside the generated range", async () => {
    const to = new Date(options.end).toISOString();
    expect(await count(`select count(*) as n from articles where first_seen_at >= '${to}'`)).toBe(0);
    expect(await count(`select count(*) as n from rank_spans where to_at >= '${to}'`)).toBe(0);
    expect(await count(`select count(*) as n from headline_versions where last_seen_at >= '${to}'`)).toBe(0);
    expect(await count(`select count(*) as n from fetch_log where at >= '${to}'`)).toBe(0);
  });

  it("SCH-2: captures follow the adaptive schedule and some fail", async () => {
    const gaps = await one<{ min: number; max: number }>(`select min(g) as min, max(g) as max from (
      select extract(epoch from at - lag(at) over (partition by outlet_id order by at)) / 60 as g from frontpage_captures) x where g is not null`);
    expect(Number(gaps.min)).toBeGreaterThanOrEqual(15);
    expect(Number(gaps.max)).toBeLessThanOrEqual(61);
    expect(await count("select count(*) as n from frontpage_captures where outcome <> 'ok'")).toBeGreaterThan(0);
  });

  it("the same seed writes the same data; a second run needs --replace", async () => {
    const digest = async () =>
      one<{
        d: string;
      }>(`select md5(string_agg(concat_ws('|', o.slug, a.url, v.text, v.first_seen_at::text), ',' order by a.url, v.first_seen_at)) as d
      from headline_versions v join articles a on a.id = v.article_id join outlets o on o.id = a.outlet_id`);
    const before = (await digest()).d;
    await expect(seedHistory(database.sql, options)).rejects.toThrow(/already exist/);
    await seedHistory(database.sql, { ...options, replace: true });
    expect((await digest()).d).toBe(before);
    expect(await count("select count(*) as n from outlets")).toBe(5);
  });

  it("leaves a raw client as it was: JSON still goes in through it (the benches stamp their histories so)", async () => {
    const raw = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      await seedHistory(raw, { ...options, seed: "cliente" });
      await raw`insert into app_state (key, value) values ('seed-test', ${raw.json({ version: 1 })})`;
      expect((await raw<{ value: { version: number } }[]>`select value from app_state where key = 'seed-test'`)[0]!.value).toEqual({
        version: 1,
      });
    } finally {
      await raw.end();
    }
  });
});
