/**
 * Headline-only items join stories (SPEC DER-2) against real PostgreSQL: articles seen only on
 * a front page (a fingerprint without a lede) are clustered like feed items, while an outlet
 * under «sin anotación de modelo» (PUB-1) still has no fingerprint and no story membership.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { sqlTime } from "../../../db/sql-time";
import { clusterPendingStories } from "../../../crawler/derive/cluster-stories";
import { recordFingerprints } from "../../../crawler/derive/fingerprints";
import { recordSightings } from "../../../crawler/record/articles";
import { hasLede } from "../../../lib/analysis/fingerprint";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { simOutlets } from "../../sim/outlets";
import { toOutletsFile } from "../../sim/outlets-file";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2026-03-10T08:00:00Z");
const HOUR = 3_600_000;
let database: Database;
const ids: Record<string, number> = {};

/** One event told by three outlets hours apart, on their front pages only; the third outlet is under the scope. */
const EVENT: [string, number, string][] = [
  ["first", 0, "Rocafort presenta el plan de vivienda de Peñablanca"],
  ["second", 1, "El plan de vivienda de Rocafort divide a Peñablanca"],
  ["barred", 2, "Peñablanca y Rocafort: el plan de vivienda"],
];
const NOISE = ["La inflación baja al 2,3% en octubre", "El Atlético Valdelumbre ficha a Iker Solano", "Cierra la fábrica de Tierra Baja"];

/** Records an article seen on a front page: its headline and no lede. */
async function seenOnFrontPage(outletId: number, slug: string, headline: string, at: number): Promise<number> {
  const url = `http://o${outletId}.test/${slug}`;
  const saved = await recordSightings(database.db, {
    outletId,
    siteOf: () => `o${outletId}.test`,
    via: "frontpage",
    at,
    sightings: [{ url, headline }],
  });
  const articleId = saved.get(url)!;
  await recordFingerprints(database.db, { at, items: [{ articleId, headline }] });
  return articleId;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(simOutlets(4))), "sim.json"));
  const outlets = (await database.db.execute<{ id: number }>(sql`select id from outlets order by id`)).map((r) => Number(r.id));
  await database.db.execute(sql`
    insert into exclusions (outlet_id, domain, scope, channel, received_at, applied_at)
    values (${outlets[2]!}, ${`o${outlets[2]!}.test`}, 'sin-anotacion-de-modelo', 'mail', ${sqlTime(T0 - HOUR)}, ${sqlTime(T0 - HOUR)})`);
  for (const [name, o, headline] of EVENT) ids[name] = await seenOnFrontPage(outlets[o]!, name, headline, T0 + o * 3 * HOUR);
  for (const [i, headline] of NOISE.entries()) await seenOnFrontPage(outlets[3]!, `otra-${i}`, headline, T0 + i * HOUR);
  await clusterPendingStories(database.db, { now: T0 + 8 * HOUR });
});

afterAll(async () => {
  await database?.close();
});

describe("headline-only items", () => {
  it("DER-2: two outlets' front-page items on one event, hours apart and without a lede, share a story", async () => {
    const rows = await database.db.execute<{ id: string | number; story_id: string | number | null; token_hashes: number[] | null }>(sql`
      select a.id, a.story_id, f.token_hashes from articles a left join story_fingerprints f on f.article_id = a.id
      where a.id in (${ids.first!}, ${ids.second!})`);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(hasLede(r.token_hashes!)).toBe(false);
    expect(rows[0]!.story_id).not.toBeNull();
    expect(String(rows[0]!.story_id)).toBe(String(rows[1]!.story_id));
  });

  it("PUB-1: the outlet under «sin anotación de modelo» has no fingerprint and no story", async () => {
    const [row] = await database.db.execute<{ story_id: string | number | null; fingerprinted: boolean }>(sql`
      select a.story_id, exists (select 1 from story_fingerprints f where f.article_id = a.id) as fingerprinted
      from articles a where a.id = ${ids.barred!}`);
    expect(row!.story_id).toBeNull();
    expect(row!.fingerprinted).toBe(false);
  });

  it("DER-2: unrelated headline-only items stay out of the story", async () => {
    const [row] = await database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from articles where story_id is not null and id not in (${ids.first!}, ${ids.second!})`);
    expect(row!.n).toBe(0);
  });
});
