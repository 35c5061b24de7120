/**
 * The site's front door: every request is passed to the Next.js server on an internal
 * loopback port, and the public data pages are answered from a short-lived cache (a
 * "micro-cache", as news sites put in front of their renderers). Hand-written because it
 * is small and must know our pages: which ones, for whom, and what varies (policy.ts).
 */
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { acceptsGzip, cacheKey, cacheableStatus } from "./policy";
import type { PageStore, Rendered, StoredPage } from "./store";

/** Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade", "proxy-authorization", "proxy-authenticate"]);

/** Where the renderer listens. */
export interface Upstream { host: string; port: number }

function forwardedHeaders(request: IncomingMessage): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) if (!HOP_BY_HOP.has(name)) headers[name] = value;
  // The reader's address is the socket's: a header a reader sent cannot choose their rate-limit bucket.
  headers["x-forwarded-for"] = request.socket.remoteAddress ?? "unknown";
  headers["x-forwarded-proto"] = "encrypted" in request.socket && request.socket.encrypted ? "https" : "http";
  if (request.headers.host) headers["x-forwarded-host"] = request.headers.host;
  return headers;
}

function responseHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

/** Send a kept page (the body only for GET). */
function sendPage(request: IncomingMessage, response: ServerResponse, page: StoredPage, hit: boolean, now: number): void {
  const headers = { ...page.headers, "content-length": String(page.body.length), "x-cache": hit ? "HIT" : "MISS", age: String(Math.max(0, Math.floor((now - page.storedAt) / 1000))) };
  response.writeHead(page.status, headers);
  response.end(request.method === "HEAD" ? undefined : page.body);
}

function badGateway(response: ServerResponse): void {
  if (response.headersSent) return void response.destroy();
  response.writeHead(502, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  response.end("La web no responde en este momento. Inténtalo de nuevo en unos segundos.\n");
}

/** Render one cacheable page upstream with a GET, buffering its body. */
function renderPage(request: IncomingMessage, upstream: Upstream, agent: http.Agent, now: () => number): Promise<Rendered> {
  return new Promise((resolve, reject) => {
    // The key says gzip or identity; ask for exactly that, so every reader of the key can read the body.
    const headers = { ...forwardedHeaders(request), "accept-encoding": acceptsGzip(request.headers["accept-encoding"]) ? "gzip" : "identity" };
    const outgoing = http.request({ host: upstream.host, port: upstream.port, method: "GET", path: request.url, headers, agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("end", () => {
        const status = incoming.statusCode ?? 502;
        const page: StoredPage = { status, headers: responseHeaders(incoming.headers), body: Buffer.concat(chunks), storedAt: now() };
        delete page.headers["content-length"];
        const keep = cacheableStatus(status) && incoming.headers["set-cookie"] === undefined;
        resolve({ keep, page });
      });
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** Pass a request through unchanged, streaming both ways. */
function passThrough(request: IncomingMessage, response: ServerResponse, upstream: Upstream, agent: http.Agent): void {
  const outgoing = http.request({ host: upstream.host, port: upstream.port, method: request.method, path: request.url, headers: forwardedHeaders(request), agent }, (incoming) => {
    response.writeHead(incoming.statusCode ?? 502, responseHeaders(incoming.headers));
    incoming.pipe(response);
    incoming.on("error", () => response.destroy());
  });
  outgoing.on("error", () => badGateway(response));
  request.pipe(outgoing);
  response.on("close", () => { if (!response.writableFinished) outgoing.destroy(); });
}

/** A request listener serving cached pages from `store` and everything else from `upstream`. */
export function createCachingProxy(options: { upstream: Upstream; store: PageStore | undefined; now?: () => number }): (request: IncomingMessage, response: ServerResponse) => void {
  const now = options.now ?? Date.now;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  return (request, response) => {
    const key = options.store && cacheKey({ method: request.method ?? "GET", url: request.url ?? "/", headers: request.headers });
    if (!options.store || key === undefined) return passThrough(request, response, options.upstream, agent);
    options.store.get(key, () => renderPage(request, options.upstream, agent, now)).then(
      ({ page, hit }) => sendPage(request, response, page, hit, now()),
      () => badGateway(response),
    );
  };
}
