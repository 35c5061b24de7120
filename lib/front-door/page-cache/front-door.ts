/**
 * The site's front door: every request is passed to the Next.js server on an internal
 * loopback port, and the public data pages are answered from a short-lived cache (a
 * "micro-cache", as news sites put in front of their renderers). Hand-written because it
 * is small and must know our pages: which ones, for whom, and what varies (cacheable.ts).
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { budgetSpentBody, createApiBudget, DEFAULT_API_BUDGETS, isApiPath, isExport, type ApiBudgets, type Charge } from "../api-budget";
import { badRequestPage } from "../bad-request-page";
import { isLoopbackAddress, READER_LOOPBACK_HEADER, readerIsLoopback, UNKNOWN_READER } from "../reader-loopback";
import { RENDERER_KEY_HEADER } from "../renderer-key";
import { MAX_REQUEST_BODY_BYTES, refuseRequest, tooLarge, type Refusal } from "../request-checks";
import { isScriptFreePath, readersAnswer } from "../script-free";
import { RETRY_AFTER_S, unavailableApiBody, unavailablePage, type Unavailability } from "../unavailable-page";
import { encodeBody, encodeStream } from "./compression";
import { acceptsGzip, cacheKey, cacheableStatus, keyUrl, MAX_STREAMED_KEPT, streamedKey } from "./cacheable";
import { statusFromHeader } from "./status-header";
import type { PageStore, Rendered, StoredPage } from "./store";
import { NOT_FOUND_PATH, scriptOnlyShell, serverErrorPage } from "./not-found-shell";
import { saysUnavailable } from "./unavailable-marker";
import { asPool, type RendererLease, type RendererPool, type Upstream } from "./upstream";
import { Busy, createExportGate, createMissGate, DEFAULT_MISS_LIMITS, type MissLimits } from "./miss-gate";
import { Abandoned, createInterest } from "./interest";

/** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
  "proxy-authorization",
  "proxy-authenticate",
]);

/**
 * The reader's address: the socket's, so a header a reader sent cannot choose their
 * rate-limit bucket; behind a trusted reverse proxy, the address that proxy appended last.
 * A trusted proxy that appended none leaves the reader unknown: its socket is the proxy's
 * own (often loopback), which would make every reader local and put all in one bucket.
 */
export function readerAddress(request: Pick<IncomingMessage, "headers" | "socket">, trustProxy: boolean): string {
  if (trustProxy)
    return (
      String(request.headers["x-forwarded-for"] ?? "")
        .split(",")
        .at(-1)
        ?.trim() || UNKNOWN_READER
    );
  return request.socket.remoteAddress || UNKNOWN_READER;
}

/**
 * The scheme the reader used: the connection's; behind a trusted reverse proxy, the
 * X-Forwarded-Proto that proxy set (the last value, as for the address), so a site behind
 * an HTTPS proxy knows it is served over https (Secure cookie, HSTS).
 */
export function readerScheme(request: Pick<IncomingMessage, "headers" | "socket">, trustProxy: boolean): "http" | "https" {
  const own = "encrypted" in request.socket && request.socket.encrypted ? "https" : "http";
  if (!trustProxy) return own;
  const given = String(request.headers["x-forwarded-proto"] ?? "")
    .split(",")
    .at(-1)
    ?.trim()
    .toLowerCase();
  return given === "https" || given === "http" ? given : own;
}

/** HSTS sent on every answer over https: a year, as browsers' preload lists ask at least. */
export const HSTS = "max-age=31536000";

function forwardedHeaders(request: IncomingMessage, trustProxy: boolean, upstream?: { key?: string }): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers))
    if (!HOP_BY_HOP.has(name) && name !== RENDERER_KEY_HEADER) headers[name] = value;
  headers["x-forwarded-for"] = readerAddress(request, trustProxy);
  headers["x-forwarded-proto"] = readerScheme(request, trustProxy);
  // OPS-5: always ours, whatever the reader sent under that name.
  headers[READER_LOOPBACK_HEADER] = readerIsLoopback(headers["x-forwarded-for"], request.headers, trustProxy) ? "1" : "0";
  if (request.headers.host) headers["x-forwarded-host"] = request.headers.host;
  if (upstream?.key) headers[RENDERER_KEY_HEADER] = upstream.key;
  return headers;
}

