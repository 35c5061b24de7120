/**
 * The real worker collects the simulated web (200× clock, loopback HTTP, real PostgreSQL)
 * and the database is checked against the simulator's ground truth: articles, headline
 * versions, front-page rank spans, article reads — and that no text was kept anywhere.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../db/client";
import { frontPageAt } from "../../../db/figures/api/front-pages";
import { importOutlets } from "../../../db/outlets";
import { createCrawlPipeline } from "../../../crawler/compose";
import { runWorker } from "../../../crawler/loop";
import { loadConfig } from "../../../lib/config";
import { createLogger } from "../../../lib/log";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { startSimulatedWeb, toOutletsFile, type SimulatedWeb } from "../../sim/index";
import { createTestDatabase } from "../../support/database";
import { daytimeClock } from "../../support/daytime-clock";

const SCALE = 200;

const OUTLETS = 8;
let sim: SimulatedWeb;
let database: Database;
let logLines: string[];
let bodiesSeen = 0;
let started: number;
let ended: number;

beforeAll(async () => {
  // The run is in the outlets' daytime whatever the hour of the machine: at night (01–06 in
  // Madrid, SCH-2) front pages are captured hourly, and 47 minutes would hold one capture.
  const clock = daytimeClock(SCALE);
  sim = await startSimulatedWeb({ clock, outlets: OUTLETS });
  database = await createTestDatabase();
  // The first outlet is configured with its home page only: its feed and sitemaps must be discovered.
  // The second outlet's front page is rendered in Chromium (browser mode).
  const outlets = toOutletsFile(sim.outlets).map((o, i) =>
    i === 0 ? { ...o, feeds: [], sitemaps: [] } : i === 1 ? { ...o, renderMode: "browser" } : o,
  );
  await importOutlets(database.db, parseOutletsFile(JSON.stringify(outlets), "sim.json"));
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-collect-"));
  const config = loadConfig({
    HEMEROSCOPIO_RESOLVE: sim.resolveRule,
    HEMEROSCOPIO_ONLY_RESOLVED: "true",
    HEMEROSCOPIO_DATA_DIR: dataDir,
    HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
    HEMEROSCOPIO_TIME_SCALE: String(SCALE),
    HEMEROSCOPIO_LOG_LEVEL: "debug",
  });
  logLines = [];
  const log = createLogger({ component: "worker", level: "debug", write: (l) => logLines.push(l) });
  const pipeline = await createCrawlPipeline({
    config,
    db: database.db,
    clock,
    workerId: "collector",
    onOpenBody: async ({ body }) => {
      bodiesSeen += body.length > 0 ? 1 : 0; // the derive stage would summarise it here; nothing is kept
    },
  });
  const stop = new AbortController();
  started = clock.now();
  const running = runWorker({
    db: database.db,
    clock,
    log,
    pipeline,
    workerId: "collector",
    signal: stop.signal,
    leaseMs: 600_000 * SCALE,
    maxIdleMs: 30_000 * SCALE,
  });
  // Run for at least 47 simulated minutes and until the work the assertions read is done — every front page captured
  // twice, 20+ articles an outlet, a headline rewritten, 20+ articles read — so a busy machine only makes the run longer.
  await vi.waitFor(
    async () => {
      if (clock.now() - started < 47 * 60_000) throw new Error("not 47 simulated minutes yet");
      const [done] = await database.db.execute<{ fronts: number; articles: number; rewritten: number; read: number; open: number }>(sql`
      select (select count(*)::int from (select outlet_id from frontpage_captures where outcome = 'ok' group by outlet_id having count(*) >= 2) f) as fronts,
        (select count(*)::int from articles) as articles,
        (select count(*)::int from (select article_id from headline_versions group by article_id having count(*) > 1) h) as rewritten,
        (select count(*)::int from articles where read_at is not null) as read,
        (select count(*)::int from articles where read_outcome = 'open') as open`);
      if (!(done!.fronts === OUTLETS && done!.articles > OUTLETS * 20 && done!.rewritten > 0 && done!.read > 20 && done!.open > 0)) {
        throw new Error(`not done yet: ${JSON.stringify(done)}`);
      }
    },
    { timeout: 100_000, interval: 250 },
  );
  stop.abort();
  await running;
  ended = clock.now();
  await sim.idle();
}, 180_000);

afterAll(async () => {
  await sim?.close();
  await database?.close();
});

describe("collecting the simulated web", () => {
  it("EXT-1, EXT-2, EXT-3, STO-1: every recorded article is a real article of its outlet — no navigation, tags or authors", async () => {
    const rows = await database.db.execute<{ url: string; slug: string }>(sql`
      select a.url, o.slug from articles a join outlets o on o.id = a.outlet_id`);
    expect(
      rows.length,
      logLines
        .filter((l) => l.includes("failed"))
        .slice(0, 3)
        .join("\n"),
    ).toBeGreaterThan(OUTLETS * 20);
    const strays = rows.filter((r) => sim.truth.articleByUrl(r.url)?.outlet !== r.slug);
    expect(strays).toEqual([]);
  });

  it("EXT-1, DER-8: articles carry their declared publication time and when and where we first saw them", async () => {
    const rows = await database.db.execute<{
      url: string;
      published_at: string | null;
      first_seen_in: string;
      first_seen_feed_at: string | null;
    }>(sql`
      select url, published_at, first_seen_in, first_seen_feed_at from articles`);
    const withDate = rows.filter((r) => r.published_at !== null);
    expect(withDate.length / rows.length).toBeGreaterThan(0.9);
    for (const r of withDate.slice(0, 50)) {
      // Feeds and pages state times to the second.
      expect(new Date(r.published_at!).getTime()).toBe(Math.floor(sim.truth.articleByUrl(r.url)!.publishedAt / 1000) * 1000);
    }
    expect(new Set(rows.map((r) => r.first_seen_in))).toEqual(new Set(["feed", "sitemap", "frontpage"]));
  });

  it("STO-1: each headline is the outlet's headline of that moment, and rewrites become new versions", async () => {
    const versions = await database.db.execute<{ url: string; text: string; first_seen_at: string }>(sql`
      select a.url, h.text, h.first_seen_at from headline_versions h join articles a on a.id = h.article_id`);
    const known = versions.filter((v) => {
      const article = sim.truth.articleByUrl(v.url)!;
      return article.headlineVersions.some((hv) => hv.text === v.text);
    });
    expect(known.length).toBe(versions.length);
    const perArticle = new Map<string, number>();
    for (const v of versions) perArticle.set(v.url, (perArticle.get(v.url) ?? 0) + 1);
    expect([...perArticle.values()].some((n) => n > 1)).toBe(true);
  });

  it("EXT-3, STO-1: the last capture of each front page matches the simulator's front page, in order", async () => {
    for (const outlet of sim.outlets.slice(0, 4)) {
      const [capture] = await database.db.execute<{ at: string }>(sql`
        select c.at from frontpage_captures c join outlets o on o.id = c.outlet_id
        where o.slug = ${outlet.slug} and c.outcome = 'ok' order by c.at desc limit 1`);
      expect(capture).toBeDefined();
      const at = new Date(capture!.at).getTime();
      const [{ id: outletId }] = (await database.db.execute<{ id: number }>(
        sql`select id from outlets where slug = ${outlet.slug}`,
      )) as unknown as [{ id: number }];
      const urls = new Map(
        (await database.db.execute<{ id: number; url: string }>(sql`select id, url from articles where outlet_id = ${outletId}`)).map(
          (r) => [Number(r.id), r.url],
        ),
      );
      const spans = (await frontPageAt(database.db, outletId, at)).map((r) => ({ url: urls.get(r.articleId)!, rank: r.rank }));
      // The capture's time is when it was recorded; the page is the one served last before it.
      const home = new URL(toOutletsFile([outlet])[0]!.homepage);
      const served = sim
        .accessLog()
        .filter((e) => e.host === home.hostname && e.path === "/" && e.status === 200 && e.simTime <= at)
        .at(-1)!;
      const truth = sim.truth.frontPageAt(outlet.slug, served.simTime).map((slot) => slot.url);
      expect(spans.map((s) => s.url).slice(0, 10)).toEqual(truth.slice(0, 10));
    }
  });

  it("STO-1: rank spans are change records: never overlapping for one article, far fewer than captures × links", async () => {
    const [overlapping] = await database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from rank_spans a join rank_spans b
        on a.article_id = b.article_id and a.outlet_id = b.outlet_id and a.from_at < b.from_at
       and a.from_at <= coalesce(b.to_at, 'infinity') and b.from_at <= coalesce(a.to_at, 'infinity')`);
    expect(overlapping!.n).toBe(0);
    const [counts] = await database.db.execute<{ spans: number; slots: number }>(sql`
      select (select count(*)::int from rank_spans) as spans, (select coalesce(sum(link_count), 0)::int from frontpage_captures) as slots`);
    expect(counts!.spans).toBeLessThan(counts!.slots);
  });

  it("SCH-2: front pages are captured again at 15-minute intervals while they change", async () => {
    const rows = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from frontpage_captures where outcome = 'ok' group by outlet_id`,
    );
    const minutes = (ended - started) / 60_000;
    expect(rows.every((r) => r.n >= 2 && r.n <= Math.ceil(minutes / 15) + 1)).toBe(true);
  });

  it("SCH-3, SIG-1, SIG-2: discovered articles are read once; paywalled and reserved ones without their body", async () => {
    const rows = await database.db.execute<{ url: string; read_outcome: string; is_free: boolean | null }>(sql`
      select url, read_outcome, is_free from articles where read_at is not null`);
    expect(rows.length).toBeGreaterThan(20);
    for (const r of rows) {
      const truth = sim.truth.articleByUrl(r.url)!;
      if (truth.tdmReserved) expect(r.read_outcome).toBe("reserved");
      else if (!truth.free) expect(r.read_outcome).toBe("paywalled");
    }
    expect(rows.some((r) => r.read_outcome === "open")).toBe(true);
    expect(bodiesSeen).toBe(rows.filter((r) => r.read_outcome === "open").length);
    // STO-2: each open body left only its numeric summary.
    const [summaries] = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from body_summaries`);
    expect(summaries!.n).toBe(bodiesSeen);
    const reads = sim.accessLog().filter((e) => rows.some((r) => r.url.endsWith(e.path)) && e.path !== "/");
    const perPath = new Map<string, number>();
    for (const e of reads) perPath.set(`${e.host}${e.path}`, (perPath.get(`${e.host}${e.path}`) ?? 0) + 1);
    expect([...perPath.values()].every((n) => n === 1)).toBe(true);
  });

  it("STO-3: no body sentence or lede is in any table or any log line", async () => {
    const tables = await database.db.execute<{ table_schema: string; table_name: string }>(sql`
      select table_schema, table_name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE'`);
    let dump = "";
    for (const t of tables) {
      const rows = await database.db.execute<{ row: string }>(
        sql`select t::text as row from ${sql.identifier(t.table_schema)}.${sql.identifier(t.table_name)} t`,
      );
      dump += rows.map((r) => r.row).join("\n");
    }
    dump += logLines.join("\n");
    expect(dump.length).toBeGreaterThan(10_000);
    const ids = (await database.db.execute<{ url: string }>(sql`select url from articles`)).map((r) => sim.truth.articleByUrl(r.url)!.id);
    let checked = 0;
    for (const id of ids) {
      const text = sim.truth.textOf(id)!;
      for (const sentence of [text.lede, ...text.sentences]) {
        expect(dump.includes(sentence), `found: ${sentence}`).toBe(false);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("CFG-2: feeds announced by a home page and sitemaps listed in its robots.txt are proposed, not polled", async () => {
    const first = toOutletsFile(sim.outlets)[0]!;
    const proposed = await database.db.execute<{ kind: string; url: string; slug: string }>(sql`
      select s.kind, s.url, o.slug from sources s join outlets o on o.id = s.outlet_id where s.proposed`);
    expect(
      proposed
        .filter((p) => p.slug === first.slug)
        .map((p) => p.url)
        .sort(),
    ).toEqual([...first.feeds.slice(0, 1), ...first.sitemaps].sort());
    const polled = new Set(sim.accessLog().map((e) => `http://${e.host}${e.path}`));
    expect(proposed.filter((p) => polled.has(p.url))).toEqual([]);
  });

  it("EXT-3, POL-2: a browser-mode front page is laid out at 1280×900: ranks with boxes and the fold, and only its document is requested", async () => {
    const browserOutlet = sim.outlets[1]!;
    const captures = await database.db.execute<{ render_mode: string }>(sql`
      select c.render_mode from frontpage_captures c join outlets o on o.id = c.outlet_id where o.slug = ${browserOutlet.slug} and c.outcome = 'ok'`);
    expect(captures.length).toBeGreaterThan(0);
    expect(captures.every((c) => c.render_mode === "browser")).toBe(true);
    const spans = await database.db.execute<{ box_y: number | null; above_fold: boolean | null }>(sql`
      select s.box_y, s.above_fold from rank_spans s join outlets o on o.id = s.outlet_id where o.slug = ${browserOutlet.slug} order by s.position`);
    expect(spans.filter((s) => s.box_y !== null).length / spans.length).toBeGreaterThan(0.9);
    expect(spans.some((s) => s.above_fold === true)).toBe(true);
    expect(spans.some((s) => s.above_fold === false)).toBe(true);
    const home = new URL(toOutletsFile(sim.outlets)[1]!.homepage);
    const requested = sim
      .accessLog()
      .filter((e) => e.host === home.hostname)
      .map((e) => e.path);
    expect(requested.filter((p) => /\.(css|js|png|jpe?g|webp|svg|woff2?)(\?|$)/.test(p))).toEqual([]);
  });
});
