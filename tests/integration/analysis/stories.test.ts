/**
 * Stories and wire copy on the simulated web (SPEC DER-2, DER-3, DER-5, STO-4): the real
 * worker pipeline (jobs and housekeeping, as `crawler/main.ts` runs them) collects a few
 * simulated hours over loopback HTTP into real PostgreSQL; the clusters it stored are then
 * compared with the simulator's ground truth, pair by pair, and the fingerprints are
 * expired with an injected clock.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { loadAgencyShare } from "../../../db/queries/outlet-page/agency-share";
import { importOutlets } from "../../../db/outlets";
import { sqlTime } from "../../../db/sql-time";
import { createCrawlPipeline } from "../../../crawler/compose";
import { runHousekeeping } from "../../../crawler/housekeeping";
import { clusterPendingStories } from "../../../crawler/derive/cluster-stories";
import { createStoryHousekeeping } from "../../../crawler/derive/story-housekeeping";
import { rankHistories } from "../../../db/figures/api/front-pages";
import { prominenceMinutes } from "../../../lib/analysis/prominence";
import { recordFingerprints } from "../../../crawler/derive/fingerprints";
import { hasLede } from "../../../lib/analysis/fingerprint";
import { runWorker } from "../../../crawler/loop";
import { manualClock, scaledClock } from "../../../lib/clock";
import { loadConfig } from "../../../lib/config";
import { createLogger } from "../../../lib/log";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { pairwiseScores } from "../../bench/support/story-truth";
import { startSimulatedWeb, toOutletsFile, type SimulatedWeb } from "../../sim/index";
import { createTestDatabase } from "../../support/database";

const SCALE = 300;
const OUTLETS = 8;
const REAL_MS = 24_000; // 2 simulated hours
const HOUR = 3_600_000;
/** 11:00 in Madrid on a weekday: the front pages' daytime pace. */
const SIMULATED_START = Date.parse("2026-11-02T10:00:00Z");

let sim: SimulatedWeb;
let database: Database;
let logLines: string[];
let ended: number;
let started: number;

type Stored = {
  id: string | number;
  url: string;
  story_id: string | number | null;
  agency: string | null;
  read_outcome: string | null;
  outlet: string;
};
let stored: (Stored & { truthId: string; truthStory?: string; truthAgency?: string })[];
/** Articles with a fingerprint (the ones the clustering step judges, with a lede or headline only). */
let fingerprinted: Set<number>;

beforeAll(async () => {
  // One simulated morning, the same on every run: the simulator's news (which stories break,
  // under which words) follows the simulated hour and day, so a start taken from the wall
  // clock measured a different world on every run (see the floors below).
  const start = SIMULATED_START;
  const realStart = Date.now();
  const clock = scaledClock(SCALE, Math.round((realStart * SCALE - start) / (SCALE - 1)));
  sim = await startSimulatedWeb({ clock, outlets: OUTLETS, seed: 3 });
  database = await createTestDatabase();
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(sim.outlets)), "sim.json"));
  await database.db.execute(sql`update sources set next_due_at = ${sqlTime(clock.now())}`);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-stories-"));
  const config = loadConfig({
    HEMEROSCOPIO_RESOLVE: sim.resolveRule,
    HEMEROSCOPIO_ONLY_RESOLVED: "true",
    HEMEROSCOPIO_DATA_DIR: dataDir,
    HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
    HEMEROSCOPIO_TIME_SCALE: String(SCALE),
    HEMEROSCOPIO_LOG_LEVEL: "info",
  });
  logLines = [];
  const log = createLogger({ component: "worker", level: "info", write: (l) => logLines.push(l) });
  const pipeline = await createCrawlPipeline({ config, db: database.db, clock, workerId: "stories" });
  const stop = new AbortController();
  started = clock.now();
  const running = Promise.all([
    runWorker({
      db: database.db,
      clock,
      log,
      pipeline,
      workerId: "stories",
      signal: stop.signal,
      leaseMs: 600_000 * SCALE,
      maxIdleMs: 30_000 * SCALE,
    }),
    runHousekeeping({ pipeline, clock, log, signal: stop.signal }),
  ]);
  await new Promise((r) => setTimeout(r, REAL_MS));
  stop.abort();
  await running;
  await pipeline.close?.();
  await sim.idle();
  ended = clock.now();
  // The rounds the next housekeeping ticks would run, until nothing is left pending (a loaded
  // machine leaves more behind when the crawl stops).
  const round = createStoryHousekeeping({ db: database.db, clock: { now: () => ended } });
  for (let i = 0; i < 20 && (await round()) > 0; i++);
  fingerprinted = new Set(
    (await database.db.execute<{ article_id: string | number }>(sql`select article_id from story_fingerprints`)).map((f) =>
      Number(f.article_id),
    ),
  );
  const rows = await database.db.execute<Stored>(sql`
    select a.id, a.url, a.story_id, a.agency, a.read_outcome, o.slug as outlet from articles a join outlets o on o.id = a.outlet_id`);
  stored = rows.map((r) => {
    const t = sim.truth.articleByUrl(r.url)!;
    return { ...r, truthId: t.id, truthStory: t.storyId, truthAgency: t.agency };
  });
}, 180_000);

