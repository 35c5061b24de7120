/**
 * Normal (no-scenario) responses built from the world at the request's simulated
 * time: feeds, sitemaps, front page, sections, articles. Each response carries
 * `lastModified`, the time its content last changed, for validators and 304s.
 */
import { dressOf, frontPageFurniture, furnitureArticles } from "./front-page-furniture";
import { FRONT_PAGE_WINDOW_MS, frontPageState } from "./front-page-model";
import { headlineAt } from "./headline-history";
import { respond, TYPES, type SimRequest, type SimResponse } from "./http-types";
import { PATHS, type SimOutlet } from "./outlets";
import { renderArticlePage } from "./render/article-page";
import type { ChromeContext } from "./render/chrome";
import { renderAtom, renderRss, type FeedEntry } from "./render/feeds";
import { renderFrontPage, type FrontPageLink, type RenderedFurniture } from "./render/front-page";
import { renderNewsSitemap, renderSitemapIndex, type NewsEntry } from "./render/sitemaps";
import type { SimArticle, World } from "./world";

const HOUR = 3_600_000;
/** Items per feed. */
export const FEED_SIZE = 30;
/** Entries in the news sitemap (newest first, at most a day old; Google News allows two). */
export const NEWS_SITEMAP_SIZE = 200;

/** Renders URLs with the port the client used, so links stay reachable without a resolve rule. */
export function urlOf(req: SimRequest, a: SimArticle, outlet: SimOutlet): string {
  return `${req.origin(outlet.hosts.www)}${a.path}`;
}

function lastChange(a: SimArticle, now: number): number {
  return headlineAt(a.headline, now)?.from ?? a.publishedAt;
}

function live(a: SimArticle, now: number): string {
  return headlineAt(a.headline, now)?.text ?? "";
}

/** The frame context (feed link, neighbour link) for an outlet's HTML pages. */
export function chromeFor(world: World, req: SimRequest, outlet: SimOutlet): ChromeContext {
  const i = world.outlets.indexOf(outlet);
  const neighbour = world.outlets[(i + 1) % world.outlets.length];
  return {
    outlet,
    feedUrl: `${req.origin(outlet.hosts.feeds)}${PATHS.mainFeed(outlet.feedFormat)}`,
    neighbourUrl: neighbour && neighbour !== outlet ? `${req.origin(neighbour.hosts.www)}/` : undefined,
  };
}

/** The articles a feed (main, or one section's) lists at `now`, newest first. */
export function feedArticles(world: World, outlet: SimOutlet, now: number, section?: string): SimArticle[] {
  const window = section ? 72 * HOUR : 12 * HOUR;
  return world
    .articlesOf(outlet.slug, now - window, now)
    .filter((a) => !section || a.section.slug === section)
    .slice(0, FEED_SIZE);
}

/** The articles the news sitemap lists at `now`, newest first. */
export function newsArticles(world: World, outlet: SimOutlet, now: number): SimArticle[] {
  return world.articlesOf(outlet.slug, now - 24 * HOUR, now).slice(0, NEWS_SITEMAP_SIZE);
}

/** A feed (main, or one section's) in the outlet's format. */
export function feedResponse(world: World, req: SimRequest, outlet: SimOutlet, section?: string): SimResponse {
  const articles = feedArticles(world, outlet, req.now, section);
  const entries: FeedEntry[] = articles.map((a) => ({
    url: urlOf(req, a, outlet),
    title: live(a, req.now),
    publishedAt: a.publishedAt,
    updatedAt: lastChange(a, req.now),
    authors: a.authors,
    section: a.section.name,
    lede: world.ledeOf(a),
  }));
  const path = section ? PATHS.sectionFeed(outlet.feedFormat, section) : PATHS.mainFeed(outlet.feedFormat);
  const ctx = {
    outlet,
    feedUrl: `${req.origin(outlet.hosts.feeds)}${path}`,
    homeUrl: `${req.origin(outlet.hosts.www)}/`,
    now: req.now,
    label: section ? (articles[0]?.section.name ?? section) : "Portada",
  };
  const body = outlet.feedFormat === "rss" ? renderRss(ctx, entries) : renderAtom(ctx, entries);
  const lastModified = entries.reduce((max, e) => Math.max(max, e.updatedAt), 0);
  return { ...respond(200, outlet.feedFormat === "rss" ? TYPES.rss : TYPES.atom, body), lastModified };
}

function newsEntries(world: World, req: SimRequest, outlet: SimOutlet): NewsEntry[] {
  return newsArticles(world, outlet, req.now).map((a) => ({
    url: urlOf(req, a, outlet),
    title: live(a, req.now),
    publishedAt: a.publishedAt,
    modifiedAt: lastChange(a, req.now),
  }));
}

