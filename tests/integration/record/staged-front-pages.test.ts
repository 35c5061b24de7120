/**
 * Staged front pages in browser mode (SPEC EXT-3, DER-7, STO-1): three simulated outlets, one
 * per markup, whose home page is laid out by an inline style sheet in another order than its
 * markup (tests/sim/render/staged.ts): the lead comes fourth in the markup and is shown first
 * with the largest title; the last five teasers come second in the markup and are shown at the
 * bottom. Each page is rendered in real Chromium by the product's renderer (1280×900, every
 * request but the document blocked) every 40 simulated minutes for four hours and goes
 * through the real collector into a real database. The stored ranking must be what a reader
 * sees (the truth's), while the document order alone would give another.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { loadPolicies } from "../../../db/policies-in-force";
import { loadFrontPageAt } from "../../../db/queries/front-pages/front-page-at";
import { findVisibleOutlet } from "../../../db/queries/outlet-page/outlet";
import { createBrowserRenderer, type BrowserRenderer } from "../../../crawler/fetch/browser";
import { createCollector } from "../../../crawler/jobs/collect";
import { extractFrontPage } from "../../../crawler/parse/frontpage/frontpage";
import type { PoliteClient } from "../../../crawler/politeness/polite-client";
import type { Job } from "../../../crawler/schedule/claim";
import { loadConfig } from "../../../lib/config";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { siteOf } from "../../../lib/registrable-domain";
import { createFakeClock } from "../../sim/clock";
import { startSimulatedWeb, toOutletsFile, type SimulatedWeb } from "../../sim/index";
import type { FrontPageSlot } from "../../sim/front-page-model";
import { simOutlets } from "../../sim/outlets";
import type { TruthFurniture } from "../../sim/truth";
import { chromiumPath } from "../../support/browser";
import { createTestDatabase } from "../../support/database";

const MINUTE = 60_000;
const T0 = Date.parse("2025-03-10T08:00:00Z");
const CAPTURES = 6;
const EVERY = 40 * MINUTE;

/** What one capture served, what the markup alone gives, and what the product stored. */
interface Capture {
  slug: string;
  at: number;
  truth: FrontPageSlot[];
  furniture: TruthFurniture;
  /** The main ranking of the rendered DOM read in document order, without boxes. */
  markup: string[];
  stored: { url: string; rank: number }[];
}

const clock = createFakeClock(T0);
let sim: SimulatedWeb;
let database: Database;
let renderer: BrowserRenderer;
let scratch: string;
const captures: Capture[] = [];

beforeAll(async () => {
  if (!fs.existsSync(chromiumPath()))
    throw new Error(`Chromium not found at ${chromiumPath()}: run "apt-get install -y chromium" or set CHROMIUM_PATH`);
  scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-staged-"));
  sim = await startSimulatedWeb({ clock, seed: 11, outlets: 3, stagedFrontPages: simOutlets(3).map((o) => o.slug) });
  renderer = createBrowserRenderer({
    config: loadConfig({
      HEMEROSCOPIO_RESOLVE: sim.resolveRule,
      HEMEROSCOPIO_ONLY_RESOLVED: "true",
      HEMEROSCOPIO_TOTAL_TIMEOUT_MS: "30000",
      HEMEROSCOPIO_DATA_DIR: path.join(scratch, "data"),
      CHROMIUM_PATH: chromiumPath(),
    }),
  });
  database = await createTestDatabase();
  const db = database.db;
  const outlets = toOutletsFile(sim.outlets).map((o) => ({ ...o, renderMode: "browser" as const }));
  await importOutlets(db, parseOutletsFile(JSON.stringify(outlets), "sim.json"));
  const sources = await db.execute<{ id: number; outlet_id: number; slug: string; url: string }>(sql`
    select s.id, s.outlet_id, o.slug, s.url from sources s join outlets o on o.id = s.outlet_id where s.kind = 'frontpage'`);
  const collect = createCollector({
    db,
    client: {} as PoliteClient,
    now: () => clock.now(),
    siteOf,
    outletSite: async (id) => siteOf(sources.find((s) => Number(s.outlet_id) === id)!.url),
    boxesOf: (result) => renderer.details(result)?.boxes,
  });
  const policies = await loadPolicies(db);
  for (let k = 0; k < CAPTURES; k++) {
    const at = T0 + k * EVERY;
    clock.set(at);
    for (const outlet of sim.outlets) {
      const source = sources.find((s) => s.slug === outlet.slug)!;
      const result = await renderer.fetcher({ url: source.url, kind: "page" }, AbortSignal.timeout(60_000));
      expect(result.outcome, result.error).toBe("ok");
      expect(renderer.details(result)?.boxes.length).toBeGreaterThan(50);
      const job: Job = {
        sourceId: Number(source.id),
        outletId: Number(source.outlet_id),
        outletSlug: outlet.slug,
        timezone: "Europe/Madrid",
        kind: "frontpage",
        url: source.url,
        intervalMinutes: 40,
        etag: null,
        lastModified: null,
        leaseUntil: new Date(at + 10 * MINUTE),
      };
      await collect(job, { finalUrl: result.url, result });
      const visible = (await findVisibleOutlet(db, policies, outlet.slug))!;
      const shown = await loadFrontPageAt(db, {
        outletId: job.outletId,
        policy: visible.policy,
        minute: at,
        now: at + MINUTE,
        bestRank: false,
      });
      const urls = new Map(
        [...(await db.execute<{ id: number; url: string }>(sql`select id, url from articles where outlet_id = ${job.outletId}`))].map(
          (r) => [Number(r.id), r.url],
        ),
      );
      captures.push({
        slug: outlet.slug,
        at,
        truth: sim.truth.frontPageAt(outlet.slug, at),
        furniture: sim.truth.frontPageFurnitureAt(outlet.slug, at),
        markup: extractFrontPage(result.body!, result.url, "text/html; charset=utf-8").links.map((l) => l.url),
        stored: shown.links.map((l, i) => ({ url: urls.get(l.articleId)!, rank: i + 1 })),
      });
    }
  }
}, 300_000);