afterAll(async () => {
  await sim?.close();
  await database?.close();
});

describe("stories on the simulated web", () => {
  // Floors: the clustering's parameters are chosen on the labelled real set (docs/stories.md),
  // and the simulator is calibrated on it (outlets hours apart, paraphrased headlines and
  // ledes, follow-ups, per-event names); headline-only items are clustered. With a name's words
  // counted once (the rule chosen on the real set's development split; docs/stories.md, "A name
  // counts once"), nine runs of this morning on a quiet machine measured P 0.63–0.97, R 0.62–0.65
  // over every stored story (850 true pairs, most from the first crawl's backlog), and P 1.00,
  // R 0.37–0.57 on the news published during the crawl: only 38–42 true pairs, so one story more
  // or less stored moves that recall by a tenth. Before the rule the same figures were
  // P 0.60–0.67, R 0.56–0.58 and P 0.87–1.00, R 0.57–0.73. Over every stored story the figure also
  // depends on the simulated day (P 0.46 to 0.86 on four other mornings before the rule): one
  // cluster can chain three or four hot stories through the ledes' shared stock words and a small
  // figure ("14 minutos"), as the simulator's ledes share far more words than real ones. The pure
  // clustering on the simulator's labelled day gives F1 0.64, the real set's held-out split 0.65.
  // The floors sit under those ranges.
  it("DER-2: stored clusters match the simulator's stories: pairwise precision ≥ 0.4 and recall ≥ 0.45 overall; precision ≥ 0.75 and recall ≥ 0.3 on news published during the crawl", () => {
    const truth = new Map(stored.filter((a) => a.truthStory).map((a) => [Number(a.id), a.truthStory!]));
    const predicted = new Map(stored.filter((a) => a.story_id !== null).map((a) => [Number(a.id), String(a.story_id)]));
    const all = pairwiseScores(truth, predicted);
    const fresh = new Set(stored.filter((a) => sim.truth.article(a.truthId)!.publishedAt >= started).map((a) => Number(a.id)));
    // What the clustering could judge: fresh articles with a fingerprint (headline-only items
    // are clustered too).
    const clusterable = new Set([...fresh].filter((id) => fingerprinted.has(id)));
    const only = <V>(m: Map<number, V>, ids: Set<number>) => new Map([...m].filter(([id]) => ids.has(id)));
    const news = pairwiseScores(only(truth, fresh), only(predicted, fresh));
    const judged = pairwiseScores(only(truth, clusterable), only(predicted, clusterable));
    const f = (s: typeof all) => `P ${s.precision.toFixed(3)} R ${s.recall.toFixed(3)} F1 ${s.f1.toFixed(3)} (${s.truePairs} true pairs)`;
    console.log(
      `stories: all ${stored.length} articles ${f(all)}; ${fresh.size} published during the crawl ${f(news)}; ${clusterable.size} of them fingerprinted ${f(judged)}`,
    );
    expect(judged.truePairs).toBeGreaterThanOrEqual(15);
    expect(all.precision).toBeGreaterThanOrEqual(0.4);
    expect(all.recall).toBeGreaterThanOrEqual(0.45);
    expect(judged.precision).toBeGreaterThanOrEqual(0.75);
    expect(judged.recall).toBeGreaterThanOrEqual(0.3);
  });

  it("DER-9: the worker's housekeeping stored prominence as it crawled, never more than the rank history gives", async () => {
    const articles = await database.db.execute<{ id: string | number; minutes: number }>(
      sql`select id, weighted_minutes as minutes from articles where weighted_minutes > 0`,
    );
    expect(articles.length).toBeGreaterThan(0);
    const histories = await rankHistories(
      database.db,
      articles.map((a) => Number(a.id)),
    );
    for (const a of articles) {
      const full = prominenceMinutes((histories.get(Number(a.id)) ?? []).map((r) => ({ rank: r.rank, fromAt: r.from, toAt: r.to })));
      // The last captures of the crawl may be ranked by a round that did not come.
      expect(Number(a.minutes), `article ${a.id}`).toBeLessThanOrEqual(full + 1e-6);
    }
  });

  it("DER-2: each story has at least two articles, first ≤ last seen, and the outlet count of its members (an outlet's follow-ups are members too)", async () => {
    const stories = await database.db.execute<{
      id: string | number;
      first_seen_at: Date | string;
      last_seen_at: Date | string;
      outlet_count: number;
      members: number;
      outlets: number;
    }>(sql`
      select s.id, s.first_seen_at, s.last_seen_at, s.outlet_count, count(a.id)::int as members, count(distinct a.outlet_id)::int as outlets
      from stories s join articles a on a.story_id = s.id group by s.id`);
    expect(stories.length).toBeGreaterThan(5);
    for (const s of stories) {
      expect(s.outlet_count).toBe(s.outlets);
      expect(s.members).toBeGreaterThanOrEqual(s.outlets);
      expect(s.members).toBeGreaterThanOrEqual(2);
      expect(new Date(s.first_seen_at).getTime()).toBeLessThanOrEqual(new Date(s.last_seen_at).getTime());
    }
  });

  it("DER-5: every story has key terms, and no descriptor is a copy of a headline", async () => {
    const stories = await database.db.execute<{ id: string | number; key_terms: string[] }>(sql`select id, key_terms from stories`);
    const headlines = new Set(
      (await database.db.execute<{ text: string }>(sql`select text from headline_versions`)).map((h) => h.text.toLowerCase()),
    );
    for (const s of stories) {
      expect(s.key_terms.length).toBeGreaterThan(0);
      expect(s.key_terms.length).toBeLessThanOrEqual(4);
      expect(headlines.has(s.key_terms.join(" ").toLowerCase())).toBe(false);
    }
  });

  it("DER-2: placing twice changes nothing (idempotent round)", async () => {
    const before = await database.db.execute(sql`select id, story_id from articles order by id`);
    await createStoryHousekeeping({ db: database.db, clock: { now: () => ended } })();
    expect(await database.db.execute(sql`select id, story_id from articles order by id`)).toEqual(before);
  });
});