/** Answer a refusal with the Spanish error page; the connection is closed after a 413 (its body is not read). */
function sendRefusal(request: IncomingMessage, response: ServerResponse, refusal: Refusal): void {
  const body = Buffer.from(badRequestPage(refusal.reason, "/", refusal.title, refusal.status));
  response.writeHead(refusal.status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": String(body.length),
    "cache-control": "no-store",
    ...refusal.headers,
    ...(refusal.status === 413 ? { connection: "close" } : {}),
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

function responseHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

/** How a page was had, for the X-Cache header. */
type CacheStatus = "HIT" | "STALE" | "MISS";

/** Send a kept page (the body only for GET); a reader who already has it (If-None-Match) gets a 304. */
function sendPage(request: IncomingMessage, response: ServerResponse, page: StoredPage, cache: CacheStatus, now: number): void {
  const age = String(Math.max(0, Math.floor((now - page.storedAt) / 1000)));
  const etag = page.headers.etag;
  if (page.status === 200 && typeof etag === "string" && request.headers["if-none-match"]?.split(",").some((t) => t.trim() === etag)) {
    const { "content-type": _type, ...rest } = page.headers;
    response.writeHead(304, { ...rest, "x-cache": cache, age });
    return void response.end();
  }
  response.writeHead(page.status, { ...page.headers, "content-length": String(page.body.length), "x-cache": cache, age });
  response.end(request.method === "HEAD" ? undefined : page.body);
}

/** A render that did not finish in time: the renderer waits on the database, most likely. */
class RenderTimeout extends Error {}

/** No renderer is up (all restarting): the reader gets the 502 notice. */
const noRenderer = () => new Error("no renderer is up");

/** Told why a request could not be answered (the operator's log): method, path, error. */
export type ProxyFailure = (fields: { method: string; path: string; error: string; code?: string; headersSent: boolean }) => void;

/** What a reader gets when the page cannot be had: 503 (database away, too slow) or 502 (renderer down). */
function failed(request: IncomingMessage, response: ServerResponse, error: unknown, report?: ProxyFailure): void {
  // Too many renders going: a fast 503 the reader may retry, not a failure of ours (miss-gate.ts).
  if (error instanceof Busy) return response.destroyed || response.headersSent ? undefined : sendUnavailable(request, response, "busy");
  // A render cancelled as its readers left: nobody to answer, or one who came just then (a 503 to retry).
  if (error instanceof Abandoned) return response.destroyed ? undefined : sendUnavailable(request, response, "busy");
  const code = (error as { code?: unknown } | null)?.code;
  report?.({
    method: request.method ?? "GET",
    path: (request.url ?? "/").slice(0, 200),
    error: error instanceof Error ? error.message : String(error),
    ...(typeof code === "string" ? { code } : {}),
    headersSent: response.headersSent,
  });
  if (response.headersSent) return void response.destroy();
  if (error instanceof RenderTimeout) return sendUnavailable(request, response, "busy");
  response.writeHead(502, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  response.end("La web no responde en este momento. Inténtalo de nuevo en unos segundos.\n");
}

/** The path of a request's URL, without its query. */
const pathOf = (request: IncomingMessage) => (request.url ?? "/").split("?", 1)[0]!;

/** A 503 to retry: a page for readers, the API's JSON error for API calls and exports. */
function sendUnavailable(request: IncomingMessage, response: ServerResponse, why: Unavailability): void {
  const api = isApiPath(pathOf(request));
  const body = Buffer.from(api ? unavailableApiBody(why) : unavailablePage(why));
  response.writeHead(503, {
    "content-type": api ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "content-length": String(body.length),
    "cache-control": "no-store",
    "retry-after": String(RETRY_AFTER_S),
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

/** A spent API budget: 429 with Retry-After and the RateLimit fields, in the API's JSON error shape. */
function sendBudgetSpent(request: IncomingMessage, response: ServerResponse, charge: Charge): void {
  const body = Buffer.from(budgetSpentBody(charge.retryAfterS));
  response.writeHead(429, {
    ...charge.headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": String(body.length),
    "cache-control": "no-store",
    "retry-after": String(charge.retryAfterS),
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

/** The health report, the built assets, the stylesheet and the icons: answered without the database, and cheap. */
const NEEDS_NO_DATABASE = String.raw`healthz|_next\/static\/|estilo\.css|icon\.svg|favicon\.ico`;

/** Paths served even while the database is away. */
const SERVED_WHILE_DOWN = new RegExp(`^\\/(${NEEDS_NO_DATABASE})`);

/**
 * Requests passed through without a render slot (miss-gate.ts): those paths (a page's own assets
 * must never wait behind its render), and the operator's admin (signed in, throttled by its own
 * login limits). Forms' posts have their own per-address limits; only reads take a slot.
 */
const UNBOUNDED = new RegExp(`^\\/(${NEEDS_NO_DATABASE}|admin(\\/|\\?|$))`);
const BOUNDED_METHODS = new Set(["GET", "HEAD"]);

/**
 * A kept-alive connection the renderer closed just as a request went out on it: the request
 * never reached the renderer, so a GET may be sent again on a new connection (the race
 * Node's documentation describes for `request.reusedSocket`).
 */
function closedUnderUs(outgoing: http.ClientRequest, error: unknown): boolean {
  return outgoing.reusedSocket && (error as { code?: string } | null)?.code === "ECONNRESET";
}

/** Render one cacheable page upstream with a GET, buffering its body; sent again once if a kept-alive connection was closed under it. */
function renderPage(
  request: IncomingMessage,
  url: string,
  upstream: Upstream & { key?: string },
  agent: http.Agent,
  now: () => number,
  timeoutMs: number,
  trustProxy: boolean,
  signal?: AbortSignal,
  retried = false,
): Promise<Rendered> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Abandoned());
    // The key says gzip or identity; ask for exactly that, so every reader of the key can read the body
    // (the site's renderers answer identity and the body is gzipped here: compression.ts).
    // The full body is what is kept: the reader's conditional headers are answered from it afterwards.
    const gzip = acceptsGzip(request.headers["accept-encoding"]);
    const headers = { ...forwardedHeaders(request, trustProxy, upstream), "accept-encoding": gzip ? "gzip" : "identity" };
    const encoded = (page: StoredPage): StoredPage => ({ ...page, ...encodeBody(page.headers, page.body, gzip) });
    delete headers["if-none-match"];
    delete headers["if-modified-since"];
    const outgoing = http.request({ host: upstream.host, port: upstream.port, method: "GET", path: url, headers, agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("end", () => {
        const whole = Buffer.concat(chunks);
        const sent = responseHeaders(incoming.headers);
        const status = statusFromHeader(incoming.statusCode ?? 502, sent);
        const { "content-encoding": encoding, "content-type": type } = incoming.headers;
        const shell = url === NOT_FOUND_PATH ? undefined : scriptOnlyShell(status, whole, encoding, type);
        if (shell === "not-found") {
          return resolve(renderPage(request, NOT_FOUND_PATH, upstream, agent, now, timeoutMs, trustProxy, signal).then(asNotFound));
        }
        if (shell === "server-error" && isScriptFreePath(url)) return resolve({ keep: false, page: encoded(serverError(sent, now())) });
        const { headers, body } = readersAnswer(url, sent, whole);
        const page: StoredPage = { status, headers, body, storedAt: now() };
        delete page.headers["content-length"];
        if (status === 200 && saysUnavailable(page.body, page.headers["content-encoding"], page.headers["content-type"])) {
          // The page could not read its data: a 503 the reader may retry, never kept.
          return resolve({
            keep: false,
            page: encoded({
              ...page,
              status: 503,
              headers: { ...page.headers, "cache-control": "no-store", "retry-after": String(RETRY_AFTER_S) },
            }),
          });
        }
        const keep = cacheableStatus(status) && incoming.headers["set-cookie"] === undefined;
        resolve({ keep, page: encoded(page) });
      });
    });
    outgoing.on("error", (error) => {
      if (!retried && closedUnderUs(outgoing, error))
        resolve(renderPage(request, url, upstream, agent, now, timeoutMs, trustProxy, signal, true));
      else reject(error);
    });
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new RenderTimeout(`no answer in ${timeoutMs} ms`)));
    // Every reader of this render left: the renderer sees its connection close and stops (site-renderer.ts).
    const abandoned = () => outgoing.destroy(new Abandoned());
    signal?.addEventListener("abort", abandoned, { once: true });
    outgoing.on("close", () => signal?.removeEventListener("abort", abandoned));
    outgoing.end();
  });
}

/** The root not-found page, served in place of a script-only one (not-found-shell.ts): always a 404. */
function asNotFound(rendered: Rendered): Rendered {
  return { ...rendered, page: { ...rendered.page, status: 404 } };
}

/**
 * The page served in place of Next's empty error document on a public path (not-found-shell.ts):
 * a 500 with the renderer's security headers, never kept.
 */
function serverError(sent: Record<string, string | string[]>, storedAt: number): StoredPage {
  const { etag: _etag, "content-length": _length, "content-encoding": _encoding, ...kept } = sent;
  const headers = { ...kept, "content-type": "text/html; charset=utf-8", "cache-control": "no-store" };
  return { status: 500, headers, body: Buffer.from(serverErrorPage()), storedAt };
}

/** Where a streamed response may be kept once it ended, if it stayed small. */
interface Keeping {
  key: string;
  store: PageStore;
  now: () => number;
}

/** Pass a request through unchanged, streaming both ways; a streamed export that ends small is kept. */
function passThrough(
  request: IncomingMessage,
  response: ServerResponse,
  pool: RendererPool,
  agents: Agents,
  timeoutMs: number,
  trustProxy: boolean,
  keeping?: Keeping,
  report?: ProxyFailure,
): void {
  const upstream = pool.acquire();
  if (!upstream) return failed(request, response, noRenderer(), report);
  response.on("close", upstream.release);
  const headers = forwardedHeaders(request, trustProxy, upstream);
  // A request with a body never shares a connection: a renderer that refused a body before
  // reading all of it (a 413) leaves that connection unusable for the next request.
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const agent = hasBody ? agents.oneUse : agents.kept;
  // What the reader takes: gzip is done here when the renderer answered identity (compression.ts).
  const gzip = request.method !== "HEAD" && (keeping ? keeping.key.startsWith("gzip ") : acceptsGzip(request.headers["accept-encoding"]));
  if (keeping) {
    // What is kept must be whole and in the key's encoding.
    headers["accept-encoding"] = gzip ? "gzip" : "identity";
    delete headers["if-none-match"];
    delete headers["if-modified-since"];
  }
  const send = (retried: boolean) => {
    const outgoing = http.request(
      { host: upstream.host, port: upstream.port, method: request.method, path: request.url, headers, agent },
      (incoming) => {
        const sent = responseHeaders(incoming.headers);
        const status = statusFromHeader(incoming.statusCode ?? 502, sent);
        const mayKeep = keeping !== undefined && status === 200 && incoming.headers["set-cookie"] === undefined;
        // An HTML page is read whole first: its CSP names the hashes of its inline scripts (script-hashes.ts).
        if (request.method !== "HEAD" && String(sent["content-type"] ?? "").startsWith("text/html")) {
          const chunks: Buffer[] = [];
          let size = 0;
          let streaming = false;
          incoming.on("data", (chunk: Buffer) => {
            if (streaming) return;
            chunks.push(chunk);
            size += chunk.length;
            if (size <= MAX_STREAMED_KEPT) return;
            // Too big to hold: sent on as it comes, without hashes (its scripts wait; its HTML reads as it is).
            streaming = true;
            const encoding = encodeStream(sent, gzip);
            response.writeHead(status, encoding.headers);
            const out = encoding.stream ?? response;
            if (encoding.stream) encoding.stream.pipe(response);
            for (const c of chunks.splice(0)) out.write(c);
            incoming.pipe(out);
          });
          incoming.on("error", (error) => failed(request, response, error, report));
          incoming.on("end", () => {
            if (streaming) return;
            const whole = Buffer.concat(chunks);
            const shell = scriptOnlyShell(status, whole, incoming.headers["content-encoding"], sent["content-type"]);
            if (shell === "not-found") {
              return void renderPage(request, NOT_FOUND_PATH, upstream, agents.kept, Date.now, timeoutMs, trustProxy).then(
                (rendered) => sendPage(request, response, asNotFound(rendered).page, "MISS", Date.now()),
                (error: unknown) => failed(request, response, error, report),
              );
            }
            const path = pathOf(request);
            if (shell === "server-error" && isScriptFreePath(path)) {
              const page = serverError(sent, Date.now());
              return sendPage(request, response, { ...page, ...encodeBody(page.headers, page.body, gzip) }, "MISS", page.storedAt);
            }
            const { headers: read, body } = readersAnswer(path, sent, whole);
            const answer = encodeBody(read, body, gzip);
            response.writeHead(status, answer.headers);
            response.end(answer.body);
            if (!mayKeep || answer.body.length > MAX_STREAMED_KEPT || !incoming.complete) return;
            const { "content-length": _length, "transfer-encoding": _encoding, ...kept } = answer.headers;
            keeping.store.keep(keeping.key, { status: 200, headers: kept, body: answer.body, storedAt: keeping.now() });
          });
          return;
        }
        const encoding = encodeStream(sent, gzip);
        response.writeHead(status, encoding.headers);
        // What the reader gets, and what is kept: the gzip stream's output when gzipped here.
        const out = encoding.stream ? incoming.pipe(encoding.stream) : incoming;
        out.pipe(response);
        incoming.on("error", () => response.destroy());
        if (!mayKeep) return;
        const chunks: Buffer[] = [];
        let size = 0;
        out.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_STREAMED_KEPT) chunks.push(chunk);
          else chunks.length = 0;
        });
        out.on("end", () => {
          if (size > MAX_STREAMED_KEPT || !incoming.complete) return;
          const { "content-length": _length, "transfer-encoding": _encoding, ...kept } = encoding.headers;
          keeping.store.keep(keeping.key, { status: 200, headers: kept, body: Buffer.concat(chunks), storedAt: keeping.now() });
        });
      },
    );
    outgoing.on("error", (error) => {
      // A GET or HEAD has no body to send again: one retry on a new connection (renderPage says why).
      if (!retried && !response.headersSent && (request.method === "GET" || request.method === "HEAD") && closedUnderUs(outgoing, error))
        return send(true);
      failed(request, response, error, report);
    });
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new RenderTimeout(`no answer in ${timeoutMs} ms`)));
    if (retried) outgoing.end();
    else if (hasBody) pipeCapped(request, outgoing, response);
    else request.pipe(outgoing);
    response.on("close", () => {
      if (!response.writableFinished) outgoing.destroy();
    });
  };
  send(false);
}

