/**
 * The parse → record stages of a source poll (SPEC EXT-1…3, STO-1): the fetched bytes
 * go to the pure parser of their kind, and only what the observatory keeps (URLs,
 * headlines, times, sections, bylines, ranks) reaches the recorder. Ledes, bodies and
 * HTML are dropped with the parser's result when this function returns (STO-3).
 * An answered poll that yields too little to be believed is recorded as a failed
 * extraction, never as an emptied page (EXT-6, lib/collection/extraction-floor.ts).
 */
import type { Db, Executor } from "../../db/client";
import { transactionRetryingConflicts } from "../../db/conflict-retry";
import type { FetchResult } from "../../lib/fetcher";
import { discoverFeeds } from "../parse/html/discovery";
import { parseFeed } from "../parse/feed/feed";
import type { LayoutBox } from "../fetch/browser-boxes";
import { legalNoticeText } from "../parse/html/legal-notice";
import { saveLegalNotice } from "../../db/legal-notices";
import { extractFrontPage } from "../parse/frontpage/frontpage";
import { attachBoxes, type BoxedLink } from "../parse/frontpage/boxes";
import { orderByBoxes } from "../parse/frontpage/visual-order";
import { parseSitemap } from "../parse/sitemap/sitemap";
import type { PoliteClient } from "../politeness/polite-client";
import {
  findSightings,
  settled,
  storeNewSightings,
  type DiscoveredIn,
  type Recorder,
  type Sighting,
  type SightingsPlan,
} from "../record/articles";

type RecordInput = {
  outletId: number;
  siteOf: (url: string) => string;
  via: DiscoveredIn;
  at: number;
  sightings: Sighting[];
  ledes?: Map<string, string>;
};
import { recordFingerprints } from "../derive/fingerprints";
import { proposeSources, robotsSitemaps } from "../record/discovered";
import { recordCapture } from "../record/frontpage";
import { frontPageHistory, recordExtractionRecovered, recordFailedFrontPage, recordListingExtraction } from "../record/extraction";
import { frontPageExtractionFailed } from "../../lib/collection/extraction-floor";
import type { Job } from "../schedule/claim";
import type { Collect } from "./poll-source";

/** Sitemap children followed from an index in one poll (EXT-2: one level, within budget). */
const MAX_CHILD_SITEMAPS = 3;
/** Only recent sitemap entries are news (a news sitemap holds the last 48 h). */
const SITEMAP_WINDOW_MS = 2 * 24 * 3_600_000;
/** Cap on entries taken from one sitemap. */
const MAX_SITEMAP_ENTRIES = 1000;

/** Options of the collector. */
export interface CollectOptions {
  db: Db;
  client: PoliteClient;
  now: () => number;
  siteOf: (url: string) => string;
  outletSite: (outletId: number) => Promise<string>;
  renderMode?: (outletId: number) => Promise<"static" | "browser">;
  /** Layout boxes of a browser-rendered response (EXT-3), when it was one. */
  boxesOf?: (result: FetchResult) => LayoutBox[] | undefined;
}

function sitemapSightings(entries: ReturnType<typeof parseSitemap>["entries"], now: number): Sighting[] {
  return entries
    .filter((e) => {
      const at = (e.newsPublishedAt ?? e.lastmod)?.getTime();
      return at === undefined ? e.newsTitle !== undefined : now - at <= SITEMAP_WINDOW_MS;
    })
    .slice(0, MAX_SITEMAP_ENTRIES)
    .map((e) => ({ url: e.url, headline: e.newsTitle, publishedAt: e.newsPublishedAt }));
}

/**
 * Record sightings and fingerprint what is new (DER-2): every new article from its headline,
 * and, from a feed, each article seen there for the first time with its lede — which lives
 * only in `ledes` and dies with this call (STO-3).
 */
async function recordWithFingerprints(tx: Recorder, p: RecordInput) {
  return storeWithFingerprints(tx, p, await findSightings(tx, p));
}

async function storeWithFingerprints(tx: Executor, p: RecordInput, plan: SightingsPlan) {
  const recorded = await storeNewSightings(tx, plan);
  const fresh = p.ledes ? recorded.firstHere : recorded.created;
  const items = p.sightings
    .filter((s) => fresh.has(s.url) && recorded.ids.has(s.url))
    .map((s) => ({ articleId: recorded.ids.get(s.url)!, headline: s.headline ?? "", lede: p.ledes?.get(s.url) }));
  await recordFingerprints(tx, { at: p.at, items });
  return recorded.ids;
}

/**
 * A feed's or sitemap's sightings: the first step stands alone and settles a re-poll where
 * nothing is new in one round trip; only new articles, facts or headlines open a transaction.
 */
async function recordListing(db: Db, p: RecordInput): Promise<void> {
  const plan = await findSightings(db, p);
  if (!settled(plan)) await transactionRetryingConflicts(db, (tx) => storeWithFingerprints(tx, p, plan));
}

