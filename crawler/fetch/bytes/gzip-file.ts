/**
 * `.xml.gz` sitemaps handed over as bytes (SPEC EXT-2). The fetcher already inflates them
 * with `gunzipFile`; this is the synchronous twin for callers that did not, since
 * `parseSitemap` is synchronous (docs/architecture.md contract). Same cap and same tolerance.
 */
import zlib from "node:zlib";

/** True for a gzip member's magic bytes (RFC 1952 §2.3.1). */
export function isGzipFile(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** SPEC POL-5: 50 MiB uncompressed per sitemap, checked while inflating (no gzip bomb). */
export const SITEMAP_INFLATED_CAP = 50 * 1024 * 1024;

/** The body, inflated if it starts with the gzip magic; undefined if it cannot be inflated within `cap`. */
export function inflateIfGzip(body: Uint8Array, cap = SITEMAP_INFLATED_CAP): Uint8Array | undefined {
  if (!isGzipFile(body)) return body;
  try {
    // Z_SYNC_FLUSH as in crawler/fetch/decompress.ts: a cut file yields what arrived instead of nothing.
    const out = zlib.gunzipSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: cap });
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch {
    return undefined; // past the cap or not gzip after all
  }
}
