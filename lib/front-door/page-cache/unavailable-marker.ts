/**
 * How a rendered page says it could not read its data (SPEC OPS-2). Server components
 * cannot set a status code, so a page whose database reads failed carries this meta tag;
 * the front door then answers 503 with Retry-After and keeps the page out of its cache
 * (front-door.ts; with the page cache on, the default), instead of serving the notice as a 200
 * for the cache's lifetime.
 */
import { htmlText } from "./html-text";

/** The meta tag's name; the tag is `<meta name="hemeroscopio-unavailable" content="1"/>`. */
export const UNAVAILABLE_META = "hemeroscopio-unavailable";

/** True when a rendered HTML body (gzip or identity) carries the marker. */
export function saysUnavailable(
  body: Buffer,
  contentEncoding: string | string[] | undefined,
  contentType: string | string[] | undefined,
): boolean {
  return htmlText(body, contentEncoding, contentType)?.includes(`name="${UNAVAILABLE_META}"`) ?? false;
}