/** The connection pools to the renderers: kept-alive for reads, one connection per request with a body. */
interface Agents {
  kept: http.Agent;
  oneUse: http.Agent;
}

/**
 * Send a request's body on, at most MAX_REQUEST_BODY_BYTES of it (a chunked body has no
 * length to refuse early): past the cap the renderer's request is abandoned with its
 * connection and the reader gets a 413, their connection then closed.
 */
function pipeCapped(request: IncomingMessage, outgoing: http.ClientRequest, response: ServerResponse): void {
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_REQUEST_BODY_BYTES) {
      if (!outgoing.write(chunk)) {
        request.pause();
        outgoing.once("drain", () => request.resume());
      }
      return;
    }
    request.off("data", onData);
    request.resume(); // read and drop the rest, so the 413 reaches the reader
    outgoing.removeAllListeners("error");
    outgoing.on("error", () => {});
    outgoing.destroy();
    if (!response.headersSent) sendRefusal(request, response, tooLarge());
  };
  request.on("data", onData);
  request.on("end", () => {
    if (size <= MAX_REQUEST_BODY_BYTES) outgoing.end();
  });
}

/**
 * A request listener serving cached pages from `store` and everything else from
 * `upstream`. While `unavailable()` says the database is away, a kept page is still
 * served, and anything else that needs the database gets the 503 page at once. A render
 * silent for `renderTimeoutMs` (a database too slow, a pool exhausted) also gets the 503.
 */
