/** The worker's headline analysis against real PostgreSQL (SPEC DER-1, DER-4, PUB-1, SIG-3). */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadArticlePage } from "../../../db/queries/site/article-page";
import { loadHeadlineTestCounts } from "../../../db/figures/headline-changes";
import { importOutlets } from "../../../db/outlets";
import { loadPolicies } from "../../../db/policies-in-force";
import { createHeadlineAnalyser } from "../../../crawler/derive/analyse-headlines";
import { headlineHash, recordSightings } from "../../../crawler/record/articles";
import { shippedFramingModel } from "../../../lib/analysis/framing-model";
import { headlineFeatures } from "../../../lib/analysis/headline-features";
import { loadLanguageDetector } from "../../../lib/analysis/language";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { simOutlets } from "../../sim/outlets";
import { toOutletsFile } from "../../sim/outlets-file";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2026-03-10T08:00:00Z");
let database: Database;
let open: number, optedOut: number, noai: number, other: number, tester: number;
let clock = T0;
const signal = new AbortController().signal;

const SHARED = "Los sindicatos y la patronal rompen la negociación del convenio";
const OPEN_ONLY = ["La inflación baja al 2,3% en octubre", "Una madre relata el infierno de buscar a su hijo desaparecido"];
const OPTED_OUT_ONLY = "El Gobierno aprueba la subida del salario mínimo";
const NOAI_ONLY = "La jueza imputa a la alcaldesa por la tragedia de la discoteca";

async function sight(outletId: number, at: number, items: [string, string][], via: "feed" | "frontpage" = "feed") {
  return recordSightings(database.db, {
    outletId,
    siteOf: () => "x.test",
    via,
    at,
    sightings: items.map(([path, headline]) => ({ url: `http://o${outletId}.test/${path}`, headline })),
  });
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database.db.execute(query)) as unknown as T[];
}

const analyser = () => createHeadlineAnalyser({ db: database.db, now: () => clock, policies: () => loadPolicies(database.db) });

beforeAll(async () => {
  database = await createTestDatabase();
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(simOutlets(5))), "sim.json"));
  [open, optedOut, noai, other, tester] = (await rows<{ id: number }>(sql`select id from outlets order by id`)).map((r) => r.id) as [
    number,
    number,
    number,
    number,
    number,
  ];
  await database.db.execute(sql`
    insert into exclusions (outlet_id, domain, scope, channel, received_at, applied_at)
    values (${optedOut}, 'o.test', 'sin-anotacion-de-modelo', 'mail', ${new Date(T0).toISOString()}, ${new Date(T0).toISOString()})`);
  await database.db.execute(sql`
    insert into signals (outlet_id, kind, scope, value, first_seen_at, last_seen_at)
    values (${noai}, 'robots-directive', 'page', 'noai', ${new Date(T0).toISOString()}, ${new Date(T0).toISOString()})`);
  await sight(open, T0, [
    ["a", SHARED],
    ["b", OPEN_ONLY[0]!],
    ["c", OPEN_ONLY[1]!],
  ]);
  await sight(optedOut, T0, [
    ["a", SHARED],
    ["b", OPTED_OUT_ONLY],
  ]);
  await sight(noai, T0, [["a", NOAI_ONLY]]);
});

afterAll(async () => {
  await database?.close();
});