/** The Google News sitemap. */
export function newsSitemapResponse(world: World, req: SimRequest, outlet: SimOutlet): SimResponse {
  const entries = newsEntries(world, req, outlet);
  const lastModified = entries.reduce((max, e) => Math.max(max, e.modifiedAt), 0);
  return { ...respond(200, TYPES.xml, renderNewsSitemap(outlet, entries)), lastModified };
}

/** The sitemap index pointing at the news sitemap. */
export function sitemapIndexResponse(world: World, req: SimRequest, outlet: SimOutlet): SimResponse {
  const lastModified = newsEntries(world, req, outlet).reduce((max, e) => Math.max(max, e.modifiedAt), 0);
  const body = renderSitemapIndex([{ url: `${req.origin(outlet.hosts.sitemaps)}${PATHS.newsSitemap}`, lastmod: lastModified }]);
  return { ...respond(200, TYPES.xml, body), lastModified };
}

function linkOf(req: SimRequest, outlet: SimOutlet, a: SimArticle): FrontPageLink {
  return {
    url: urlOf(req, a, outlet),
    headline: live(a, req.now),
    authors: a.authors,
    tag: a.core.topic,
    imageId: a.localId,
    opinion: a.core.opinion,
  };
}

/** The front page: ranked teasers (SPEC EXT-3) and the furniture around them. */
export function frontPageResponse(world: World, req: SimRequest, outlet: SimOutlet): SimResponse {
  const state = frontPageState(world, outlet.slug, req.now);
  const f = frontPageFurniture(world, outlet.slug, req.now, state.articles);
  const plain = (list: readonly SimArticle[]) => list.map((a) => ({ url: urlOf(req, a, outlet), headline: live(a, req.now) }));
  const furniture: RenderedFurniture = {
    layout: f.layout,
    ticker: plain(f.ticker),
    tickerInHeader: f.tickerInHeader,
    topics: [...new Set(state.articles.slice(0, 3).map((a) => a.core.topic))],
    trending: plain(f.trending),
    related: new Map([...f.related].map(([i, list]) => [i, plain(list)])),
    rail: plain(f.rail),
    railAfter: f.railAfter,
    repeats: f.repeats,
    footer: plain(f.footer),
    markupOrder: f.markupOrder,
  };
  const body = renderFrontPage(
    chromeFor(world, req, outlet),
    state.articles.map((a) => ({ ...linkOf(req, outlet, a), ...dressOf(world, a) })),
    undefined,
    furniture,
  );
  // The furniture changes with any publication of the window (an article kept in its section
  // enters the ticker) and with its articles' headlines.
  let lastModified = Math.max(
    state.lastModified,
    world.articlesOf(outlet.slug, req.now - FRONT_PAGE_WINDOW_MS, req.now)[0]?.publishedAt ?? 0,
  );
  for (const a of furnitureArticles(f)) lastModified = Math.max(lastModified, lastChange(a, req.now));
  return { ...respond(200, TYPES.html, body), lastModified };
}

/** A section page: the section's newest articles; `undefined` if no such section. */
export function sectionResponse(world: World, req: SimRequest, outlet: SimOutlet, sectionSlug: string): SimResponse | undefined {
  const articles = world
    .articlesOf(outlet.slug, req.now - 24 * HOUR, req.now)
    .filter((a) => a.section.slug === sectionSlug)
    .slice(0, 30);
  const name = articles[0]?.section.name;
  if (!name) return undefined;
  const body = renderFrontPage(
    chromeFor(world, req, outlet),
    articles.map((a) => linkOf(req, outlet, a)),
    `${name} | ${outlet.name}`,
  );
  return { ...respond(200, TYPES.html, body), lastModified: articles.reduce((m, a) => Math.max(m, lastChange(a, req.now)), 0) };
}

/** An article page; TDM reservation as header or meta depending on the outlet. */
export function articleResponse(world: World, req: SimRequest, outlet: SimOutlet, a: SimArticle): SimResponse {
  const modifiedAt = lastChange(a, req.now);
  const body = renderArticlePage(chromeFor(world, req, outlet), {
    canonicalUrl: urlOf(req, a, outlet),
    headline: live(a, req.now),
    section: a.section,
    authors: a.authors,
    agency: a.agency,
    publishedAt: a.publishedAt,
    modifiedAt,
    free: a.free,
    tag: a.core.topic,
    text: world.textOf(a),
    metaRobots: outlet.metaRobots,
    tdmMeta: outlet.tdm === "meta",
  });
  const extra: Record<string, string> = outlet.tdm === "header" ? { "tdm-reservation": "1" } : {};
  return { ...respond(200, TYPES.html, body, extra), lastModified: modifiedAt };
}
