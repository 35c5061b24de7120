/**
 * Rendered pages kept for a few seconds, bounded in bytes, with one render per key at a
 * time: readers who ask for a page being rendered wait for that render instead of
 * starting their own. lru-cache keeps the bound and the TTL; the single flight is a map of
 * renders in progress.
 *
 * Past its time a page may still be served for `staleMs` while one render in the
 * background replaces it (stale-while-revalidate, RFC 5861's idea): readers of a busy page
 * never wait for a render, and a page is at most one render older than the TTL says. A
 * refresh that cannot read its data (503) leaves the old page in place; one that says the
 * page is gone or not to be kept (404, a withdrawn outlet, a cookie) drops it at once.
 *
 * A key may also keep a spare copy for `reserveMs` past its stale period: it is never served
 * while a render can be had, only in place of a 503 when the render cannot (the renderers
 * are busy: miss-gate.ts; the database is away). The home page keeps one, so a reader who
 * arrives while one client floods the renderer still gets it.
 */
import { LRUCache } from "lru-cache";

/** A response as kept: status, headers to send again, and the body bytes. */
export interface StoredPage {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** When it was rendered (ms), for the Age header. */
  storedAt: number;
}

/**
 * A kept page as the store hands it out: `stale` once past its time (a refresh is then due);
 * `spare` (and stale) once past its stale period too: served only when no render can be had.
 */
export interface KeptPage {
  page: StoredPage;
  stale: boolean;
  spare?: boolean;
}

/** What a render produced: a page to keep, or one to send once and forget. */
export type Rendered = { keep: true; page: StoredPage } | { keep: false; page: StoredPage };

export interface PageStore {
  /**
   * The kept page for `key` (a stale one starts its refresh in the background), or the
   * result of `render` (shared by concurrent callers).
   */
  get(key: string, render: () => Promise<Rendered>): Promise<{ page: StoredPage; hit: boolean; stale?: boolean }>;
  /** The kept page for `key`, fresh or stale, if any, without rendering. */
  peek(key: string): KeptPage | undefined;
  /** Keep a page rendered elsewhere (a streamed response that turned out small). */
  keep(key: string, page: StoredPage): void;
  /** Pages kept now. */
  size(): number;
}

/** How long a page is kept fresh, then served stale while it is rendered again (ms). */
export interface Lifetime {
  ttlMs: number;
  staleMs: number;
  /** Kept this much longer as a spare, served only in place of a 503 (ms). @default 0 */
  reserveMs?: number;
}

/**
 * A store keeping pages `ttlMs`, then serving them stale for `staleMs` more while they are
 * rendered again (default 0: no stale pages), at most `maxBytes` in all; `lifetime` may
 * give some keys other periods (cacheable.ts: pageLifetime); `now` is injectable.
 */
export function createPageStore(options: {
  ttlMs: number;
  staleMs?: number;
  maxBytes: number;
  lifetime?: (key: string) => Lifetime;
  now?: () => number;
}): PageStore {
  const now = options.now ?? Date.now;
  const base: Lifetime = { ttlMs: options.ttlMs, staleMs: options.staleMs ?? 0 };
  const lifetime = options.lifetime ?? (() => base);
  const set = (key: string, page: StoredPage) => {
    const { ttlMs, staleMs, reserveMs = 0 } = lifetime(key);
    cache.set(key, page, { ttl: ttlMs + staleMs + reserveMs });
  };
  const cache = new LRUCache<string, StoredPage>({
    ttl: base.ttlMs + base.staleMs,
    maxSize: options.maxBytes,
    sizeCalculation: (page) => Math.max(1, page.body.length),
    perf: { now },
    ttlResolution: 0,
  });
  const flights = new Map<string, Promise<Rendered>>();
  const kept = (key: string): KeptPage | undefined => {
    const page = cache.get(key);
    if (!page) return undefined;
    // Stale once the time left is within the stale and spare periods (lru-cache counts from when it was kept).
    const { staleMs, reserveMs = 0 } = lifetime(key);
    const left = cache.getRemainingTTL(key);
    return { page, stale: left <= staleMs + reserveMs, ...(left <= reserveMs ? { spare: true } : {}) };
  };
  /** One render of `key` at a time; what it gives is kept, or drops the old page unless the data could not be read. */
  const renderOnce = (key: string, render: () => Promise<Rendered>): Promise<Rendered> => {
    let flight = flights.get(key);
    if (!flight) {
      flight = render().then((rendered) => {
        if (rendered.keep && rendered.page.body.length <= options.maxBytes) set(key, rendered.page);
        else if (rendered.page.status !== 503) cache.delete(key);
        return rendered;
      });
      const settled = () => flights.delete(key);
      flight.then(settled, settled);
      flights.set(key, flight);
    }
    return flight;
  };
  return {
    async get(key, render) {
      const found = kept(key);
      if (found && !found.stale) return { page: found.page, hit: true };
      if (found?.spare) {
        // Rendered again like a missing page; the spare answers only if that render fails.
        return renderOnce(key, render).then(
          (rendered) => (rendered.page.status === 503 ? { page: found.page, hit: true, stale: true } : { page: rendered.page, hit: false }),
          () => ({ page: found.page, hit: true, stale: true }),
        );
      }
      if (found) {
        renderOnce(key, render).catch(() => undefined); // a failed refresh leaves the stale page until it runs out
        return { page: found.page, hit: true, stale: true };
      }
      return { page: (await renderOnce(key, render)).page, hit: false };
    },
    peek: kept,
    keep: (key, page) => void (page.body.length <= options.maxBytes && set(key, page)),
    size: () => cache.size,
  };
}