/** Build the collector the source pipeline calls for every successful poll. */
export function createCollector(o: CollectOptions): Collect {
  /** Keep only the outlet's own articles (links to other sites are not its publications). */
  async function own(job: Job, sightings: Sighting[]): Promise<Sighting[]> {
    const site = await o.outletSite(job.outletId);
    return sightings.filter((s) => o.siteOf(s.url) === site);
  }

  async function followIndex(job: Job, children: string[], signal: AbortSignal): Promise<Sighting[]> {
    const found: Sighting[] = [];
    for (const url of children.slice(0, MAX_CHILD_SITEMAPS)) {
      const response = await o.client.request({ url, kind: "sitemap" }, signal);
      if (!response.sent || response.result.outcome !== "ok") continue;
      const parsed = parseSitemap(response.result.body ?? new Uint8Array(), response.finalUrl, response.result.headers["content-type"], {
        timeZone: job.timezone,
      });
      if (parsed.kind === "urlset") found.push(...sitemapSightings(parsed.entries, o.now()));
    }
    return found;
  }

  return async (job: Job, response: { finalUrl: string; result: FetchResult }, signal?: AbortSignal) => {
    const body = response.result.body ?? new Uint8Array();
    const contentType = response.result.headers["content-type"];
    const at = o.now();
    if (job.kind === "feed") {
      const items = parseFeed(body, response.finalUrl, contentType, { ledes: true, timeZone: job.timezone });
      if (await recordListingExtraction(o.db, { sourceId: job.sourceId, at, entries: items.length })) return { extractionFailed: true };
      const sightings = items.map((i) => ({
        url: i.url,
        headline: i.title,
        publishedAt: i.publishedAt,
        section: i.section,
        authors: i.authors,
      }));
      const ledes = new Map(items.flatMap((i) => (i.lede ? [[i.url, i.lede] as const] : [])));
      const mine = await own(job, sightings);
      await recordListing(o.db, { outletId: job.outletId, siteOf: o.siteOf, via: "feed", at, sightings: mine, ledes });
    } else if (job.kind === "sitemap") {
      const parsed = parseSitemap(body, response.finalUrl, contentType, { timeZone: job.timezone });
      if (await recordListingExtraction(o.db, { sourceId: job.sourceId, at, entries: parsed.entries.length }))
        return { extractionFailed: true };
      const children =
        parsed.kind === "index"
          ? [...parsed.entries].sort((a, b) => (b.lastmod?.getTime() ?? 0) - (a.lastmod?.getTime() ?? 0)).map((e) => e.url)
          : [];
      const sightings =
        parsed.kind === "urlset"
          ? sitemapSightings(parsed.entries, at)
          : await followIndex(job, children, signal ?? new AbortController().signal);
      const mine = await own(job, sightings);
      await recordListing(o.db, { outletId: job.outletId, siteOf: o.siteOf, via: "sitemap", at, sightings: mine });
    } else if (job.kind === "frontpage") {
      const boxes = o.boxesOf?.(response.result);
      const { links, others = [] } = extractFrontPage(body, response.finalUrl, contentType);
      // EXT-3: in browser mode the boxes confirm or correct the document order (visual-order.ts).
      const laidOut = boxes ? attachBoxes(orderByBoxes(links, boxes), boxes) : links;
      // Links outside the main ranking (rails, strips, related links) are sightings, not positions.
      const kept = await own(
        job,
        [...links, ...others].map((l) => ({ url: l.url, headline: l.headline })),
      );
      const renderMode = boxes ? "browser" : "static";
      // EXT-6: too few links for this outlet is a failed extraction: recorded as such, nothing of it kept, no span closed.
      const history = await frontPageHistory(o.db, { outletId: job.outletId, sourceId: job.sourceId });
      const found = new Set(kept.map((k) => k.url)).size;
      const extractionFailed = frontPageExtractionFailed(found, history.recent);
      // STO-1: the capture is written in one transaction: articles, headlines, spans, the capture row.
      const { changed } = extractionFailed
        ? await recordFailedFrontPage(o.db, { sourceId: job.sourceId, outletId: job.outletId, at, links: found, renderMode }).then(() => ({
            changed: undefined,
          }))
        : await transactionRetryingConflicts(o.db, async (tx) => {
            const ids = await recordWithFingerprints(tx, {
              outletId: job.outletId,
              siteOf: o.siteOf,
              via: "frontpage",
              at,
              sightings: kept,
            });
            const ranks = laidOut
              .filter((l) => ids.has(l.url))
              .map((l: BoxedLink, i) => ({ articleId: ids.get(l.url)!, rank: i + 1, box: l.box }));
            if (history.failures > 0) await recordExtractionRecovered(tx, job.sourceId);
            return recordCapture(tx, { outletId: job.outletId, at, renderMode, ranks });
          });
      // CFG-2: feeds the home page announces, and sitemaps its robots.txt lists, are proposed.
      await proposeSources(o.db, {
        outletId: job.outletId,
        kind: "feed",
        urls: discoverFeeds(body, response.finalUrl, contentType),
        siteOf: o.siteOf,
        intervalMinutes: 10,
      });
      await proposeSources(o.db, {
        outletId: job.outletId,
        kind: "sitemap",
        urls: await robotsSitemaps(o.db, new URL(response.finalUrl).origin),
        siteOf: o.siteOf,
        intervalMinutes: 15,
      });
      return extractionFailed ? { extractionFailed } : { changed };
    } else if (job.kind === "legal") {
      // LEG-1: the notice's text is kept only when it changed (a robots.txt block means it is never fetched: the admin asks for a paste).
      const text = legalNoticeText(body, contentType);
      if (text !== undefined)
        return { changed: await saveLegalNotice(o.db, { outletId: job.outletId, text, now: at, source: "rastreador" }) };
    }
    return {};
  };
}
