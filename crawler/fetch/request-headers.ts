/**
 * The request headers of every exchange: one identity (SPEC ID-1), an `Accept` that says
 * what we parse (ID-2), only the codings we decode ourselves, conditional validators
 * (POL-4), and never a cookie or credentials (ID-2, POL-3).
 */
import { FetchFailure } from "./outcome";
import type { FetchKind, FetchRequest } from "../../lib/fetcher";

/** Who we are, from `Config.bot` (SPEC ID-1). */
export interface Identity {
  userAgent: string;
  email: string;
}

// SPEC ID-2, plus JSON Feed (`application/feed+json`, and `application/json` as JSON Feed 1.0
// was served), which the feed parser reads. robots.txt is text/plain (RFC 9309 §2.3) and
// tdmrep.json is JSON (W3C TDMRep §3.2); probes and legal notices are HTML pages.
const ACCEPT: Record<FetchKind, string> = {
  feed: "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.8, application/json;q=0.7",
  sitemap: "application/xml, text/xml",
  page: "text/html, application/xhtml+xml",
  probe: "text/html, application/xhtml+xml",
  legal: "text/html, application/xhtml+xml",
  robots: "text/plain",
  tdmrep: "application/json",
  // PUB-2: the token file a publisher places at a well-known path.
  verification: "text/plain",
};

/** Exactly the codings decompress.ts decodes (SPEC ID-2). */
export const ACCEPT_ENCODING = "gzip, br, deflate";

/** The `Accept` header for a kind of fetch (SPEC ID-2). */
export function acceptFor(kind: FetchKind): string {
  return ACCEPT[kind];
}

// Fields a caller's `extraHeaders` may not set: our identity, what we can decode, cookies
// and credentials (never sent), validators (use `etag`/`lastModified`), and framing.
const RESERVED = new Set([
  "user-agent",
  "from",
  "accept",
  "accept-encoding",
  "cookie",
  "cookie2",
  "authorization",
  "proxy-authorization",
  "if-none-match",
  "if-modified-since",
  "host",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "expect",
]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** Every header of a request; throws `FetchFailure("bad-url")` when the request cannot be sent as given. */
export function requestHeaders(req: FetchRequest, identity: Identity): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.extraHeaders ?? {})) {
    const lower = name.toLowerCase();
    if (!TOKEN.test(name)) throw new FetchFailure("bad-url", "invalid request header name");
    if (RESERVED.has(lower)) throw new FetchFailure("bad-url", `request header ${lower} is reserved to the fetcher`);
    headers[lower] = checkedValue(lower, value);
  }
  headers["user-agent"] = checkedValue("user-agent", identity.userAgent);
  headers["from"] = checkedValue("from", identity.email);
  headers["accept"] = acceptFor(req.kind);
  headers["accept-encoding"] = ACCEPT_ENCODING;
  // Stored validators are sent back verbatim (RFC 9110 §13.1; docs/standards.md §2), never synthesised.
  if (req.etag) headers["if-none-match"] = checkedValue("if-none-match", req.etag);
  if (req.lastModified) headers["if-modified-since"] = checkedValue("if-modified-since", req.lastModified);
  // One exchange per connection: we do not keep idle sockets open on the publisher's server.
  headers["connection"] = "close";
  return headers;
}

function checkedValue(name: string, value: string): string {
  // CR/LF/NUL would split the request (header injection from a stored ETag or a signer).
  if (typeof value !== "string" || !FIELD_VALUE.test(value)) throw new FetchFailure("bad-url", `invalid value for request header ${name}`);
  return value.trim();
}