afterAll(async () => {
  await renderer?.close();
  await sim?.close();
  await database?.close();
  if (scratch) await fs.promises.rm(scratch, { recursive: true, force: true });
});

const when = (c: Capture) => `${c.slug} ${new Date(c.at).toISOString()}`;

describe("front pages staged by CSS, collected in browser mode (SPEC EXT-3, DER-7, STO-1)", () => {
  it("EXT-3: the three outlets use three markups, and each markup's order is not the reader's", () => {
    expect(captures.length).toBe(CAPTURES * 3);
    expect(new Set(captures.map((c) => c.furniture.layout)).size).toBe(3);
    for (const c of captures) {
      const order = c.furniture.markupOrder!;
      expect(order.slice(0, 9), when(c)).toEqual([2, 3, 4, 1, ...[4, 3, 2, 1, 0].map((k) => c.truth.length - k)]);
      // Read without its layout, the page leads with its fourth-ranked teaser and has the
      // bottom block at ranks 5–9: what a parser of the markup alone would store.
      expect(c.markup.slice(0, 9), when(c)).toEqual(order.slice(0, 9).map((rank) => c.truth[rank - 1]!.url));
    }
  });

  it("DER-7, EXT-3: rank 1 is the lead the page shows first, at every capture, and the lead changed during the run", () => {
    for (const c of captures) expect(c.stored[0]?.url, when(c)).toBe(c.truth[0]?.url);
    for (const slug of new Set(captures.map((c) => c.slug))) {
      expect(new Set(captures.filter((c) => c.slug === slug).map((c) => c.truth[0]?.url)).size, slug).toBeGreaterThan(1);
    }
  });

  it("EXT-3, STO-1: the stored main ranking is what a reader sees, rank by rank: the block shown at the bottom ranks last", () => {
    for (const c of captures) {
      expect(
        c.stored.map((s) => s.url),
        when(c),
      ).toEqual(c.truth.map((s) => s.url));
    }
  });

  it("EXT-3: every rank-1 span's box is above the fold, and no span past rank 50 has one there", async () => {
    const spans = [
      ...(await database.db.execute<{ position: number; above_fold: boolean | null; box_y: number | null; url: string; from_at: string }>(
        sql`select s.position, s.above_fold, s.box_y, a.url, s.from_at::text from rank_spans s join articles a on a.id = s.article_id`,
      )),
    ].map((s) => ({ position: Number(s.position), aboveFold: s.above_fold, y: s.box_y, url: s.url, from: s.from_at }));
    const leads = spans.filter((s) => s.position === 1);
    expect(leads.length).toBeGreaterThan(3);
    expect(leads.filter((s) => s.aboveFold !== true)).toEqual([]);
    const bottom = spans.filter((s) => s.position > 50);
    expect(bottom.length).toBeGreaterThan(10);
    expect(bottom.filter((s) => s.aboveFold !== false)).toEqual([]);
  });
});