describe("headline analysis in the worker's housekeeping", () => {
  const worker = { analyser: undefined as ReturnType<typeof analyser> | undefined };

  it("DER-1, DER-4: one round stores features for every headline and a letter with the model's hash, keyed by the headline hash", async () => {
    worker.analyser = analyser();
    const stored = await worker.analyser.analyse(signal);
    const features = await rows<{
      text_hash: string;
      chars: number;
      words: number;
      has_number: boolean;
      language: string | null;
      clickbait_patterns: string[];
    }>(sql`select * from headline_features`);
    expect(features).toHaveLength(5);
    const detect = await loadLanguageDetector();
    const inflation = features.find((f) => f.text_hash === headlineHash(OPEN_ONLY[0]!))!;
    const expected = headlineFeatures(OPEN_ONLY[0]!, detect);
    expect(inflation).toMatchObject({ chars: expected.chars, words: expected.words, has_number: true, language: "es" });
    const framing = await rows<{ text_hash: string; letter: string; score: number; model_sha256: string; computed_at: Date | string }>(
      sql`select * from framing`,
    );
    expect(framing.map((f) => f.text_hash).sort()).toEqual([SHARED, ...OPEN_ONLY].map(headlineHash).sort());
    expect(new Set(framing.map((f) => f.model_sha256))).toEqual(new Set([shippedFramingModel().sha256]));
    expect(new Date(framing[0]!.computed_at).getTime()).toBe(T0);
    const letters = Object.fromEntries(framing.map((f) => [f.text_hash, f.letter]));
    expect(letters[headlineHash(SHARED)]).toBe("C");
    expect(letters[headlineHash(OPEN_ONLY[0]!)]).toBe("E");
    expect(letters[headlineHash(OPEN_ONLY[1]!)]).toBe("H");
    expect(stored).toBe(5 + 3);
  });

  it('PUB-1, SIG-3, DER-4: headlines only outlets under "sin anotación de modelo" or with noai show get counts, but no language and no letter', async () => {
    const f = await rows<{ text_hash: string; language: string | null }>(sql`select text_hash, language from headline_features`);
    const languageOf = Object.fromEntries(f.map((r) => [r.text_hash, r.language]));
    expect(languageOf[headlineHash(OPTED_OUT_ONLY)]).toBeNull();
    expect(languageOf[headlineHash(NOAI_ONLY)]).toBeNull();
    expect(languageOf[headlineHash(SHARED)]).toBe("es");
    const framed = (await rows<{ text_hash: string }>(sql`select text_hash from framing`)).map((r) => r.text_hash);
    expect(framed).not.toContain(headlineHash(OPTED_OUT_ONLY));
    expect(framed).not.toContain(headlineHash(NOAI_ONLY));
  });

  it("DER-1, DER-4: a second round and a restarted worker store nothing; a new version is picked up by the next round", async () => {
    expect(await worker.analyser!.analyse(signal)).toBe(0);
    expect(await analyser().analyse(signal)).toBe(0);
    clock = T0 + 3_600_000;
    await sight(open, clock, [["b", "La inflación baja al 2,1% en noviembre"]]);
    expect(await worker.analyser!.analyse(signal)).toBe(2);
    const [row] = await rows<{ n: number }>(
      sql`select count(*)::int as n from framing where computed_at = ${new Date(clock).toISOString()}`,
    );
    expect(row!.n).toBe(1);
  });

  it("DER-4: after the old model's letters are deleted, a restarted worker annotates those headlines again", async () => {
    const before = await rows<{ text_hash: string; letter: string }>(sql`select text_hash, letter from framing order by text_hash`);
    await database.db.execute(sql`delete from framing`);
    expect(await analyser().analyse(signal)).toBe(before.length);
    expect(await rows(sql`select text_hash, letter from framing order by text_hash`)).toEqual(before);
  });

  it("DER-4, SIG-3: when an outlet's pages start carrying noai, letters of headlines only it shows are deleted; shared ones stay", async () => {
    await sight(open, clock, [["d", "Muere un hombre al caer de un andamio en Valencia"]]);
    await sight(other, clock, [["a", "Muere un hombre al caer de un andamio en Valencia"]]);
    await worker.analyser!.analyse(signal);
    await database.db.execute(sql`
      insert into signals (outlet_id, kind, scope, value, first_seen_at, last_seen_at)
      values (${open}, 'robots-directive', 'page', 'noimageai', ${new Date(clock).toISOString()}, ${new Date(clock).toISOString()})`);
    await worker.analyser!.analyse(signal);
    const framed = (await rows<{ text_hash: string }>(sql`select text_hash from framing`)).map((r) => r.text_hash);
    // SHARED goes too: besides the newly closed outlet, only the one under "sin anotación de modelo" shows it.
    expect(framed).toEqual([headlineHash("Muere un hombre al caer de un andamio en Valencia")]);
  });
});

describe("A/B tests and rewrites per outlet (read model)", () => {
  it("DER-6: A→B→A on the front page is one test; A→B→C is two rewrites; the article page marks the versions of the test", async () => {
    const H = 3_600_000;
    const front = (h: number, items: [string, string][]) => sight(tester, T0 + h * H, items, "frontpage");
    const ids = await front(0, [
      ["x", "Titular A de la prueba"],
      ["y", "Primer titular de la noticia"],
    ]);
    await front(1, [
      ["x", "Titular A de la prueba"],
      ["y", "Segundo titular de la noticia"],
    ]);
    await front(2, [
      ["x", "Titular B de la prueba"],
      ["y", "Tercer titular de la noticia"],
    ]);
    await front(3, [
      ["x", "Titular A de la prueba"],
      ["y", "Tercer titular de la noticia"],
    ]);
    const counts = await loadHeadlineTestCounts(database.db, { outletIds: [tester, open], from: T0 - H, to: T0 + 4 * H });
    expect(counts.get(tester)).toEqual({ changedArticles: 2, rewrites: 2, tests: 1, testedArticles: 1 });
    const page = await loadArticlePage(database.db, await loadPolicies(database.db), { id: ids.get("http://o" + tester + ".test/x")! });
    expect(page!.versions.map((v) => [v.headline, v.abTest])).toEqual([
      ["Titular A de la prueba", true],
      ["Titular B de la prueba", true],
    ]);
    const rewritten = await loadArticlePage(database.db, await loadPolicies(database.db), {
      id: ids.get("http://o" + tester + ".test/y")!,
    });
    expect(rewritten!.versions.every((v) => !v.abTest)).toBe(true);
  });
});
