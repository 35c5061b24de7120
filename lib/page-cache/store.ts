/**
 * Rendered pages kept for a few seconds, bounded in bytes, with one render per key at a
 * time: readers who ask for a page being rendered wait for that render instead of
 * starting their own. lru-cache keeps the bound and the TTL; the single flight is a map of
 * renders in progress.
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

/** What a render produced: a page to keep, or one to send once and forget. */
export type Rendered = { keep: true; page: StoredPage } | { keep: false; page: StoredPage };

export interface PageStore {
  /** The kept page for `key`, or the result of `render` (shared by concurrent callers). */
  get(key: string, render: () => Promise<Rendered>): Promise<{ page: StoredPage; hit: boolean }>;
  /** The kept page for `key`, if any, without rendering. */
  peek(key: string): StoredPage | undefined;
  /** Keep a page rendered elsewhere (a streamed response that turned out small). */
  keep(key: string, page: StoredPage): void;
  /** Pages kept now. */
  size(): number;
}

/** A store keeping pages `ttlMs`, at most `maxBytes` in all; `now` is injectable. */
export function createPageStore(options: { ttlMs: number; maxBytes: number; now?: () => number }): PageStore {
  const cache = new LRUCache<string, StoredPage>({
    ttl: options.ttlMs,
    maxSize: options.maxBytes,
    sizeCalculation: (page) => Math.max(1, page.body.length),
    perf: { now: options.now ?? Date.now },
    ttlResolution: 0,
  });
  const flights = new Map<string, Promise<StoredPage>>();
  return {
    async get(key, render) {
      const kept = cache.get(key);
      if (kept) return { page: kept, hit: true };
      let flight = flights.get(key);
      if (!flight) {
        flight = render().then((rendered) => {
          if (rendered.keep && rendered.page.body.length <= options.maxBytes) cache.set(key, rendered.page);
          return rendered.page;
        });
        const settled = () => flights.delete(key);
        flight.then(settled, settled);
        flights.set(key, flight);
      }
      return { page: await flight, hit: false };
    },
    peek: (key) => cache.get(key),
    keep: (key, page) => void (page.body.length <= options.maxBytes && cache.set(key, page)),
    size: () => cache.size,
  };
}
