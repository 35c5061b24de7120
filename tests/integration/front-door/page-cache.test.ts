import { createHash } from "node:crypto";
/**
 * The page cache in front of the renderer, over real HTTP on loopback: a small upstream
 * server stands for Next.js and counts what reaches it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCachingProxy, readerAddress, type ProxyFailure } from "../../../lib/front-door/page-cache/front-door";
import { createPageStore } from "../../../lib/front-door/page-cache/store";
import { NOT_FOUND_PATH } from "../../../lib/front-door/page-cache/not-found-shell";
import { UNAVAILABLE_META } from "../../../lib/front-door/page-cache/unavailable-marker";

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
let seen: Seen[] = [];
let upstream: http.Server;
let front: http.Server;
let frontUrl: string;
let deadFrontUrl: string;
const deadFailures: Parameters<ProxyFailure>[0][] = [];
const servers: http.Server[] = [];

function listen(server: http.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    let body = "";
    request.on("data", (c: Buffer) => (body += c.toString()));
    request.on("end", () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      if (request.url === "/estado") response.setHeader("set-cookie", "x=1");
      if (request.url?.startsWith("/api/v1/")) response.setHeader("etag", '"v1"');
      if (request.url?.startsWith("/api/v1/exports/")) {
        // A streamed export: small, or over the 2 MiB a front door keeps.
        const rows = request.url.includes("grande") ? 40_000 : 3;
        response.writeHead(200, { "content-type": "text/csv; charset=utf-8" });
        for (let i = 0; i < rows; i++) response.write(`${i},"fila de exportación con algo de texto para ocupar sitio"\n`);
        return void response.end();
      }
      if (request.url === "/historias") {
        // A page whose database reads failed: the renderer still answers 200, with the marker.
        const html = Buffer.from(
          `<html><head><meta name="${UNAVAILABLE_META}" content="1"/></head><body><h1>Servicio no disponible temporalmente</h1></body></html>`,
        );
        const gzip = String(request.headers["accept-encoding"]).includes("gzip");
        response.writeHead(200, { "content-type": "text/html; charset=utf-8", ...(gzip ? { "content-encoding": "gzip" } : {}) });
        return void response.end(gzip ? gzipSync(html) : html);
      }
      if (request.url === "/metodologia" || request.url === "/admin/panel") {
        // A page with an inline script, under a CSP that allows none yet (next.config.ts).
        const html = Buffer.from(`<html><body><p>${seen.length}</p><script>boot(${JSON.stringify(request.url)})</script></body></html>`);
        const gzip = String(request.headers["accept-encoding"]).includes("gzip");
        response.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": "default-src 'self'; script-src 'self'",
          ...(gzip ? { "content-encoding": "gzip" } : {}),
        });
        return void response.end(gzip ? gzipSync(html) : html);
      }
      if (request.url === "/quienes-somos" || request.url === "/admin/ayuda") {
        // What the site's renderers answer (next.config.ts `compress: false`): identity, whatever the reader takes.
        const html = `<html><body><script>boot(${JSON.stringify(request.url)})</script>${"<p>Un párrafo del sitio.</p>".repeat(200)}</body></html>`;
        response.writeHead(200, {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": "default-src 'self'; script-src 'self'",
          "content-length": String(Buffer.byteLength(html)),
        });
        return void response.end(html);
      }
      if (request.url === "/pagina-grande") {
        // An HTML page larger than the front door holds to hash its scripts, sent in pieces.
        response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": "script-src 'self'" });
        response.write("<html><body><script>boot()</script>");
        for (let i = 0; i < 48; i++) response.write(`<p>${"x".repeat(64 * 1024)}</p>`);
        return void response.end("</body></html>");
      }
      if (request.url === "/historias/99" || request.url === "/admin/fallo") {
        // Next's answer to a page that failed while rendering: the empty error document, for a script to draw.
        const html = `<!DOCTYPE html><html id="__next_error__"><head></head><body><script>self.__next_f.push([1,"fallo"])</script></body></html>`;
        response.writeHead(500, {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": "script-src 'self'",
          etag: '"e"',
        });
        return void response.end(html);
      }
      if (request.url === "/noticias/abc" || request.url === NOT_FOUND_PATH) {
        // Next's answer to a page's notFound(): an empty error document; and its root not-found page.
        const html = Buffer.from(
          request.url === NOT_FOUND_PATH
            ? `<html lang="es"><body><h1>Página no encontrada</h1><script>hydrate()</script></body></html>`
            : `<!DOCTYPE html><html id="__next_error__"><head></head><body><div hidden=""></div><script>self.__next_f.push([1,"h1 Página no encontrada"])</script></body></html>`,
        );
        const gzip = String(request.headers["accept-encoding"]).includes("gzip");
        response.writeHead(404, {
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": "script-src 'self'",
          ...(gzip ? { "content-encoding": "gzip" } : {}),
        });
        return void response.end(gzip ? gzipSync(html) : html);
      }
      const status = request.url === "/noticias/0" ? 404 : request.url === "/buscar?q=%" ? 400 : 200;
      setTimeout(() => {
        response.writeHead(status, { "content-type": "text/html; charset=utf-8", "x-render": String(seen.length) });
        response.end(`<p>${request.method} ${request.url} ${request.headers["accept-encoding"] ?? "-"} ${body}</p>`);
      }, 20);
    });
  });
  const upstreamPort = await listen(upstream);
  front = http.createServer(
    createCachingProxy({
      upstream: { host: "127.0.0.1", port: upstreamPort },
      store: createPageStore({ ttlMs: 60_000, maxBytes: 1 << 20 }),
    }),
  );
  frontUrl = `http://127.0.0.1:${await listen(front)}`;
  // A front whose renderer is gone.
  const closed = http.createServer();
  const closedPort = await listen(closed);
  await new Promise((r) => closed.close(r));
  servers.splice(servers.indexOf(closed), 1);
  const dead = http.createServer(
    createCachingProxy({
      upstream: { host: "127.0.0.1", port: closedPort },
      store: createPageStore({ ttlMs: 60_000, maxBytes: 1 << 20 }),
      onFailure: (f) => void deadFailures.push(f),
    }),
  );
  deadFrontUrl = `http://127.0.0.1:${await listen(dead)}`;
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

beforeEach(() => {
  seen = [];
});

describe("page cache over HTTP (WEB-4)", () => {
  it("WEB-4: renders a public page once and serves it again from the cache", async () => {
    const first = await fetch(`${frontUrl}/cabeceras/uno`);
    const second = await fetch(`${frontUrl}/cabeceras/uno`);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(await first.text());
    expect(seen).toHaveLength(1);
  });

  it("SEC-3, WEB-2: a public page reaches readers without its scripts and its CSP names no hash, cached (gzip or not) or passed through", async () => {
    for (const encoding of ["gzip", "identity"]) {
      // The renderer answers this page gzipped when asked: it is read, stripped and compressed again here.
      const miss = await fetch(`${frontUrl}/metodologia`, { headers: { "accept-encoding": encoding } });
      const hit = await fetch(`${frontUrl}/metodologia`, { headers: { "accept-encoding": encoding } });
      expect([miss.headers.get("x-cache"), hit.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
      for (const r of [miss, hit]) {
        expect(r.headers.get("content-security-policy")).toBe("default-src 'self'; script-src 'self'");
        expect(await r.text()).toMatch(/^<html><body><p>\d+<\/p><\/body><\/html>$/);
      }
    }
    const passed = await fetch(`${frontUrl}/metodologia`, { headers: { cookie: "session=abc" } });
    expect(passed.headers.get("x-cache")).toBeNull();
    expect(passed.headers.get("content-security-policy")).toBe("default-src 'self'; script-src 'self'");
    expect(await passed.text()).not.toContain("<script");
  });

  it("SEC-3: the admin keeps its scripts, and its CSP names the hash of each of its inline scripts", async () => {
    const hash = (url: string) =>
      `'sha256-${createHash("sha256")
        .update(`boot(${JSON.stringify(url)})`)
        .digest("base64")}'`;
    const passed = await fetch(`${frontUrl}/admin/panel`);
    expect(passed.headers.get("x-cache")).toBeNull();
    expect(passed.headers.get("content-security-policy")).toBe(`default-src 'self'; script-src 'self' ${hash("/admin/panel")}`);
    expect(await passed.text()).toContain("<script>boot(");
  });

  it("WEB-4: an answer the renderer sent uncompressed is gzipped once here for readers who take gzip, its CSP from the plain text", async () => {
    const hash = (url: string) =>
      `'sha256-${createHash("sha256")
        .update(`boot(${JSON.stringify(url)})`)
        .digest("base64")}'`;
    const read = (url: string, encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) =>
        http
          .get(`${frontUrl}${url}`, { headers: { "accept-encoding": encoding } }, (r) => {
            const chunks: Buffer[] = [];
            r.on("data", (c: Buffer) => chunks.push(c));
            r.on("end", () => resolve({ headers: r.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject),
      );
    // Cached (a miss and a hit), and passed through (the admin is never cached).
    for (const url of ["/quienes-somos", "/quienes-somos", "/admin/ayuda"]) {
      const zipped = await read(url, "gzip");
      expect(zipped.headers["content-encoding"], url).toBe("gzip");
      expect(zipped.headers.vary, url).toBe("Accept-Encoding");
      // The admin keeps its script; a public page is sent without it (script-free.ts).
      const admin = url.startsWith("/admin/");
      expect(zipped.headers["content-security-policy"], url).toBe(`default-src 'self'; script-src 'self'${admin ? ` ${hash(url)}` : ""}`);
      const text = gunzipSync(zipped.body).toString("utf8");
      expect(text).toContain("<p>Un párrafo del sitio.</p>");
      expect(text.includes("<script>boot("), url).toBe(admin);
      expect(Number(zipped.headers["content-length"] ?? zipped.body.length)).toBeLessThan(Buffer.byteLength(text) / 4);
      const plain = await read(url, "identity");
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      expect(plain.body.toString("utf8")).toBe(text);
    }
    expect(seen.map((r) => [r.url, r.headers["accept-encoding"]])).toEqual([
      ["/quienes-somos", "gzip"],
      ["/quienes-somos", "identity"],
      ["/admin/ayuda", "gzip"],
      ["/admin/ayuda", "identity"],
    ]);
  });

  it("WEB-4: many readers of a page being rendered cause one render", async () => {
    const bodies = await Promise.all(Array.from({ length: 20 }, () => fetch(`${frontUrl}/historias/7`).then((r) => r.text())));
    expect(new Set(bodies).size).toBe(1);
    expect(seen).toHaveLength(1);
  });

  it("WEB-4: keeps gzip and identity apart and asks the renderer for exactly one of them", async () => {
    const plain = await new Promise<string>((resolve) =>
      http.get(`${frontUrl}/noticias/5`, { headers: { "accept-encoding": "identity" } }, (r) => {
        let b = "";
        r.on("data", (c) => (b += c));
        r.on("end", () => resolve(b));
      }),
    );
    const zipped = await new Promise<string>((resolve) =>
      http.get(`${frontUrl}/noticias/5`, { headers: { "accept-encoding": "br, gzip;q=0.5, deflate" } }, (r) => {
        let b = "";
        r.on("data", (c) => (b += c));
        r.on("end", () => resolve(b));
      }),
    );
    expect(plain).toContain("identity");
    expect(zipped).toContain(" gzip ");
    expect(seen.map((s) => s.headers["accept-encoding"])).toEqual(["identity", "gzip"]);
  });

  it("WEB-4: readers with a cookie, POSTs and non-listed paths always reach the renderer", async () => {
    await fetch(`${frontUrl}/`, { headers: { cookie: "session=abc" } });
    await fetch(`${frontUrl}/`, { headers: { cookie: "session=abc" } });
    const posted = await fetch(`${frontUrl}/editores/solicitar`, {
      method: "POST",
      body: "web=&dominio=a.test",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(await posted.text()).toContain("POST /editores/solicitar");
    await fetch(`${frontUrl}/editores`);
    await fetch(`${frontUrl}/editores`);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      "GET /",
      "GET /",
      "POST /editores/solicitar",
      "GET /editores",
      "GET /editores",
    ]);
    expect(seen[2]!.body).toBe("web=&dominio=a.test");
  });

  it("WEB-4: never keeps a response that sets a cookie or an error status", async () => {
    await fetch(`${frontUrl}/estado`);
    await fetch(`${frontUrl}/estado`);
    await fetch(`${frontUrl}/buscar?q=%`);
    await fetch(`${frontUrl}/buscar?q=%`);
    const missing = [await fetch(`${frontUrl}/noticias/0`), await fetch(`${frontUrl}/noticias/0`)];
    expect(missing.map((r) => [r.status, r.headers.get("x-cache")])).toEqual([
      [404, "MISS"],
      [404, "HIT"],
    ]);
    expect(seen.map((s) => s.url)).toEqual(["/estado", "/estado", "/buscar?q=%", "/buscar?q=%", "/noticias/0"]);
  });

  it("WEB-1, WEB-2: a page's notFound() reaches the reader as the whole not-found page, not Next's script-only document", async () => {
    const readers = [
      await fetch(`${frontUrl}/noticias/abc`), // cached path, gzip
      await fetch(`${frontUrl}/noticias/abc`, { headers: { "accept-encoding": "identity" } }),
      await fetch(`${frontUrl}/noticias/abc`, { headers: { cookie: "session=abc" } }), // passed through
    ];
    for (const r of readers) {
      const html = await r.text();
      expect(r.status).toBe(404);
      expect(html).toContain("<h1>Página no encontrada</h1>");
      expect(html).not.toContain("__next_error__");
      expect(html).not.toContain("<script");
      expect(r.headers.get("content-security-policy")).toBe("script-src 'self'");
    }
    expect(seen.map((s) => s.url)).toEqual([
      "/noticias/abc",
      NOT_FOUND_PATH,
      "/noticias/abc",
      NOT_FOUND_PATH,
      "/noticias/abc",
      NOT_FOUND_PATH,
    ]);
  });

  it("WEB-2: a public page that failed while rendering reaches the reader as a whole Spanish 500 page, never kept; the admin's goes as sent", async () => {
    const readers = [
      await fetch(`${frontUrl}/historias/99`), // cached path, gzip
      await fetch(`${frontUrl}/historias/99`, { headers: { "accept-encoding": "identity" } }),
      await fetch(`${frontUrl}/historias/99`, { headers: { cookie: "session=abc" } }), // passed through
    ];
    for (const r of readers) {
      const html = await r.text();
      expect(r.status).toBe(500);
      expect(r.headers.get("cache-control")).toBe("no-store");
      expect(r.headers.get("etag")).toBeNull();
      expect(r.headers.get("content-security-policy")).toBe("script-src 'self'");
      expect(html).toContain("<h1>Algo ha fallado</h1>");
      expect(html).toContain('<a href="/">');
      expect(html).not.toContain("__next_error__");
    }
    // Never kept: each reader's request reached the renderer.
    expect(seen.map((s) => s.url)).toEqual(["/historias/99", "/historias/99", "/historias/99"]);
    const admin = await fetch(`${frontUrl}/admin/fallo`);
    expect(admin.status).toBe(500);
    expect(await admin.text()).toContain('<html id="__next_error__">');
  });

  it("SEC-3, WEB-4: an HTML page too big to hold is streamed whole, its CSP left as the renderer sent it", async () => {
    const r = await fetch(`${frontUrl}/pagina-grande`, { headers: { cookie: "session=abc" } });
    const html = await r.text();
    expect(r.status).toBe(200);
    expect(html.length).toBe("<html><body><script>boot()</script>".length + 48 * (64 * 1024 + 7) + "</body></html>".length);
    expect(html.endsWith("</body></html>")).toBe(true);
    expect(r.headers.get("content-security-policy")).toBe("script-src 'self'");
  });

  it("OPS-2, WEB-4: a page that could not read its data is a 503 with Retry-After, never kept, gzip or not", async () => {
    const plain = [
      await fetch(`${frontUrl}/historias`, { headers: { "accept-encoding": "identity" } }),
      await fetch(`${frontUrl}/historias`, { headers: { "accept-encoding": "identity" } }),
    ];
    const zipped = [await fetch(`${frontUrl}/historias`), await fetch(`${frontUrl}/historias`)];
    for (const r of [...plain, ...zipped]) {
      expect([r.status, r.headers.get("retry-after"), r.headers.get("cache-control"), r.headers.get("x-cache")]).toEqual([
        503,
        "30",
        "no-store",
        "MISS",
      ]);
      expect(await r.text()).toContain("Servicio no disponible temporalmente");
    }
    expect(seen.map((x) => x.url)).toEqual(["/historias", "/historias", "/historias", "/historias"]);
  });

  it("WEB-4: past its time a page is served STALE at once while one render replaces it", async () => {
    const upstreamPort = (upstream.address() as AddressInfo).port;
    const short = http.createServer(
      createCachingProxy({
        upstream: { host: "127.0.0.1", port: upstreamPort },
        store: createPageStore({ ttlMs: 300, staleMs: 60_000, maxBytes: 1 << 20 }),
      }),
    );
    const url = `http://127.0.0.1:${await listen(short)}/cabeceras/fresca`;
    const first = await fetch(url);
    await new Promise((r) => setTimeout(r, 400));
    const stale = await fetch(url);
    expect([first.headers.get("x-cache"), stale.headers.get("x-cache")]).toEqual(["MISS", "STALE"]);
    expect(stale.headers.get("x-render")).toBe(first.headers.get("x-render"));
    await expect.poll(async () => (await fetch(url)).headers.get("x-cache")).toBe("HIT");
    expect((await fetch(url)).headers.get("x-render")).not.toBe(first.headers.get("x-render"));
    expect(seen.filter((x) => x.url === "/cabeceras/fresca")).toHaveLength(2);
  });

  it("WEB-3, WEB-4: the API's JSON is kept too, and a reader who has it gets a 304 from the cache", async () => {
    const first = await fetch(`${frontUrl}/api/v1/outlets`);
    expect(first.headers.get("etag")).toBe('"v1"');
    const again = await fetch(`${frontUrl}/api/v1/outlets`, { headers: { "if-none-match": '"v0", "v1"' } });
    expect(again.status).toBe(304);
    expect(again.headers.get("x-cache")).toBe("HIT");
    const other = await fetch(`${frontUrl}/api/v1/outlets`, { headers: { "if-none-match": '"v0"' } });
    expect(other.status).toBe(200);
    expect(seen.map((r) => [r.url, r.headers["if-none-match"]])).toEqual([["/api/v1/outlets", undefined]]);
  });

  it("WEB-3, WEB-4: a streamed export is sent as it comes, and kept only when it ended small", async () => {
    // Each read to its end before the next: a streamed answer is kept once it has ended.
    const small: Response[] = [];
    const texts: string[] = [];
    for (let i = 0; i < 2; i++) {
      small.push(await fetch(`${frontUrl}/api/v1/exports/articles.csv?dia=1`));
      texts.push(await small[i]!.text());
    }
    expect(small.map((r) => r.headers.get("x-cache"))).toEqual([null, "HIT"]);
    expect(small.map((r) => r.headers.get("content-encoding"))).toEqual(["gzip", "gzip"]);
    const [a, b] = texts as [string, string];
    expect(b).toBe(a);
    expect(a.split("\n")).toHaveLength(4);
    const big = [
      await fetch(`${frontUrl}/api/v1/exports/articles.csv?grande=1`),
      await fetch(`${frontUrl}/api/v1/exports/articles.csv?grande=1`),
    ];
    for (const r of big) expect((await r.text()).length).toBeGreaterThan(2 * 1024 * 1024);
    expect(big.map((r) => r.headers.get("x-cache"))).toEqual([null, null]);
    expect(seen.map((r) => r.url)).toEqual([
      "/api/v1/exports/articles.csv?dia=1",
      "/api/v1/exports/articles.csv?grande=1",
      "/api/v1/exports/articles.csv?grande=1",
    ]);
  });

  it("SEC-2: the renderer sees the reader's socket address, not an address the reader claims", async () => {
    await fetch(`${frontUrl}/editores`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(seen[0]!.headers["x-forwarded-for"]).toBe("127.0.0.1");
  });

  it("WEB-4: HEAD is answered from the same page, without a body", async () => {
    const head = await fetch(`${frontUrl}/datos`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect((await fetch(`${frontUrl}/datos`)).headers.get("x-cache")).toBe("HIT");
    expect(seen.map((s) => s.method)).toEqual(["GET"]);
  });

  it("WEB-4, OPS-4: a renderer that is down gives a 502 page, for cached and uncached paths, and the operator is told why", async () => {
    for (const path of ["/", "/editores"]) {
      const response = await fetch(`${deadFrontUrl}${path}`);
      expect(response.status).toBe(502);
      expect(await response.text()).toContain("no responde");
    }
    expect(deadFailures.map((f) => [f.method, f.path, f.code, f.headersSent])).toEqual([
      ["GET", "/", "ECONNREFUSED", false],
      ["GET", "/editores", "ECONNREFUSED", false],
    ]);
  });
});

describe("reader addresses (SEC-2)", () => {
  it("SEC-2, SEC-5: behind a trusted reverse proxy, the address it appended last, else unknown; otherwise the connection's", () => {
    const request = (xff?: string) =>
      ({ headers: xff === undefined ? {} : { "x-forwarded-for": xff }, socket: { remoteAddress: "10.0.0.5" } }) as never;
    expect(readerAddress(request("203.0.113.9, 198.51.100.7"), false)).toBe("10.0.0.5");
    expect(readerAddress(request("203.0.113.9, 198.51.100.7"), true)).toBe("198.51.100.7");
    // A trusted proxy that appended nothing: the socket is the proxy's, not the reader's.
    expect(readerAddress(request(), true)).toBe("unknown");
    expect(readerAddress(request(""), true)).toBe("unknown");
  });
});

describe("a renderer closing kept-alive connections (WEB-4)", () => {
  let closingUrl: string;
  let reached: string[] = [];
  beforeAll(async () => {
    // Each connection serves one request; a second one on it finds the connection closed, as
    // when the renderer's keep-alive timeout ends just as the front door reuses the socket.
    const served = new WeakSet<object>();
    const closing = http.createServer((request, response) => {
      if (served.has(request.socket)) return void request.socket.destroy();
      served.add(request.socket);
      reached.push(`${request.method} ${request.url}`);
      request.resume();
      request.on("end", () => response.end(`<p>${request.url}</p>`));
    });
    const port = await listen(closing);
    const proxy = http.createServer(
      createCachingProxy({ upstream: { host: "127.0.0.1", port }, store: createPageStore({ ttlMs: 60_000, maxBytes: 1 << 20 }) }),
    );
    closingUrl = `http://127.0.0.1:${await listen(proxy)}`;
  });
  beforeEach(() => {
    reached = [];
  });

  it("WEB-4: a GET sent on a connection closed under it is sent once more on a new one, cached page or not", async () => {
    for (const path of ["/noticias/1", "/noticias/2", "/editores", "/noticias/3", "/api/v1/exports/articles.csv"]) {
      const response = await fetch(`${closingUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toBe(`<p>${path}</p>`);
    }
    expect(reached).toEqual(["GET /noticias/1", "GET /noticias/2", "GET /editores", "GET /noticias/3", "GET /api/v1/exports/articles.csv"]);
  });

  it("WEB-4, SEC-2: a POST never rides a kept-alive connection, so none closed under it loses it, and it is sent once", async () => {
    await fetch(`${closingUrl}/noticias/4`);
    const response = await fetch(`${closingUrl}/editores/enviar`, { method: "POST", body: "a=1" });
    expect(response.status).toBe(200);
    expect(reached).toEqual(["GET /noticias/4", "POST /editores/enviar"]);
  });
});
