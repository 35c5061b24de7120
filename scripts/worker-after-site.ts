/**
 * The order of `npm start`'s children: the site first, the worker once the site listens. On a
 * small machine the worker's start (its modules, its first fetches) would take the CPU the site
 * needs to answer its first reader (docs/benchmarks.md, "Start"). A site that never says it
 * listens (a crash loop, a missing build) does not keep the worker from crawling: it starts after
 * `latestMs` whatever happens.
 */

/** What the site sends its supervisor once it listens (scripts/site.ts). */
export interface SiteListening {
  type: "site-listening";
}

export function isSiteListening(message: unknown): message is SiteListening {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === "site-listening";
}

/** Calls `start` once: on the site's first `site-listening` message, or after `latestMs`; `cancel()` before either prevents it. */
export function startAfterSite(start: () => void, latestMs: number): { onSiteMessage(message: unknown): void; cancel(): void } {
  let pending = true;
  const fire = () => {
    if (!pending) return;
    pending = false;
    clearTimeout(timer);
    start();
  };
  const timer = setTimeout(fire, latestMs);
  return {
    onSiteMessage(message) {
      if (isSiteListening(message)) fire();
    },
    cancel() {
      pending = false;
      clearTimeout(timer);
    },
  };
}
