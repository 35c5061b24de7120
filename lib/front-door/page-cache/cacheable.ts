/**
 * Which requests the page cache may answer (SPEC WEB-4 speed, PUB-6 freshness). Only
 * the public data pages and the open-data API's JSON, read anonymously: GET or HEAD, no
 * cookie (the operator's session never meets a cached page), no React Server Components
 * request (those answer the same URL with a different body), and only paths on an
 * allowlist — pages with forms, the admin and the streamed exports are always rendered.
 * (The API says `Cache-Control: public, max-age=60` itself: a shared cache may keep it.)
 */
import { detailSubpages, embeds, feeds, otherPublicPages, siteSections, type PublicPage } from "../../pages/sections";
import { normalisedQuery } from "./query-key";
import type { Lifetime } from "./store";

/** A kept path pattern and the query parameters its page reads (undefined: the whole query counts). */
interface CachedPath {
  pattern: RegExp;
  params?: readonly string[];
}

/** Public pages whose HTML is the same for every anonymous reader for a few seconds. */
const CACHEABLE_PATHS: readonly CachedPath[] = [
  ...[...siteSections, ...otherPublicPages, ...detailSubpages, ...feeds, ...embeds].flatMap(cachedPaths),
  // Open data: JSON lists and details, not the streamed CSV/JSON exports. The API answers an
  // unknown parameter with a 400, which is never kept.
  { pattern: /^\/api\/v1\/(?!exports\/)[a-z0-9/_-]+$/ },
];

/** The path patterns a public page's `caching` admits; the page reads its `params`, its details pages their `detailParams`. */
function cachedPaths(page: PublicPage): CachedPath[] {
  // A bracketed segment (`[slug]`) stands for any one segment.
  const path = page.href === "/" ? "" : page.href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\\\[[a-z]+\\\]/g, "[^/]+");
  const self = { pattern: new RegExp(`^${path || "\\/"}$`), params: page.params ?? [] };
  const details = { pattern: new RegExp(`^${path}\\/[^/]+$`), params: page.detailParams ?? [] };
  return { page: [self], details: [details], "page-and-details": [self, details], never: [] }[page.caching];
}

/** Request headers that make one URL answer with another body (client navigations). */
const VARYING_HEADERS = [
  "rsc",
  "next-router-state-tree",
  "next-router-prefetch",
  "next-router-segment-prefetch",
  "next-url",
  "authorization",
  "cookie",
  "range",
];

/** What the cache needs of a request. */
export interface CacheableRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Longest URL kept as a key; longer ones are rendered every time (and are a 400 anyway, usually). */
const MAX_KEY_URL = 2048;

/**
 * The cache key of a request, or undefined when it must go to the renderer. The key is
 * whether the reader takes gzip (the upstream compresses for those who do), a space, and
 * the URL that is rendered (`keyUrl`): the path and the query parameters the page reads,
 * normalised (query-key.ts). Parameters a page does not read are left out before the
 * length is checked, so `?x=random` — however long — is the page itself.
 */
export function cacheKey(request: CacheableRequest): string | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  if (!request.url.startsWith("/")) return undefined;
  if (VARYING_HEADERS.some((name) => request.headers[name] !== undefined)) return undefined;
  const cut = request.url.indexOf("?");
  const path = cut === -1 ? request.url : request.url.slice(0, cut);
  const cached = CACHEABLE_PATHS.find((p) => p.pattern.test(path));
  if (!cached) return undefined;
  const query = cut === -1 ? "" : normalisedQuery(request.url.slice(cut + 1), cached.params);
  if (query === undefined) return undefined;
  const url = query ? `${path}?${query}` : path;
  if (url.length > MAX_KEY_URL) return undefined;
  return `${acceptsGzip(request.headers["accept-encoding"]) ? "gzip" : "identity"} ${url}`;
}

/** The URL a cache key stands for: what the renderer is asked for. */
export function keyUrl(key: string): string {
  return key.slice(key.indexOf(" ") + 1);
}

/** True when an Accept-Encoding header admits gzip (a `q=0` refuses it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  return value.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Streamed responses (the open-data exports): sent as they come, kept only when they end up small. */
const STREAMED = /^\/api\/v1\/exports\/[a-z0-9_-]+\.(csv|json)$/;

/** Largest streamed response kept. */
export const MAX_STREAMED_KEPT = 2 * 1024 * 1024;

/**
 * The cache key of a streamed response that may be kept once it ended small, or undefined.
 * Same conditions as `cacheKey`, for the exports' paths.
 */
export function streamedKey(request: CacheableRequest): string | undefined {
  if (request.method !== "GET") return undefined;
  if (VARYING_HEADERS.some((name) => request.headers[name] !== undefined)) return undefined;
  const cut = request.url.indexOf("?");
  const path = cut === -1 ? request.url : request.url.slice(0, cut);
  if (!STREAMED.test(path)) return undefined;
  const query = cut === -1 ? "" : normalisedQuery(request.url.slice(cut + 1), undefined);
  if (query === undefined) return undefined;
  const url = query ? `${path}?${query}` : path;
  if (url.length > MAX_KEY_URL) return undefined;
  return `${acceptsGzip(request.headers["accept-encoding"]) ? "gzip" : "identity"} ${url}`;
}

/**
 * Pages about what was recorded — an outlet's page ("ficha"), an article's, a story's — are
 * kept this many times longer than the others. Their data changes at most once per front-page
 * capture or story round (minutes apart), while the default 30 s refreshed them ten or twenty
 * times per change, and they are the dear renders: a ficha summarises 30 days (~200 ms of
 * database time; refreshing 75 of them every 30 s was most of PostgreSQL's work under load),
 * and articles and stories are the pages the cache misses most (thousands of them). With the
 * default 30 s such a page is at most 5 min + 1 min stale old, well within the 15 minutes a
 * verified exclusion has to take effect (SPEC PUB-2). Pages about now (home, Estado, search,
 * lists) and the API keep the base period.
 */
export const RECORD_PAGE_TTL_FACTOR = 10;
/** …but not beyond 5 minutes unless the base period itself is longer. */
const RECORD_PAGE_TTL_MAX_MS = 5 * 60_000;
const RECORD_PAGE = /^\/(cabeceras|noticias|historias)\/[^/]+$/;

/**
 * The home page keeps a spare copy this long past its stale period (store.ts), served only
 * when its render cannot be had (renderers busy, database away): the door of the site stays
 * open under a flood. With the default periods it is at most 11.5 minutes old, within the
 * 15 minutes a verified exclusion has to take effect (SPEC PUB-2).
 */
export const HOME_RESERVE_MS = 10 * 60_000;

/** How long the page of cache key `key` is kept fresh, then stale; `base` for every page but the records'. */
export function pageLifetime(key: string, base: Lifetime): Lifetime {
  const path = key.slice(key.indexOf(" ") + 1).split("?", 1)[0]!;
  if (path === "/") return { ...base, reserveMs: HOME_RESERVE_MS };
  if (!RECORD_PAGE.test(path)) return base;
  return {
    ttlMs: Math.max(base.ttlMs, Math.min(base.ttlMs * RECORD_PAGE_TTL_FACTOR, RECORD_PAGE_TTL_MAX_MS)),
    staleMs: Math.min(base.staleMs, 60_000),
  };
}

/** Statuses worth keeping: a page, or a proper "not found". */
export function cacheableStatus(status: number): boolean {
  return status === 200 || status === 404;
}
