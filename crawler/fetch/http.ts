/**
 * The single-request fetcher (docs/architecture.md fetch stage): one GET, one `FetchResult`, never a
 * throw. Redirects are returned, not followed, so the caller checks every hop against
 * robots.txt and paces it (SPEC ROB-6). Identity and Accept: request-headers.ts (ID-1, ID-2);
 * limits: body-limits.ts (POL-5); SSRF guard: connect-target.ts (SEC-1); failures: outcome.ts (SEC-4).
 */
import type { Socket } from "node:net";
import type { Readable } from "node:stream";
import { Client } from "undici";
import type { Clock } from "../../lib/clock";
import type { Config } from "../../lib/config";
import { readBody, type BodyMeter } from "./body-limits";
import { detectCharset } from "./bytes/charset";
import { exchangeSignals, withinDeadline } from "./deadline";
import { connectTarget, systemLookup, type LookupAll } from "./connect-target";
import { isGzipFile } from "./bytes/gzip-file";
import { gunzipFile, parseContentEncoding } from "./decompress";
import { FetchFailure, toFailure, type AbortContext } from "./outcome";
import { pinnedConnector } from "./pinned-connector";
import { requestHeaders } from "./request-headers";
import { parseRequestUrl } from "./request-url";
import { responseHeaders } from "./response-headers";
import type { FetchRequest, FetchResult, Fetcher } from "../../lib/fetcher";

export type { FetchKind, FetchOutcome, FetchRequest, FetchResult, Fetcher } from "../../lib/fetcher";

/** The parts of `Config` the fetcher reads (a whole `Config` fits). */
export interface FetcherConfig {
  resolve: Config["resolve"];
  bot: Pick<Config["bot"], "userAgent" | "email">;
  politeness: Pick<Config["politeness"], "connectTimeoutMs" | "totalTimeoutMs" | "maxBodyBytes" | "maxSitemapBytes">;
}

/** Options of `createHttpFetcher`. */
export interface HttpFetcherOptions {
  config: FetcherConfig;
  /** Timestamps of results. @default systemClock */
  clock?: Pick<Clock, "now">;
  /** DNS resolution of hosts without an override. @default systemLookup (dns.lookup, all addresses) */
  lookup?: LookupAll;
  /** Test mode: a host matched by no resolve override is refused before DNS (docs/architecture.md Testing). @default false */
  refuseUnlisted?: boolean;
  /** Largest response header block in bytes (hostile servers). @default 65536 */
  maxHeaderBytes?: number;
}

/** Extra time past the total timeout before the fetcher stops waiting for the client's own report. */
const DEADLINE_GRACE_MS = 100;

/** Build the real HTTP fetcher (docs/style.md §5: injected into the jobs). */
export function createHttpFetcher(options: HttpFetcherOptions): Fetcher {
  const clock = options.clock;
  const now = clock ? () => clock.now() : () => Date.now();
  const totalTimeoutMs = options.config.politeness.totalTimeoutMs;
  return async (req, callerSignal) => {
    const startedAt = now();
    const state: ExchangeState = { url: req.url, headers: {}, meter: { wireBytes: 0 }, cleanup: [] };
    const signals = exchangeSignals(callerSignal, totalTimeoutMs);
    const ctx: AbortContext = { caller: callerSignal, deadline: signals.deadline, totalTimeoutMs };
    let fields: Fields;
    try {
      const work = exchange(req, signals.signal, ctx, options, state);
      // If undici does not report an abort by itself (e.g. while connecting), stop waiting;
      // the abort context then names the cause (caller or deadline).
      fields = await withinDeadline(work, signals.signal, DEADLINE_GRACE_MS, () => new Error("no report after abort"));
    } catch (error) {
      const failure = toFailure(error, ctx);
      fields = { outcome: failure.code, ...(state.status === undefined ? {} : { status: state.status }), error: failure.message };
    } finally {
      signals.dispose();
      // Destroying the client closes the socket: an endless body stops at the server too.
      await Promise.all(state.cleanup.map((fn) => fn().catch(() => undefined)));
    }
    const endedAt = now();
    const { outcome, ...rest } = fields;
    return {
      outcome,
      url: state.url,
      headers: state.headers,
      ...rest,
      bytes: state.meter.wireBytes,
      durationMs: endedAt - startedAt,
      startedAt,
      endedAt,
    };
  };
}

/** What is known about an exchange so far; kept when it fails half-way. */
interface ExchangeState {
  url: string;
  status?: number;
  headers: Record<string, string>;
  meter: BodyMeter;
  cleanup: (() => Promise<unknown>)[];
}

