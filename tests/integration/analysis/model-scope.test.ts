/**
 * «Sin anotación de modelo» against real PostgreSQL (SPEC PUB-1, PUB-6, DER-1, DER-2,
 * DER-4, DER-5): an outlet under the scope gets no story fingerprint, no story membership,
 * no share in a story's key terms, and no language or framing; when the scope is applied
 * to an outlet that was analysed before, those rows go. One outlet is under the scope from
 * the start, another is asked about after its article was fingerprinted, grouped and annotated.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { loadPolicies } from "../../../db/policies-in-force";
import { sqlTime } from "../../../db/sql-time";
import { createHeadlineAnalyser } from "../../../crawler/derive/analyse-headlines";
import { clusterPendingStories } from "../../../crawler/derive/cluster-stories";
import { recordFingerprints } from "../../../crawler/derive/fingerprints";
import { createSiteDataDeleter } from "../../../crawler/jobs/delete-site-data";
import { headlineHash, recordSightings } from "../../../crawler/record/articles";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { simOutlets } from "../../sim/outlets";
import { toOutletsFile } from "../../sim/outlets-file";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2026-03-10T08:00:00Z");
const MIN = 60_000;
const signal = new AbortController().signal;
let database: Database;
let open1: number, open2: number, barred: number, late: number, later: number;

const LEDE =
  "El pleno de Peñablanca aprobó el martes el plan de vivienda de Elena Rocafort con 1.200 viviendas protegidas y los votos de la mayoría.";
/** One event told by four outlets: only the two barred ones say «Valdelumbre»; «Peñablanca» is one open outlet's and the late one's. */
const STORY: Record<string, string> = {
  open1: "Aprobado el plan de vivienda",
  open2: "Peñablanca estrena el plan de vivienda",
  barred: "Valdelumbre aplaude el plan de vivienda",
  late: "Valdelumbre y Peñablanca recurren el plan de vivienda",
};
/** The article of an outlet fingerprinted before its request and clustered after. */
const LATER = "Valdelumbre recurre ante el Supremo el plan de vivienda";
const NOISE = ["La inflación baja al 2,3% en octubre", "El Atlético Valdelumbre ficha a Iker Solano", "Cierra la fábrica de Tierra Baja"];

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute(query)) as unknown as T[];
}

/** Records one article as a feed item with a lede, the way the collector does (sightings, then fingerprints). */
async function publish(outletId: number, slug: string, headline: string, at: number, lede = LEDE): Promise<number> {
  const url = `http://o${outletId}.test/${slug}`;
  const ids = await recordSightings(database.db, {
    outletId,
    siteOf: () => `o${outletId}.test`,
    via: "feed",
    at,
    sightings: [{ url, headline, publishedAt: new Date(at) }],
  });
  const articleId = ids.get(url)!;
  await recordFingerprints(database.db, { at, items: [{ articleId, headline, lede }] });
  return articleId;
}

async function applyScope(outletId: number, at: number): Promise<void> {
  await database.db.execute(sql`
    insert into exclusions (outlet_id, domain, scope, channel, received_at, applied_at)
    values (${outletId}, ${`o${outletId}.test`}, 'sin-anotacion-de-modelo', 'mail', ${sqlTime(at)}, ${sqlTime(at)})`);
}

const articleIds: Record<string, number> = {};
type ArticleRow = { id: string | number; story_id: string | number | null; fingerprinted: boolean };
async function article(name: string): Promise<ArticleRow> {
  const [row] = await rows<ArticleRow>(sql`
    select a.id, a.story_id, exists (select 1 from story_fingerprints f where f.article_id = a.id) as fingerprinted
    from articles a where a.id = ${articleIds[name]!}`);
  return row!;
}

