/**
 * The days' stored headline analysis (SPEC DER-1, DER-4, OPS-8): the outlet page's framing letters and headline
 * features, and the outlets' comparison, read the same figures as from rows alone — before the worker computed any
 * day, after it computed them all, and after every later write (versions added, retitled or deleted; features and
 * framing added, changed or removed; an article moved to another day or deleted) both before and after the worker
 * computes the changed days again. Sightings of a headline record no change. A change whose transaction was still
 * open while the worker computed its day is computed again after it commits.
 */
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { storeAnalysisDays } from "../../../db/figures/analysis-days";
import { loadFramingCounts } from "../../../db/figures/framing-counts";
import { loadHeadlineFeatureCounts } from "../../../db/figures/headline-feature-shares";
import { loadFramingDistribution } from "../../../db/figures/outlet-page/framing";
import { OPEN_POLICY } from "../../../lib/policy";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { createTestDatabase } from "../../support/database";
import { END, PERIODS } from "./outlet-page-by-rows/periods";
import { analysisByRows } from "./outlet-page-by-rows/analysis";

let database: Database;
let outletIds: number[];

/** Features and framing for most headlines, drawn from each hash: some in another language, some with formulas. */
async function analyse(where: ReturnType<typeof sql>): Promise<void> {
  await database.db.execute(sql`
    insert into headline_features (text_hash, chars, words, is_question, is_exclamation, has_quote, has_number, first_or_second_person,
      has_colon_or_dash, capitalised_tokens, clickbait_patterns, language)
    select h, 40, 7, b % 5 = 0, false, b % 3 = 0, b % 4 = 0, false, false, 1,
      case when b % 6 = 0 then array['lista'] when b % 7 = 0 then array['lista', 'pregunta'] else array[]::text[] end,
      case when b % 9 = 0 then 'en' when b % 10 = 0 then null else 'es' end
    from (select distinct text_hash as h, ('x' || substr(text_hash, 1, 6))::bit(24)::int as b from headline_versions) v
    where ${where} on conflict do nothing`);
  await database.db.execute(sql`
    insert into framing (text_hash, letter, score, model_sha256, computed_at)
    select h, chr(65 + b % 4), 0.5, case when b % 11 = 0 then 'modelo-b' else 'modelo-a' end, now()
    from (select distinct text_hash as h, ('x' || substr(text_hash, 7, 6))::bit(24)::int as b from headline_versions) v
    where ${where} and b % 5 <> 0 on conflict do nothing`);
}

/** Every reader, every outlet and period: the same figures as from rows. Returns the headlines compared. */
async function expectSameAsRows(): Promise<number> {
  const db = database.db;
  let compared = 0;
  for (const period of PERIODS) {
    const features = await loadHeadlineFeatureCounts(db, outletIds, period);
    const framing = await loadFramingCounts(db, outletIds, period);
    for (const id of outletIds) {
      const at = `outlet ${id}, ${new Date(period.start).toISOString()} – ${new Date(period.end).toISOString()}`;
      const rows = await analysisByRows(db, id, period);
      const f = features.find((x) => x.outletId === id)!;
      expect({ ...f, formulas: new Map(f.formulas.map((x) => [x.id, x.count])) }, `features, ${at}`).toEqual({
        outletId: id,
        headlines: rows.headlines,
        otherLanguage: rows.otherLanguage,
        questions: rows.questions,
        quotes: rows.quotes,
        numbers: rows.numbers,
        clickbait: rows.clickbait,
        formulas: rows.formulas,
      });
      const letters = new Map<string, number>();
      for (const [key, n] of rows.framing) letters.set(key.split(" ")[0]!, (letters.get(key.split(" ")[0]!) ?? 0) + n);
      const framed = [...letters.values()].reduce((a, b) => a + b, 0);
      expect(
        framing.find((x) => x.outletId === id),
        `framing counts, ${at}`,
      ).toEqual({
        outletId: id,
        headlines: framed,
        letters: Object.fromEntries(letters),
      });
      const distribution = await loadFramingDistribution(db, id, OPEN_POLICY, period);
      expect(distribution.shown && distribution.headlines, `framing distribution, ${at}`).toBe(framed);
      expect(distribution.shown && distribution.modelSha256, `framing models, ${at}`).toEqual(
        [...new Set([...rows.framing.keys()].map((k) => k.split(" ")[1]!))].sort(),
      );
      compared += rows.headlines + rows.otherLanguage;
    }
  }
  return compared;
}

