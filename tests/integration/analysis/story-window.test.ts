/**
 * The story step's window read in chunks (SPEC DER-2; the worker's memory
 * stays flat): `loadStoryWindow` gives the same items as one statement over the window —
 * same articles, times, stories, pending flags and signature slots — whatever the chunk
 * size, so the clustering places articles exactly as before.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { fromSqlTime, sqlTime } from "../../../db/sql-time";
import { loadStoryWindow } from "../../../crawler/derive/story-window";
import { recordSightings } from "../../../crawler/record/articles";
import { recordFingerprints } from "../../../crawler/derive/fingerprints";
import { WITH_LEDE } from "../../../lib/analysis/fingerprint";
import { clusterStories } from "../../../lib/analysis/cluster";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { simOutlets } from "../../sim/outlets";
import { toOutletsFile } from "../../sim/outlets-file";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2025-03-10T06:00:00Z");
const MIN = 60_000;
const articleTime = sql`least(coalesce(a.published_at, a.first_seen_at), a.first_seen_at)`;
const everything = sql`true`;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const outlets = simOutlets(3);
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(outlets)), "sim.json"));
  const ids = (await database.db.execute<{ id: number }>(sql`select id from outlets order by id`)).map((r) => Number(r.id));
  const subjects = [
    "Rocafort aprueba el plan de vivienda",
    "El Atlético Valdelumbre ficha a Iker Solano",
    "Cierra la fábrica de Tierra Baja",
  ];
  for (const [o, outletId] of ids.entries()) {
    const at = T0 + o * 7 * MIN;
    const sightings = subjects.map((s, i) => ({
      url: `https://o${o}.test/noticia-${i}`,
      headline: `${s} (${o})`,
      publishedAt: new Date(at - i * 90 * MIN),
    }));
    const articles = await recordSightings(database.db, { outletId, siteOf: () => `o${o}.test`, via: "feed", at, sightings });
    await recordFingerprints(database.db, {
      at,
      items: sightings.map((s, i) => ({
        articleId: articles.get(s.url)!,
        headline: s.headline,
        ...(i === 2 ? {} : { lede: `Según Elena Rocafort en Peñablanca, ${i}.` }),
      })),
    });
  }
  // One article already in a story and placed, so stories and pending flags differ among the items.
  await database.db
    .execute(sql`with s as (insert into stories (first_seen_at, last_seen_at) values (${sqlTime(T0)}, ${sqlTime(T0)}) returning id)
    update articles set story_id = (select id from s) where id = (select min(article_id) from story_fingerprints)`);
  await database.db.execute(
    sql`update story_fingerprints set clustered_at = ${sqlTime(T0)} where article_id = (select min(article_id) from story_fingerprints)`,
  );
}, 60_000);

afterAll(async () => {
  await database?.close();
});

/** The window as one statement reads it, in article id order, tokens as plain arrays. */
async function readWhole(from: number) {
  const rows = await database.db.execute<{
    article_id: string;
    outlet_id: number;
    at: string;
    token_hashes: number[];
    story_id: string | null;
    pending: boolean;
  }>(sql`
    select f.article_id, a.outlet_id, ${articleTime} as at, f.token_hashes, a.story_id, f.clustered_at is null as pending
    from story_fingerprints f join articles a on a.id = f.article_id where ${articleTime} >= ${sqlTime(from)} order by f.article_id`);
  return rows.map((r) => ({
    articleId: Number(r.article_id),
    outletId: r.outlet_id,
    at: fromSqlTime(r.at)!,
    tokens: r.token_hashes.slice(1),
    storyId: r.story_id === null ? null : Number(r.story_id),
    pending: r.pending,
    // The fingerprint's flag: whether it holds a description (the described pairs' link rule).
    withDescription: r.token_hashes[0] === WITH_LEDE,
  }));
}

describe("the story window read in chunks", () => {
  it.each([1, 2, 4, 2_000])("DER-2: chunks of %i rows give the items of one statement, and the same placements", async (chunkRows) => {
    for (const from of [T0 - 24 * 60 * MIN, T0 - 2 * 60 * MIN]) {
      const whole = await readWhole(from);
      const chunked = await loadStoryWindow(database.db, { where: everything, articleTime, from, chunkRows });
      expect(whole.length).toBeGreaterThan(0);
      expect(chunked.map((i) => ({ ...i, tokens: Array.from(i.tokens) }))).toEqual(whole);
      expect(chunked.every((i) => i.tokens instanceof Int32Array)).toBe(true);
      // One block of tokens per chunk, not one allocation per article.
      expect(new Set(chunked.map((i) => (i.tokens as Int32Array).buffer)).size).toBeLessThanOrEqual(Math.ceil(chunked.length / chunkRows));
      expect(clusterStories(chunked)).toEqual(clusterStories(whole));
    }
  });
});