let laterBeforePurge: ArticleRow;
const analyser = () => createHeadlineAnalyser({ db: database.db, now: () => T0 + 60 * MIN, policies: () => loadPolicies(database.db) });

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(simOutlets(5))), "sim.json"));
  [open1, open2, barred, late, later] = (await rows<{ id: number }>(sql`select id from outlets order by id`)).map((r) => r.id) as [
    number,
    number,
    number,
    number,
    number,
  ];
  await applyScope(barred, T0 - 60 * MIN);
  const outlets: Record<string, number> = { open1, open2, barred, late };
  for (const [i, [name, headline]] of Object.entries(STORY).entries())
    articleIds[name] = await publish(outlets[name]!, "vivienda", headline, T0 + i * 5 * MIN);
  for (const [i, headline] of NOISE.entries())
    await publish(open1, `otra-${i}`, headline, T0 - (i + 1) * 40 * MIN, `${headline}, según fuentes de la investigación ${i}.`);
  // Before the late outlet's request: its article is grouped and annotated like any other.
  const headlines = analyser();
  await headlines.analyse(signal);
  await clusterPendingStories(database.db, { now: T0 + 30 * MIN });
  articleIds.later = await publish(later, "recurso", LATER, T0 + 35 * MIN);
  await applyScope(late, T0 + 40 * MIN);
  await applyScope(later, T0 + 40 * MIN);
  // The scope applied: the next story round, the worker's deletion chore, the next analysis round.
  await clusterPendingStories(database.db, { now: T0 + 45 * MIN });
  laterBeforePurge = await article("later");
  await createSiteDataDeleter({ db: database.db, now: () => T0 + 50 * MIN, productToken: "hemeroscopiobot" }).deleteDue(signal);
  await headlines.analyse(signal);
  await clusterPendingStories(database.db, { now: T0 + 55 * MIN });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe("an outlet under «sin anotación de modelo» (DER-14)", () => {
  it("PUB-1, DER-14: has no story fingerprint, from the start or once the scope is applied", async () => {
    expect((await article("open1")).fingerprinted).toBe(true);
    for (const name of ["barred", "late", "later"]) expect((await article(name)).fingerprinted, name).toBe(false);
  });

  it("PUB-1, DER-2: a fingerprint recorded before the request is not grouped once it applies, even before the purge", () => {
    expect(laterBeforePurge.fingerprinted).toBe(true);
    expect(laterBeforePurge.story_id).toBeNull();
  });

  it("PUB-1, DER-14: belongs to no story, and the story it left counts only the outlets still in it", async () => {
    const [a, b] = [await article("open1"), await article("open2")];
    expect(a.story_id).not.toBeNull();
    expect(b.story_id).toBe(a.story_id);
    for (const name of ["barred", "late", "later"]) expect((await article(name)).story_id, name).toBeNull();
    const [story] = await rows<{ outlet_count: number }>(sql`select outlet_count from stories where id = ${a.story_id}`);
    expect(story!.outlet_count).toBe(2);
    const members = await rows<{ outlet_id: number }>(sql`select distinct outlet_id from articles where story_id is not null`);
    expect(members.map((m) => m.outlet_id)).not.toContain(barred);
    expect(members.map((m) => m.outlet_id)).not.toContain(late);
    expect(members.map((m) => m.outlet_id)).not.toContain(later);
  });

  it("PUB-1, DER-14, DER-5: lends no word to any story's key terms", async () => {
    const { story_id } = await article("open1");
    const [story] = await rows<{ key_terms: string[] }>(sql`select key_terms from stories where id = ${story_id}`);
    expect(story!.key_terms.length).toBeGreaterThan(0);
    expect(story!.key_terms.map((t) => t.toLowerCase())).not.toContain("valdelumbre");
    // «Peñablanca» was shared by an open and the late outlet; with the late one gone it is one member's word.
    expect(story!.key_terms.map((t) => t.toLowerCase())).not.toContain("peñablanca");
  });

  it("PUB-1, DER-14, DER-1, DER-4: has no language and no framing letter, from the start or once the scope is applied", async () => {
    type Derived = { text: string; language: string | null; letter: string | null };
    const derived = async (text: string) =>
      (
        await rows<Derived>(sql`
      select ${text} as text, f.language, fr.letter from (select ${headlineHash(text)} as h) x
      left join headline_features f on f.text_hash = x.h left join framing fr on fr.text_hash = x.h`)
      )[0]!;
    const open = await derived(STORY.open1!);
    expect(open.language).toBe("es");
    expect(open.letter).not.toBeNull();
    for (const text of [STORY.barred!, STORY.late!, LATER])
      expect(await derived(text), text).toEqual({ text, language: null, letter: null });
  });
});
