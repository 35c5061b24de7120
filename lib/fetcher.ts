/**
 * The fetch stage's contract (docs/architecture.md data flow, docs/style.md §5): one HTTP exchange in,
 * one plain `FetchResult` out. Policy code depends on these types only, never on undici.
 */
import type { SourceKind } from "./source-kinds";

/**
 * What is being fetched; it selects the `Accept` header (SPEC ID-2) and the size cap (POL-5).
 * Every source kind but the front page (fetched as a "page") is a kind of its own, so a new
 * source kind (lib/source-kinds.ts) must be given its `Accept` before the code compiles.
 */
export type FetchKind = Exclude<SourceKind, "frontpage"> | "page" | "probe" | "robots" | "tdmrep" | "verification";

/** One request. No method, no body: the crawler only ever sends GET (SPEC POL-2, POL-3). */
export interface FetchRequest {
  url: string;
  kind: FetchKind;
  /** The stored `ETag`, sent back verbatim as `If-None-Match` (SPEC POL-4). */
  etag?: string;
  /** The stored `Last-Modified`, sent back verbatim as `If-Modified-Since` (SPEC POL-4). */
  lastModified?: string;
  /** Additional headers, e.g. Web Bot Auth signature headers (SPEC ID-3); they cannot replace our identity. */
  extraHeaders?: Record<string, string>;
}

/** How an exchange ended; every failure is one of these, the fetcher never throws. */
export type FetchOutcome =
  | "ok"
  | "not-modified"
  | "redirect"
  | "http-error"
  | "too-large"
  | "timeout"
  | "unreachable"
  | "ssrf-refused"
  | "bad-url"
  | "decoding-error";

/** The result of one exchange: plain data, safe to log (no body text in `error`). */
export interface FetchResult {
  outcome: FetchOutcome;
  /** HTTP status, whenever a status line was received (also for too-large, timeout… after headers). */
  status?: number;
  /** The requested URL, as parsed (WHATWG serialisation). */
  url: string;
  /** Response headers, lower-case names; repeated fields joined with ", " (`set-cookie` with "\n"). */
  headers: Record<string, string>;
  /** Absolute redirect target, only for outcome `redirect` (the caller follows it hop by hop, ROB-6). */
  location?: string;
  /** Decoded (decompressed) body, only for `ok` and `http-error`, never longer than the cap. */
  body?: Uint8Array;
  /** True when an error page's body was cut at the cap (only `http-error`; an `ok` body is never cut). */
  truncated?: boolean;
  /** Canonical WHATWG encoding name found by `detectCharset`, when the body declares one. */
  charset?: string;
  /** Body bytes received on the wire (before content decoding). */
  bytes: number;
  durationMs: number;
  /** A short reason for any outcome but `ok` / `not-modified` / `redirect`; never contains body text. */
  error?: string;
  /** Epoch ms from the injected clock. */
  startedAt: number;
  endedAt: number;
}

/** The injected fetcher (docs/style.md §5): one exchange, no redirect following, never throws. */
export type Fetcher = (req: FetchRequest, signal: AbortSignal) => Promise<FetchResult>;
