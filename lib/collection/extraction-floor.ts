/**
 * SPEC EXT-6: a failed extraction is not an empty page. When an answered poll (a 200) yields
 * too little to be believed, it is recorded as "extracción fallida" instead of as what the
 * outlet published: no rank span is closed by it, and the source counts as failing. Pure, so
 * the crawler decides it and the pages explain it the same way (docs/failed-extraction.md).
 *
 * Front pages: a capture fails when its article links are fewer than a quarter of the median
 * of the outlet's last 20 successful captures, or fewer than 5 — the absolute floor applies
 * to outlets whose usual front page holds 5 links or more (and, with no history yet, to the
 * first capture); for a smaller front page, only a capture with no link at all fails.
 * Feeds and sitemaps: an answered poll that yields no entry at all fails when the source has
 * yielded entries before (an empty feed that was always empty is just empty).
 */

/** Article links below which a capture fails (for outlets whose front page usually holds more). */
export const FLOOR_LINKS = 5;
/** Share of the outlet's median below which a capture fails. */
export const MEDIAN_SHARE = 0.25;
/** Successful captures the median is taken over, latest first. */
export const MEDIAN_CAPTURES = 20;
/** Failed extractions in a row after which the source enters the operator's queue. */
export const QUEUE_AFTER = 3;

/** The median of `values`, or undefined when there are none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The fewest article links a capture must yield, given the link counts of the outlet's recent successful captures. */
export function frontPageFloor(recent: readonly number[]): number {
  const usual = median(recent.slice(0, MEDIAN_CAPTURES));
  if (usual === undefined) return FLOOR_LINKS;
  return Math.max(usual < FLOOR_LINKS ? 1 : FLOOR_LINKS, Math.ceil(usual * MEDIAN_SHARE));
}

/** True when a front-page capture with `links` article links is a failed extraction. */
export function frontPageExtractionFailed(links: number, recent: readonly number[]): boolean {
  return links < frontPageFloor(recent);
}

/** True when a feed or sitemap poll with `entries` entries is a failed extraction. */
export function listingExtractionFailed(entries: number, hasYielded: boolean): boolean {
  return entries === 0 && hasYielded;
}

/** True when a source's failed extractions in a row put it in the operator's queue (ADM-3). */
export function needsOperator(failuresInARow: number): boolean {
  return failuresInARow >= QUEUE_AFTER;
}