export function createCachingProxy(options: {
  /** One renderer, or several to share the renders among. */
  upstream: Upstream | RendererPool;
  store: PageStore | undefined;
  now?: () => number;
  unavailable?: () => boolean;
  renderTimeoutMs?: number;
  /** Take the reader's address from the X-Forwarded-For a reverse proxy in front of us appended. @default false */
  trustProxy?: boolean;
  /** Told of every request that could not be answered (a 502, a 503 after a timeout, a cut stream). */
  onFailure?: ProxyFailure;
  /** Bounds on renders per reader and in all, and their queue (miss-gate.ts). @default DEFAULT_MISS_LIMITS */
  misses?: MissLimits;
  /** Per-address budgets of the API and the exports (api-budget.ts). @default DEFAULT_API_BUDGETS */
  apiBudgets?: ApiBudgets;
}): (request: IncomingMessage, response: ServerResponse) => void {
  const now = options.now ?? Date.now;
  const trustProxy = options.trustProxy ?? false;
  const timeoutMs = options.renderTimeoutMs ?? 15_000;
  const agents: Agents = {
    kept: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    oneUse: new http.Agent({ keepAlive: false, maxSockets: 64 }),
  };
  const pool = asPool(options.upstream);
  const gate = createMissGate(options.misses ?? DEFAULT_MISS_LIMITS);
  const exportGate = createExportGate(options.misses ?? DEFAULT_MISS_LIMITS);
  const interest = createInterest();
  const budget = createApiBudget(options.apiBudgets ?? DEFAULT_API_BUDGETS, now);
  /**
   * Whose render slots a request takes: its reader's address; a reader on this machine (the
   * operator, the benchmarks) is held to the total bound only. Behind a reverse proxy, readers
   * are told apart only with HEMEROSCOPIO_TRUST_PROXY (else all would be the proxy's loopback).
   */
  const slotOwner = (request: IncomingMessage) => {
    const address = readerAddress(request, trustProxy);
    return isLoopbackAddress(address) ? undefined : address;
  };
  const render = (request: IncomingMessage, url: string, signal?: AbortSignal) =>
    gate.run(
      slotOwner(request),
      () => {
        const lease: RendererLease | undefined = pool.acquire();
        if (!lease) return Promise.reject(noRenderer());
        return renderPage(request, url, lease, agents.kept, now, timeoutMs, trustProxy, signal).finally(lease.release);
      },
      signal,
    );
  /** A request the cache does not answer, passed through in a slot of its reader's; the slot is freed when its answer ends. */
  const passOn = (request: IncomingMessage, response: ServerResponse, keeping?: Keeping) => {
    const pass = () => passThrough(request, response, pool, agents, timeoutMs, trustProxy, keeping, options.onFailure);
    if (!BOUNDED_METHODS.has(request.method ?? "GET") || UNBOUNDED.test(request.url ?? "/")) return pass();
    const left = new AbortController();
    response.once("close", () => left.abort());
    const owner = slotOwner(request);
    const inSlot = () => gate.run(owner, () => new Promise<void>((resolve) => (response.once("close", resolve), pass())), left.signal);
    // An export first takes one of the few export slots, then a render slot like any page.
    (isExport(pathOf(request)) ? exportGate.run(owner, inSlot, left.signal) : inSlot()).catch((error: unknown) =>
      failed(request, response, error, options.onFailure),
    );
  };
  return (request, response) => {
    if (readerScheme(request, trustProxy) === "https") response.setHeader("strict-transport-security", HSTS);
    const refusal = refuseRequest(request);
    if (refusal) return sendRefusal(request, response, refusal);
    const url = request.url ?? "/";
    const charge = budget.charge(slotOwner(request), pathOf(request));
    if (charge?.spent) return sendBudgetSpent(request, response, charge);
    // Every API answer, kept or rendered, says what is left of its reader's budget.
    for (const [name, value] of Object.entries(charge?.headers ?? {})) response.setHeader(name, value);
    const key = options.store && cacheKey({ method: request.method ?? "GET", url, headers: request.headers });
    const down = options.unavailable?.() ?? false;
    const kept = key === undefined ? undefined : options.store?.peek(key);
    // While the database is away a kept page is served as it is, stale or not, without a refresh.
    if (kept && (!kept.stale || down)) return sendPage(request, response, kept.page, kept.stale ? "STALE" : "HIT", now());
    if (down && !SERVED_WHILE_DOWN.test(url)) return sendUnavailable(request, response, "database");
    if (!options.store || key === undefined) {
      const streamed = options.store && streamedKey({ method: request.method ?? "GET", url, headers: request.headers });
      const kept = streamed === undefined ? undefined : options.store!.peek(streamed);
      if (kept && !kept.stale) return sendPage(request, response, kept.page, "HIT", now());
      const keeping = streamed === undefined ? undefined : { key: streamed, store: options.store!, now };
      return passOn(request, response, keeping);
    }
    // A stale page is served at once and refreshed in the background, for no one reader: its
    // render is not theirs to cancel. A missing page's render is cancelled once all its readers left.
    const signal = kept && !kept.spare ? undefined : interest.follow(key, response);
    options.store
      .get(key, () => render(request, keyUrl(key), signal))
      .then(
        ({ page, hit, stale }) => sendPage(request, response, page, stale ? "STALE" : hit ? "HIT" : "MISS", now()),
        (error: unknown) => failed(request, response, error, options.onFailure),
      );
  };
}