/** Runs the worker's chore until no changed day is left; returns the days it computed. */
async function computeAll(): Promise<number> {
  let days = 0;
  for (let n = await storeAnalysisDays(database.db); n > 0; n = await storeAnalysisDays(database.db)) days += n;
  return days;
}

async function changesLeft(): Promise<number> {
  const [row] = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from outlet_day_analysis_changes`);
  return row!.n;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedHistory(
    database.sql,
    parseSeedOptions(["--outlets", "4", "--days", "6", "--seed", "analisis", "--end", new Date(END).toISOString()], END),
  );
  outletIds = (await database.db.execute<{ id: number }>(sql`select id from outlets order by id`)).map((r) => r.id);
  await analyse(sql`b % 8 <> 0`);
}, 300_000);
afterAll(async () => {
  await database?.close();
});

describe("the days' stored headline analysis (DER-1, DER-4, OPS-8)", () => {
  it("DER-1, DER-4: before and after the worker computes the days, every reader shows the figures read from rows", async () => {
    expect(await expectSameAsRows()).toBeGreaterThan(0);
    expect(await computeAll()).toBeGreaterThan(0);
    expect(await changesLeft()).toBe(0);
    const [stored] = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from outlet_day_analysis where headlines > 0`);
    expect(stored!.n, "days with analysed headlines stored").toBeGreaterThan(0);
    expect(await expectSameAsRows()).toBeGreaterThan(0);
  }, 300_000);

  it("DER-1, DER-4: later writes are shown at once, and computed again by the worker", async () => {
    const db = database.db;
    // Sightings move last_seen_at only: no day changes.
    await db.execute(sql`update headline_versions set last_seen_at = last_seen_at + interval '1 minute' where id % 3 = 0`);
    expect(await changesLeft()).toBe(0);
    const writes = [
      // A new version of some articles, with a headline already analysed.
      sql`insert into headline_versions (article_id, text, text_hash, first_seen_at, last_seen_at, seen_in)
          select a.id, 'Otra versión ' || a.id, (select text_hash from headline_features order by text_hash limit 1), a.first_seen_at + interval '1 hour',
            a.first_seen_at + interval '2 hours', '{feed}'
          from articles a where a.id % 17 = 0 on conflict do nothing`,
      // The headlines left unanalysed get their analysis.
      sql`select 1`,
      // Formulas found again, a language cleared, framing removed for some headlines.
      sql`update headline_features set clickbait_patterns = array['cifra'] where text_hash in (select text_hash from headline_features order by text_hash limit 40)`,
      sql`update headline_features set language = 'ca' where text_hash in (select text_hash from headline_features order by text_hash desc limit 30)`,
      sql`delete from framing where text_hash in (select text_hash from framing order by text_hash limit 25)`,
      // An article first seen two days earlier, and some deleted with their versions.
      sql`update articles set first_seen_at = first_seen_at - interval '2 days' where id in (select id from articles order by id limit 5)`,
      sql`delete from articles where id in (select id from articles order by id desc limit 7)`,
      // A version retitled to another headline.
      sql`update headline_versions set text_hash = (select text_hash from framing order by text_hash desc limit 1)
          where id in (select id from headline_versions order by id limit 3)`,
    ];
    for (const [i, write] of writes.entries()) {
      if (i === 1) await analyse(sql`true`);
      else await db.execute(write);
      expect(await changesLeft(), `write ${i} records its days`).toBeGreaterThan(0);
      await expectSameAsRows();
      await computeAll();
      expect(await changesLeft()).toBe(0);
      await expectSameAsRows();
    }
  }, 300_000);

  it("DER-4: a change still uncommitted while the worker computes its day is computed again after it commits", async () => {
    const other = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const [article] = await database.db.execute<{ id: string }>(sql`select id from articles order by id limit 1 offset 3`);
      await other.begin(async (tx) => {
        await tx`
          insert into headline_versions (article_id, text, text_hash, first_seen_at, last_seen_at, seen_in)
          select ${article!.id}, 'Titular a medias', text_hash, now(), now(), '{feed}' from framing order by text_hash limit 1`;
        // The worker runs meanwhile: it does not see the change, nor delete its record.
        await computeAll();
      });
      expect(await changesLeft(), "the committed change is still recorded").toBeGreaterThan(0);
      await expectSameAsRows();
      await computeAll();
      await expectSameAsRows();
    } finally {
      await other.end();
    }
  }, 300_000);
});
