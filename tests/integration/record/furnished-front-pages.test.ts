/**
 * Front pages with the furniture of real ones (SPEC EXT-3, STO-1): three simulated outlets,
 * one per markup (Spanish class names, English ones, none), are fetched over loopback HTTP
 * every 20 simulated minutes for eight hours and each page goes through the real collector
 * (parser, article and headline recorder, rank-span recorder) into a real database. Read
 * back by the site's read model at every capture: rank 1 is the truth's lead, every main
 * teaser's headline is its title (never the kicker or a "Directo" label), and no article the
 * ticker, trending strip, related links, rail or footer links to outside the main flow ever
 * holds a rank; the main ranking is the truth's, rank by rank.
 */
import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { loadPolicies } from "../../../db/policies-in-force";
import { loadFrontPageAt } from "../../../db/queries/front-pages/front-page-at";
import { findVisibleOutlet } from "../../../db/queries/outlet-page/outlet";
import { createCollector } from "../../../crawler/jobs/collect";
import type { PoliteClient } from "../../../crawler/politeness/polite-client";
import type { Job } from "../../../crawler/schedule/claim";
import type { FetchResult } from "../../../lib/fetcher";
import { parseOutletsFile } from "../../../lib/outlets-file";
import { siteOf } from "../../../lib/registrable-domain";
import { createFakeClock } from "../../sim/clock";
import { startSimulatedWeb, toOutletsFile, type SimulatedWeb } from "../../sim/index";
import type { FrontPageSlot } from "../../sim/front-page-model";
import type { TruthFurniture } from "../../sim/truth";
import { createTestDatabase } from "../../support/database";

const MINUTE = 60_000;
const T0 = Date.parse("2025-03-10T07:00:00Z");
const CAPTURES = 24;
const EVERY = 20 * MINUTE;

/** What one capture served and what the product stored for it. */
interface Capture {
  slug: string;
  at: number;
  truth: FrontPageSlot[];
  furniture: TruthFurniture;
  stored: { url: string; rank: number }[];
  /** The headlines recorded as seen at this capture, by article URL. */
  seen: Map<string, string[]>;
}

const clock = createFakeClock(T0);
let sim: SimulatedWeb;
let database: Database;
const captures: Capture[] = [];

/** GET the outlet's home page over loopback, with the outlet's Host (portless links come back). */
function getHome(host: string): Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: sim.port, path: "/", headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          body: new Uint8Array(Buffer.concat(chunks)),
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

beforeAll(async () => {
  sim = await startSimulatedWeb({ clock, seed: 11, outlets: 3 });
  database = await createTestDatabase();
  const db = database.db;
  await importOutlets(db, parseOutletsFile(JSON.stringify(toOutletsFile(sim.outlets)), "sim.json"));
  const sources = await db.execute<{ id: number; outlet_id: number; slug: string; url: string }>(sql`
    select s.id, s.outlet_id, o.slug, s.url from sources s join outlets o on o.id = s.outlet_id where s.kind = 'frontpage'`);
  const collect = createCollector({
    db,
    client: {} as PoliteClient,
    now: () => clock.now(),
    siteOf,
    outletSite: async (id) => siteOf(sources.find((s) => Number(s.outlet_id) === id)!.url),
  });
  const policies = await loadPolicies(db);
  for (let k = 0; k < CAPTURES; k++) {
    const at = T0 + k * EVERY;
    clock.set(at);
    for (const outlet of sim.outlets) {
      const source = sources.find((s) => s.slug === outlet.slug)!;
      const res = await getHome(outlet.hosts.www);
      expect(res.status).toBe(200);
      const job: Job = {
        sourceId: Number(source.id),
        outletId: Number(source.outlet_id),
        outletSlug: outlet.slug,
        timezone: "Europe/Madrid",
        kind: "frontpage",
        url: source.url,
        intervalMinutes: 20,
        etag: null,
        lastModified: null,
        leaseUntil: new Date(at + 10 * MINUTE),
      };
      const result: FetchResult = {
        outcome: "ok",
        status: 200,
        url: source.url,
        headers: res.headers,
        body: res.body,
        bytes: res.body.length,
        durationMs: 0,
        startedAt: at,
        endedAt: at,
      };
      await collect(job, { finalUrl: source.url, result });
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
      // The versions this capture saw. (The read model's headline at a minute is the latest
      // version first seen by then, which an A/B test's return to its first title does not move.)
      const seen = new Map<string, string[]>();
      for (const v of await db.execute<{ article_id: number; text: string }>(sql`
        select article_id, text from headline_versions where outlet_id = ${job.outletId} and last_seen_at = ${new Date(at).toISOString()}::timestamptz`)) {
        const url = urls.get(Number(v.article_id))!;
        seen.set(url, [...(seen.get(url) ?? []), v.text]);
      }
      captures.push({
        slug: outlet.slug,
        at,
        truth: sim.truth.frontPageAt(outlet.slug, at),
        furniture: sim.truth.frontPageFurnitureAt(outlet.slug, at),
        stored: shown.links.map((l, i) => ({ url: urls.get(l.articleId)!, rank: i + 1 })),
        seen,
      });
    }
  }
}, 300_000);

