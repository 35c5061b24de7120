import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpFetcher, type FetchRequest } from "@/crawler/fetch/http";
import { manualClock } from "@/lib/clock";
import { loadConfig } from "@/lib/config";

// A fixture server on 127.0.0.1, reached as `x.test` through a resolve override (docs/architecture.md).
const seen: http.IncomingHttpHeaders[] = [];
const routes = new Map<string, http.RequestListener>();
let server: http.Server;
let port: number;
const never = new AbortController().signal;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    const route = routes.get(new URL(req.url ?? "/", "http://x.test").pathname);
    if (route) route(req, res);
    else res.writeHead(404).end("no route");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const config = () => loadConfig({ HEMEROSCOPIO_RESOLVE: `x.test=127.0.0.1:${port}`, HEMEROSCOPIO_TOTAL_TIMEOUT_MS: "5000" });
const fetcher = () => createHttpFetcher({ config: config(), refuseUnlisted: true });
const get = (path: string, extra: Partial<FetchRequest> = {}) => fetcher()({ url: `http://x.test${path}`, kind: "page", ...extra }, never);
const text = (body: Uint8Array | undefined) => Buffer.from(body ?? []).toString("utf8");

describe("one HTTP exchange", () => {
  it("ID-1, ID-2, POL-4: identity, Accept, Accept-Encoding and validators are sent", async () => {
    routes.set("/headers", (_req, res) => res.end("ok"));
    seen.length = 0;
    const c = config();
    const r = await get("/headers", {
      kind: "feed",
      etag: 'W/"v1"',
      lastModified: "Sun, 06 Nov 1994 08:49:37 GMT",
      extraHeaders: { "Signature-Agent": 'sig1="https://hemeroscopio.org"' },
    });
    expect(r.outcome).toBe("ok");
    expect(seen[0]).toMatchObject({
      host: "x.test",
      "user-agent": c.bot.userAgent,
      from: c.bot.email,
      accept:
        "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.8, application/json;q=0.7",
      "accept-encoding": "gzip, br, deflate",
      "if-none-match": 'W/"v1"',
      "if-modified-since": "Sun, 06 Nov 1994 08:49:37 GMT",
      "signature-agent": 'sig1="https://hemeroscopio.org"',
    });
    expect(c.bot.userAgent).toBe("HemeroscopioBot/1.0 (+https://hemeroscopio.org/bot; bot@hemeroscopio.org)");
  });

  it("ID-2: no Cookie is ever sent, also after the server set one", async () => {
    routes.set("/cookie", (_req, res) => res.writeHead(200, { "set-cookie": ["session=abc; Path=/", "cf_clearance=x; Path=/"] }).end("hi"));
    seen.length = 0;
    const f = fetcher();
    const first = await f({ url: "http://x.test/cookie", kind: "page" }, never);
    await f({ url: "http://x.test/cookie", kind: "page" }, never);
    expect(first.headers["set-cookie"]).toBe("session=abc; Path=/\ncf_clearance=x; Path=/");
    expect(seen).toHaveLength(2);
    for (const h of seen) expect(h.cookie).toBeUndefined();
  });

  it("POL-4: a 304 is not-modified, with no body to parse", async () => {
    routes.set("/feed", (req, res) => {
      if (req.headers["if-none-match"] === '"v2"') res.writeHead(304, { etag: '"v2"' }).end();
      else res.writeHead(200, { etag: '"v2"' }).end("<rss/>");
    });
    const fresh = await get("/feed", { kind: "feed" });
    expect(fresh).toMatchObject({ outcome: "ok", status: 200, headers: { etag: '"v2"' } });
    const again = await get("/feed", { kind: "feed", etag: fresh.headers["etag"] });
    expect(again).toMatchObject({ outcome: "not-modified", status: 304, bytes: 0 });
    expect(again.body).toBeUndefined();
  });

  it.each([
    ["/next?a=1", "http://x.test/next?a=1"],
    ["next", "http://x.test/redirect/next"],
    ["//other.test/p", "http://other.test/p"],
    ["https://elsewhere.test/", "https://elsewhere.test/"],
  ])("ROB-6: a redirect to %s is returned as absolute %s, not followed", async (location, absolute) => {
    routes.set("/redirect/from", (_req, res) => res.writeHead(301, { location }).end("moved"));
    seen.length = 0;
    const r = await get("/redirect/from");
    expect(r).toMatchObject({ outcome: "redirect", status: 301, location: absolute });
    expect(r.body).toBeUndefined();
    expect(seen).toHaveLength(1);
  });

  it("ROB-6: a redirect to a non-http scheme or without Location is an http-error", async () => {
    routes.set("/js", (_req, res) => res.writeHead(302, { location: "javascript:alert(1)" }).end());
    routes.set("/nowhere", (_req, res) => res.writeHead(302).end());
    expect(await get("/js")).toMatchObject({ outcome: "http-error", status: 302 });
    expect(await get("/nowhere")).toMatchObject({ outcome: "http-error", status: 302 });
  });

  const page = "<html><head><title>Portada</title></head><body>" + "<a href='/n'>Última hora: ñandú</a>".repeat(200) + "</body></html>";
  it.each<[string, string, (b: Buffer) => Buffer]>([
    ["gzip", "gzip", (b) => zlib.gzipSync(b)],
    ["br", "br", (b) => zlib.brotliCompressSync(b)],
    ["deflate (zlib)", "deflate", (b) => zlib.deflateSync(b)],
    ["deflate (raw)", "deflate", (b) => zlib.deflateRawSync(b)],
    ["identity", "identity", (b) => b],
  ])("ID-2: Content-Encoding %s is decoded by the fetcher", async (_name, coding, encode) => {
    const wire = encode(Buffer.from(page));
    routes.set("/coded", (_req, res) =>
      res.writeHead(200, { "content-encoding": coding, "content-type": "text/html; charset=utf-8" }).end(wire),
    );
    const r = await get("/coded");
    expect(r).toMatchObject({ outcome: "ok", status: 200, charset: "utf-8", bytes: wire.length });
    expect(text(r.body)).toBe(page);
  });

  it("EXT-1: the charset is detected from the response", async () => {
    routes.set("/latin", (_req, res) =>
      res.writeHead(200, { "content-type": "text/html; charset=ISO-8859-1" }).end(Buffer.from([0xe1, 0xf1, 0x80, 0xbf])),
    );
    expect(await get("/latin")).toMatchObject({ outcome: "ok", charset: "windows-1252" });
  });

  it("EXT-2: a .xml.gz sitemap sent without Content-Encoding is inflated", async () => {
    const xml = '<?xml version="1.0"?><urlset><url><loc>http://x.test/a</loc></url></urlset>';
    routes.set("/sitemap.xml.gz", (_req, res) => res.writeHead(200, { "content-type": "application/x-gzip" }).end(zlib.gzipSync(xml)));
    const r = await get("/sitemap.xml.gz", { kind: "sitemap" });
    expect(r.outcome).toBe("ok");
    expect(text(r.body)).toBe(xml);
  });

  it("BLK-3, BLK-5: an error status keeps its headers and (capped) body for classification", async () => {
    routes.set("/busy", (_req, res) =>
      res.writeHead(503, { "retry-after": "120", "cf-mitigated": "challenge" }).end("<title>Just a moment...</title>"),
    );
    const r = await get("/busy");
    expect(r).toMatchObject({
      outcome: "http-error",
      status: 503,
      error: "HTTP 503",
      headers: { "retry-after": "120", "cf-mitigated": "challenge" },
    });
    expect(text(r.body)).toBe("<title>Just a moment...</title>");
  });

  it("SEC-4: a body that is not what Content-Encoding says is a decoding error", async () => {
    routes.set("/liar", (_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end("plain text, not gzip"));
    routes.set("/zstd", (_req, res) => res.writeHead(200, { "content-encoding": "zstd" }).end("x"));
    const liar = await get("/liar");
    expect(liar).toMatchObject({ outcome: "decoding-error", status: 200 });
    expect(liar.error).not.toContain("plain text");
    expect(await get("/zstd")).toMatchObject({ outcome: "decoding-error", error: "unsupported content-encoding zstd" });
  });

  it("STO-5: timestamps come from the injected clock", async () => {
    routes.set("/time", (_req, res) => res.end("t"));
    const clock = manualClock(Date.parse("2026-11-29T10:00:00Z"));
    const r = await createHttpFetcher({ config: config(), clock, refuseUnlisted: true })(
      { url: "http://x.test/time", kind: "probe" },
      never,
    );
    expect(r).toMatchObject({ outcome: "ok", startedAt: clock.now(), endedAt: clock.now(), durationMs: 0, url: "http://x.test/time" });
  });
});