describe("the story step's safety", () => {
  it("DER-2: two workers running the step at once place each article once: one takes the lock, the other skips", async () => {
    const reset = async () => {
      await database.db.execute(sql`update articles set story_id = null`);
      await database.db.execute(sql`delete from stories`);
      await database.db.execute(sql`update story_fingerprints set clustered_at = null`);
    };
    const partition = async () => {
      const rows = await database.db.execute<{ id: string; story_id: string }>(
        sql`select id, story_id from articles where story_id is not null order by id`,
      );
      const by = new Map<string, string[]>();
      for (const r of rows) by.set(r.story_id, [...(by.get(r.story_id) ?? []), r.id]);
      return [...by.values()].map((ids) => ids.join(",")).sort();
    };
    await reset();
    const alone = await clusterPendingStories(database.db, { now: ended });
    const expected = await partition();
    await reset();
    const placed = await Promise.all([
      clusterPendingStories(database.db, { now: ended }),
      clusterPendingStories(database.db, { now: ended }),
    ]);
    expect(placed.filter((n) => n > 0)).toEqual([alone]);
    expect(await partition()).toEqual(expected);
    const [orphans] = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from stories s where not exists (select 1 from articles a where a.story_id = s.id)`,
    );
    expect(orphans!.n).toBe(0);
  });

  it("DER-2: a worker started with HEMEROSCOPIO_WORKER_ANALYSIS=false leaves the story step to the workers that run it", async () => {
    await database.db.execute(sql`update articles set story_id = null`);
    await database.db.execute(sql`delete from stories`);
    await database.db.execute(sql`update story_fingerprints set clustered_at = null`);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-stories-"));
    const env = {
      HEMEROSCOPIO_RESOLVE: sim.resolveRule,
      HEMEROSCOPIO_ONLY_RESOLVED: "true",
      HEMEROSCOPIO_DATA_DIR: dataDir,
      HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
    };
    const stories = async () => (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from stories`))[0]!.n;
    const round = async (extra: Record<string, string>) => {
      const pipeline = await createCrawlPipeline({
        config: loadConfig({ ...env, ...extra }),
        db: database.db,
        clock: manualClock(ended),
        workerId: "chores",
      });
      await pipeline.housekeeping!(new AbortController().signal);
      await pipeline.close?.();
    };
    try {
      await round({ HEMEROSCOPIO_WORKER_ANALYSIS: "false" });
      expect(await stories()).toBe(0);
      await round({});
      expect(await stories()).toBeGreaterThan(0);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it("DER-2, STO-3: a lede replaces a headline-only fingerprint and requeues it; a later sighting without a lede keeps it", async () => {
    const [a] = await database.db.execute<{ id: string }>(sql`select a.id from articles a where a.story_id is null limit 1`);
    const articleId = Number(a!.id);
    await database.db.execute(sql`delete from story_fingerprints where article_id = ${articleId}`);
    const read = async () =>
      (
        await database.db.execute<{ token_hashes: number[]; clustered_at: unknown }>(
          sql`select token_hashes, clustered_at from story_fingerprints where article_id = ${articleId}`,
        )
      )[0]!;
    await recordFingerprints(database.db, { at: ended, items: [{ articleId, headline: "Rocafort aprueba el plan de vivienda" }] });
    expect(hasLede((await read()).token_hashes)).toBe(false);
    await database.db.execute(sql`update story_fingerprints set clustered_at = ${sqlTime(ended)} where article_id = ${articleId}`);
    await recordFingerprints(database.db, {
      at: ended,
      items: [
        { articleId, headline: "Rocafort aprueba el plan de vivienda", lede: "La ministra Elena Rocafort lo anunció en Peñablanca." },
      ],
    });
    const withLede = await read();
    expect(hasLede(withLede.token_hashes)).toBe(true);
    expect(withLede.clustered_at).toBeNull();
    await recordFingerprints(database.db, { at: ended, items: [{ articleId, headline: "Otro titular" }] });
    expect((await read()).token_hashes).toEqual(withLede.token_hashes);
  });
});

describe("wire copy on the simulated web", () => {
  it("DER-3: every open article read of an agency story is flagged with its agency, and nothing else is", () => {
    const read = stored.filter((a) => a.read_outcome === "open");
    const wire = read.filter((a) => a.truthAgency);
    expect(wire.length).toBeGreaterThan(3);
    for (const a of wire) expect(a.agency, a.url).toBe(a.truthAgency);
    for (const a of stored.filter((x) => !x.truthAgency)) expect(a.agency, a.url).toBeNull();
  });

  it("DER-3: the agency credit is kept as a name beside the body summary, never the text", async () => {
    const rows = await database.db.execute<{ agency_credit: string | null }>(sql`select agency_credit from body_summaries`);
    expect(rows.some((r) => r.agency_credit !== null)).toBe(true);
    for (const r of rows) if (r.agency_credit) expect(["EFE", "Europa Press"]).toContain(r.agency_credit);
  });
});

describe("agency share on the outlet page", () => {
  it("DER-3, WEB-1: each outlet's agency share counts its flagged articles, by agency, among the articles it could judge", async () => {
    const outlets = await database.db.execute<{ id: number; slug: string }>(sql`select id, slug from outlets`);
    let seen = 0;
    for (const o of outlets) {
      const share = await loadAgencyShare(database.db, o.id, { start: ended - 7 * 86_400_000, end: ended });
      const mine = stored.filter((a) => a.outlet === o.slug);
      expect(share.articles).toBe(mine.length);
      expect(share.agencyArticles).toBe(mine.filter((a) => a.agency !== null).length);
      expect(share.judged).toBe(mine.filter((a) => a.read_outcome === "open" || a.agency !== null).length);
      for (const a of share.agencies) expect(["EFE", "Europa Press"]).toContain(a.label);
      seen += share.agencyArticles;
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe("fingerprint retention", () => {
  it("STO-3: no lede or body sentence is in the story tables, the fingerprints or the log", async () => {
    const dump =
      [
        ...(await database.db.execute<{ row: string }>(sql`select t::text as row from story_fingerprints t`)),
        ...(await database.db.execute<{ row: string }>(sql`select t::text as row from stories t`)),
        ...(await database.db.execute<{ row: string }>(sql`select t::text as row from body_summaries t`)),
      ]
        .map((r) => r.row)
        .join("\n") + logLines.join("\n");
    let checked = 0;
    for (const a of stored) {
      const text = sim.truth.textOf(a.truthId)!;
      for (const sentence of [text.lede, ...text.sentences]) {
        expect(dump.includes(sentence)).toBe(false);
        checked++;
      }
      expect(dump.includes(text.token)).toBe(false);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("STO-4, DER-2: fingerprints are deleted 72 h after capture by the scheduled step; story membership stays", async () => {
    const [range] = await database.db.execute<{ first: Date | string; last: Date | string; n: number }>(sql`
      select min(captured_at) as first, max(captured_at) as last, count(*)::int as n from story_fingerprints`);
    const first = new Date(range!.first).getTime();
    const last = new Date(range!.last).getTime();
    expect(range!.n).toBeGreaterThan(50);
    const members = await database.db.execute(sql`select id, story_id from articles where story_id is not null order by id`);
    const clock = manualClock(first + 72 * HOUR - 1);
    const step = createStoryHousekeeping({ db: database.db, clock });
    await step();
    const count = async () => (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from story_fingerprints`))[0]!.n;
    expect(await count()).toBe(range!.n); // 1 ms short of 72 h: all kept
    clock.set(first + 72 * HOUR);
    await step();
    expect(await count()).toBeLessThan(range!.n); // the first capture is 72 h old: gone
    clock.set(last + 72 * HOUR);
    await step();
    expect(await count()).toBe(0);
    const after = new Set(
      (await database.db.execute<{ id: string; story_id: string }>(sql`select id, story_id from articles where story_id is not null`)).map(
        (r) => `${r.id} ${r.story_id}`,
      ),
    );
    for (const m of members as unknown as { id: string; story_id: string }[]) expect(after.has(`${m.id} ${m.story_id}`)).toBe(true);
  });
});