type Fields = Omit<FetchResult, "url" | "headers" | "bytes" | "durationMs" | "startedAt" | "endedAt">;

async function exchange(
  req: FetchRequest,
  signal: AbortSignal,
  ctx: AbortContext,
  o: HttpFetcherOptions,
  state: ExchangeState,
): Promise<Fields> {
  const { politeness } = o.config;
  const url = parseRequestUrl(req.url);
  state.url = url.href;
  const headers = requestHeaders(req, o.config.bot);
  const target = await connectTarget(url, {
    rules: o.config.resolve,
    refuseUnlisted: o.refuseUnlisted ?? false,
    lookup: o.lookup ?? systemLookup,
    signal,
  });
  // A client per exchange: the socket is pinned to this target and destroyed afterwards,
  // so nothing is pooled past the exchange (SPEC POL-1 paces requests, not sockets).
  const sockets = new Set<Socket>();
  state.cleanup.push(async () => sockets.forEach((socket) => socket.destroy()));
  const client = new Client(url.origin, {
    connect: pinnedConnector(target, politeness.connectTimeoutMs, (socket) => sockets.add(socket)),
    headersTimeout: politeness.totalTimeoutMs,
    bodyTimeout: politeness.totalTimeoutMs,
    maxHeaderSize: o.maxHeaderBytes ?? 65_536,
  });
  state.cleanup.push(() => client.destroy());
  const res = await client.request({ method: "GET", path: url.pathname + url.search, headers, signal });
  res.body.on("error", () => {}); // a body we stop reading errors when the client is destroyed
  state.status = res.statusCode;
  state.headers = responseHeaders(res.headers);
  const status = res.statusCode;
  if (status === 304) return { outcome: "not-modified", status };
  const location = state.headers["location"];
  if (status >= 300 && status < 400 && location !== undefined) {
    const target = redirectTarget(location, url);
    if (target) return { outcome: "redirect", status, location: target };
    return { outcome: "http-error", status, error: "redirect without a usable http(s) Location" };
  }
  const cap = req.kind === "sitemap" ? politeness.maxSitemapBytes : politeness.maxBodyBytes;
  if (status >= 200 && status < 300) return { outcome: "ok", status, ...(await okBody(res.body, req, state, cap, signal)) };
  const { error, ...page } = await errorBody(res.body, state, cap, signal, ctx);
  return { outcome: "http-error", status, ...page, error: error ? `HTTP ${status}; ${error}` : `HTTP ${status}` };
}

type BodyFields = Pick<FetchResult, "body" | "charset" | "truncated" | "error">;

async function okBody(stream: Readable, req: FetchRequest, state: ExchangeState, cap: number, signal: AbortSignal): Promise<BodyFields> {
  const declared = Number(state.headers["content-length"]);
  if (Number.isFinite(declared) && declared > cap) throw new FetchFailure("too-large", `content-length ${declared} exceeds ${cap} bytes`);
  const codings = parseContentEncoding(state.headers["content-encoding"]);
  let { body } = await readBody(stream, { codings, cap, truncate: false, signal, meter: state.meter });
  // Sitemaps are often `.xml.gz` files sent without Content-Encoding; inflate them here, under
  // the same cap, rather than leave a bomb to the parser (docs/standards.md §7).
  if (req.kind === "sitemap" && isGzipFile(body)) body = await gunzipFile(body, cap);
  return withCharset(body, state.headers);
}

/**
 * Error pages are read for classification only (BLK-3, BLK-5): cut at the cap, and a body
 * that breaks (or outlasts the deadline) still leaves an http-error with its status.
 */
async function errorBody(stream: Readable, state: ExchangeState, cap: number, signal: AbortSignal, ctx: AbortContext): Promise<BodyFields> {
  try {
    const codings = parseContentEncoding(state.headers["content-encoding"]);
    const { body, truncated } = await readBody(stream, { codings, cap, truncate: true, signal, meter: state.meter });
    return { ...withCharset(body, state.headers), ...(truncated ? { truncated } : {}) };
  } catch (error) {
    if (ctx.caller.aborted) throw error;
    return { error: toFailure(error, ctx).message };
  }
}

function withCharset(body: Uint8Array, headers: Record<string, string>): BodyFields {
  const charset = detectCharset(headers, body);
  return charset ? { body, charset } : { body };
}

function redirectTarget(location: string, base: URL): string | undefined {
  try {
    const target = new URL(location, base);
    return target.protocol === "http:" || target.protocol === "https:" ? target.href : undefined;
  } catch {
    return undefined;
  }
}
