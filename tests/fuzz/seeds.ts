/**
 * Real-looking seed documents for the fuzzers: the parser tests' fixtures (real Spanish
 * newspapers' shapes, legacy charsets) and documents the simulated web renders.
 */
import { readdirSync, readFileSync } from "node:fs";
import { articleResponse, frontPageResponse } from "../sim/content";
import type { SimRequest, SimResponse } from "../sim/http-types";
import { PATHS, simOutlets, type SimOutlet } from "../sim/outlets";
import { renderAtom, renderRss, type FeedEntry } from "../sim/render/feeds";
import { defaultRobotsPlan, renderRobots } from "../sim/render/robots";
import { renderNewsSitemap, renderSitemapIndex } from "../sim/render/sitemaps";
import { createWorld, liveHeadline } from "../sim/world";
import { GOOGLE_MATCHING_CASES } from "../unit/politeness/robots-cases-google-matching";
import { GOOGLE_SYNTAX_CASES } from "../unit/politeness/robots-cases-google-syntax";

const FIXTURES = new URL("../unit/parse/fixtures/", import.meta.url);
const NOW = Date.parse("2025-03-10T12:00:00Z");
const HOUR = 3_600_000;
const outlets = simOutlets(4);
const world = createWorld(5, outlets);
const encode = (text: string) => new TextEncoder().encode(text);

function fixtures(folder: string, ext: string): Uint8Array[] {
  const dir = new URL(`${folder}/`, FIXTURES);
  return readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((f) => new Uint8Array(readFileSync(new URL(f, dir))));
}

function requestAt(outlet: SimOutlet): SimRequest {
  return {
    method: "GET",
    host: outlet.hosts.www,
    path: "/",
    query: new URLSearchParams(),
    headers: {},
    now: NOW,
    signal: new AbortController().signal,
    robots: {} as SimRequest["robots"],
    origin: (host) => `http://${host}`,
  };
}

const bodyOf = (res: SimResponse) => (typeof res.body === "string" ? encode(res.body) : (res.body ?? new Uint8Array()));
const recent = (outlet: SimOutlet, n: number) => world.articlesOf(outlet.slug, NOW - 12 * HOUR, NOW).slice(0, n);

function feedEntries(outlet: SimOutlet): FeedEntry[] {
  return recent(outlet, 15).map((a) => ({
    url: `http://${outlet.hosts.www}${a.path}`,
    title: liveHeadline(a, NOW) ?? "",
    publishedAt: a.publishedAt,
    updatedAt: a.publishedAt + 60_000,
    authors: a.authors,
    section: a.section.name,
    lede: "lede",
  }));
}

/** The URL each kind of seed is parsed as. */
export const SEED_URL = {
  feed: "https://www.elpais.com/rss/portada.xml",
  sitemap: "https://www.elpais.com/sitemaps/news.xml",
  page: "https://www.elpais.com/espana/2025-03-10/un-titular.html",
  home: "https://www.elpais.com/",
};

/** RSS, RDF and Atom feeds. */
export function feedSeeds(): Uint8Array[] {
  const rendered = outlets.map((outlet) => {
    const ctx = { outlet, feedUrl: outlet.feeds[0] ?? "", homeUrl: outlet.homepage, now: NOW, label: "Portada" };
    return encode(outlet.feedFormat === "rss" ? renderRss(ctx, feedEntries(outlet)) : renderAtom(ctx, feedEntries(outlet)));
  });
  return [...fixtures("feeds", ".xml"), ...rendered];
}

/** News sitemaps and sitemap indexes. */
export function sitemapSeeds(): Uint8Array[] {
  const rendered = outlets.slice(0, 2).flatMap((outlet) => [
    encode(
      renderNewsSitemap(
        outlet,
        recent(outlet, 20).map((a) => ({
          url: `http://${outlet.hosts.www}${a.path}`,
          title: liveHeadline(a, NOW) ?? "",
          publishedAt: a.publishedAt,
          modifiedAt: a.publishedAt,
        })),
      ),
    ),
    encode(renderSitemapIndex([{ url: `http://${outlet.hosts.sitemaps}${PATHS.newsSitemap}`, lastmod: NOW }])),
  ]);
  return [...fixtures("sitemaps", ".xml"), ...rendered];
}

/** Front pages. */
export function frontPageSeeds(): Uint8Array[] {
  const page = fixtures("pages", ".html").filter((_, i, all) => i === all.length - 1); // portada-diario.html sorts last
  return [...page, ...outlets.map((o) => bodyOf(frontPageResponse(world, requestAt(o), o)))];
}

/** Article pages (JSON-LD, Open Graph, paywalls, TDM, broken markup). */
export function articleSeeds(): Uint8Array[] {
  const rendered = outlets.map((o) => {
    const [a] = recent(o, 1);
    return a ? bodyOf(articleResponse(world, requestAt(o), o, a)) : encode("");
  });
  return [...fixtures("pages", ".html").filter((_, i, all) => i < all.length - 1), ...rendered];
}

/** robots.txt files: the simulated web's and the conformance table's. */
export function robotsSeeds(): Uint8Array[] {
  const table = [...new Set([...GOOGLE_MATCHING_CASES, ...GOOGLE_SYNTAX_CASES].map((c) => c.robots))].slice(0, 40);
  const rendered = outlets.map((o) => renderRobots(defaultRobotsPlan(o, "www", (h) => `http://${h}`, NOW)));
  return [...table, ...rendered].map(encode);
}