afterAll(async () => {
  await sim?.close();
  await database?.close();
});

describe("front pages with real furniture, collected (SPEC EXT-3, STO-1)", () => {
  it("EXT-3: the three outlets use three markups, each with every kind of furniture", () => {
    const first = captures.slice(0, 3);
    expect(new Set(first.map((c) => c.furniture.layout)).size).toBe(3);
    for (const c of first) {
      expect(c.furniture.ticker.length, c.slug).toBeGreaterThan(0);
      expect(c.furniture.trending.length, c.slug).toBeGreaterThan(0);
      expect(c.furniture.related.size, c.slug).toBeGreaterThan(0);
      expect(c.furniture.rail.length, c.slug).toBeGreaterThan(0);
      expect(c.furniture.footer.length, c.slug).toBeGreaterThan(0);
      expect(c.furniture.repeated.length, c.slug).toBeGreaterThan(0);
      expect(c.furniture.outside.length, c.slug).toBeGreaterThan(5);
    }
  });

  it("EXT-3: rank 1 is the truth's lead at every capture, and the lead changed during the run", () => {
    expect(captures.length).toBe(CAPTURES * 3);
    for (const c of captures) expect(c.stored[0]?.url, `${c.slug} ${new Date(c.at).toISOString()}`).toBe(c.truth[0]?.url);
    for (const slug of new Set(captures.map((c) => c.slug))) {
      expect(new Set(captures.filter((c) => c.slug === slug).map((c) => c.truth[0]?.url)).size, slug).toBeGreaterThan(1);
    }
  });

  it("EXT-3, STO-1: the stored main ranking is the truth's, rank by rank, and every headline is the teaser's title", () => {
    for (const c of captures) {
      const when = `${c.slug} ${new Date(c.at).toISOString()}`;
      expect(
        c.stored.map((s) => s.url),
        when,
      ).toEqual(c.truth.map((s) => s.url));
      // Each main teaser was seen under its title only: never its kicker or its label.
      expect(
        c.truth.map((s) => c.seen.get(s.url)),
        when,
      ).toEqual(c.truth.map((s) => [s.headline]));
    }
  });

  it("EXT-3, EXT-8: no ticker, strip, related, rail or footer link outside the main flow ever holds a rank", async () => {
    const outside = [...new Set(captures.flatMap((c) => c.furniture.outside))];
    expect(outside.length).toBeGreaterThan(20);
    const ranked = await database.db.execute<{ url: string }>(sql`
      select distinct a.url from rank_spans s join articles a on a.id = s.article_id`);
    const rankedUrls = new Set([...ranked].map((r) => r.url));
    // An article can be in the furniture at one capture and in the main flow at another: only
    // the URLs never in any capture's main ranking must have no span at all.
    const everMain = new Set(captures.flatMap((c) => c.truth.map((s) => s.url)));
    const never = outside.filter((u) => !everMain.has(u));
    expect(never.length).toBeGreaterThan(10);
    expect(never.filter((u) => rankedUrls.has(u))).toEqual([]);
    // Those in the page's content are still sightings of their article (first seen, headline).
    const inContent = [...new Set(captures.flatMap((c) => c.furniture.outsideInContent))].filter((u) => !everMain.has(u));
    const recorded = await database.db.execute<{ url: string }>(sql`select url from articles`);
    const recordedUrls = new Set([...recorded].map((r) => r.url));
    expect(inContent.length).toBeGreaterThan(5);
    expect(inContent.filter((u) => !recordedUrls.has(u))).toEqual([]);
  });
});
