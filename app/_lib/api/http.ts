/**
 * Response headers of the open-data API (SPEC WEB-3): JSON with charset, a weak ETag
 * over the body (a matching If-None-Match gets a 304), caching that lets shared caches
 * serve a minute-old answer and refresh it in the background, and open CORS.
 */
import { createHash } from "node:crypto";
import { DATASET_VERSION } from "../../../lib/dataset-version";

/** Cache-Control of API answers: data changes with each capture, every few minutes. */
export const API_CACHE = "public, max-age=60, stale-while-revalidate=300";
/** Cache-Control of exports: larger, read less often. */
export const EXPORT_CACHE = "public, max-age=300, stale-while-revalidate=3600";

const common = { "Access-Control-Allow-Origin": "*", Vary: "Accept-Encoding" };

function etagOf(body: Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((t) => t.trim())
    .some((t) => t === "*" || t === etag || `W/${t}` === etag);
}

/** A 200 JSON answer (or 304 when the client has it), with `extra` headers. */
export function jsonResponse(request: Request, value: unknown, extra: Record<string, string> = {}): Response {
  // Encoded once, for the ETag and the answer: a string body would be encoded again by Response, after
  // a check for lone surrogates (a year's series is 2.6 MB).
  const body = Buffer.from(JSON.stringify(value), "utf8");
  const etag = etagOf(body);
  const headers = { ...common, "Cache-Control": API_CACHE, ETag: etag, ...extra };
  if (matches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
}

/** Headers of a streamed export of `filename`. */
export function exportHeaders(filename: string, format: "csv" | "json"): Record<string, string> {
  return {
    ...common,
    "Cache-Control": EXPORT_CACHE,
    "Content-Type": format === "csv" ? "text/csv; charset=utf-8; header=present" : "application/json; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
    // The open data's version (lib/dataset-version.ts), for citing what was downloaded.
    "Hemeroscopio-Dataset-Version": DATASET_VERSION,
  };
}
