/**
 * The site's one gzip step, in the front door. The renderers answer uncompressed
 * (`compress: false` in next.config.ts): the front door reads every HTML answer whole anyway
 * (its CSP hashes, the not-found and unavailable checks), which a gzipped answer made it
 * inflate first, so each page was compressed by Next.js chunk by chunk and inflated again
 * here. Compressing the whole body once, after those checks, costs less than either
 * (docs/benchmarks.md, "The renderer's floor").
 */
import type { IncomingHttpHeaders } from "node:http";
import { constants, createGzip, gzipSync, type Gzip } from "node:zlib";

/** Bodies smaller than this go as they are (what Next.js's `compression` did: a gzip header is not free). */
export const GZIP_MIN_BYTES = 1024;

/**
 * Level 6 (zlib's default, what Next.js used); a full flush at the end only, so the
 * streamed form sends few, full chunks.
 */
const OPTIONS = { level: 6, flush: constants.Z_NO_FLUSH };

type Headers = Record<string, string | string[] | undefined> | IncomingHttpHeaders;

/** Media types worth compressing: text, JSON, XML, SVG, JavaScript, CSV and the like. */
export function compressibleType(contentType: string | string[] | undefined): boolean {
  const type = String(contentType ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  return (
    type.startsWith("text/") ||
    /^application\/(?:json|xml|javascript|ecmascript|x-javascript|manifest\+json|ld\+json)$/.test(type) ||
    /\+(?:json|xml)$/.test(type) ||
    type === "image/svg+xml"
  );
}

/** Whether an answer with these headers may be gzipped here: compressible and not encoded already. */
function mayGzip(headers: Headers): boolean {
  const encoding = String(headers["content-encoding"] ?? "identity").toLowerCase();
  return (
    encoding === "identity" &&
    compressibleType(headers["content-type"]) &&
    !/\bno-transform\b/i.test(String(headers["cache-control"] ?? ""))
  );
}

/** `vary` with Accept-Encoding in it once. */
function varyWithEncoding(vary: string | string[] | undefined): string {
  const names = String(vary ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.some((n) => n === "*" || n.toLowerCase() === "accept-encoding")) return names.join(", ");
  return [...names, "Accept-Encoding"].join(", ");
}

/**
 * A whole answer as the reader (or the cache key) takes it: gzipped when `gzip` is asked and
 * the body is compressible and big enough; `Vary: Accept-Encoding` on every compressible one.
 */
export function encodeBody<H extends Headers>(headers: H, body: Buffer, gzip: boolean): { headers: H; body: Buffer } {
  if (!mayGzip(headers)) return { headers, body };
  const varied = { ...headers, vary: varyWithEncoding(headers.vary) };
  if (!gzip || body.length < GZIP_MIN_BYTES) return { headers: varied, body };
  const { "content-length": _length, ...rest } = varied;
  return { headers: { ...rest, "content-encoding": "gzip" } as unknown as H, body: gzipSync(body, OPTIONS) };
}

/**
 * For an answer passed on as it streams: the gzip stream to pipe it through and the headers
 * to send, or undefined when it goes as it is (the headers then only gain the Vary).
 */
export function encodeStream<H extends Headers>(headers: H, gzip: boolean): { headers: H; stream?: Gzip } {
  if (!mayGzip(headers)) return { headers };
  const varied = { ...headers, vary: varyWithEncoding(headers.vary) };
  const length = Number(headers["content-length"]);
  if (!gzip || (Number.isFinite(length) && length < GZIP_MIN_BYTES)) return { headers: varied };
  const { "content-length": _length, ...rest } = varied;
  return { headers: { ...rest, "content-encoding": "gzip" } as unknown as H, stream: createGzip(OPTIONS) };
}
