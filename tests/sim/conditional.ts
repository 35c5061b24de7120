/**
 * Validators and conditional GET (RFC 9110 §8.8, §13.1; SPEC POL-4): every normal
 * 200 carries a strong ETag (hash of the bytes sent) and, when the content knows
 * when it changed, Last-Modified. If-None-Match wins over If-Modified-Since, as
 * RFC 9110 §13.1.3 requires; a match gives 304 with the same validators and no body.
 */
import { createHash } from "node:crypto";
import type { SimRequest, SimResponse } from "./http-types";
import { httpDate } from "./render/format";

/** The strong ETag for a body. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

/** Weak comparison (RFC 9110 §8.8.3.2): `W/"x"` matches `"x"`. */
function noneMatchHits(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** Adds validators to a 200 and turns it into a 304 when the request's conditions say so. */
export function applyConditional(req: SimRequest, res: SimResponse): SimResponse {
  if (res.status !== 200 || res.body === undefined || (req.method !== "GET" && req.method !== "HEAD")) return res;
  const use = res.validators ?? { etag: true, lastModified: true };
  const headers = { ...res.headers };
  const etag = use.etag ? etagOf(res.body) : undefined;
  // HTTP dates have whole seconds; compare at that resolution.
  const modifiedSec = use.lastModified && res.lastModified !== undefined ? Math.floor(res.lastModified / 1000) : undefined;
  if (etag) headers.etag = etag;
  if (modifiedSec !== undefined) headers["last-modified"] = httpDate(modifiedSec * 1000);

  const ifNoneMatch = req.headers["if-none-match"];
  const ifModifiedSince = req.headers["if-modified-since"];
  let notModified = false;
  if (ifNoneMatch !== undefined) {
    notModified = etag !== undefined && noneMatchHits(ifNoneMatch, etag);
  } else if (ifModifiedSince !== undefined && modifiedSec !== undefined) {
    const since = Date.parse(ifModifiedSince);
    notModified = !Number.isNaN(since) && modifiedSec <= Math.floor(since / 1000);
  }
  if (!notModified) return { ...res, headers };
  const kept: Record<string, string> = {};
  for (const name of ["etag", "last-modified", "cache-control", "vary", "expires", "content-location"]) {
    const value = headers[name];
    if (value !== undefined) kept[name] = value;
  }
  return { status: 304, headers: kept, body: "" };
}
