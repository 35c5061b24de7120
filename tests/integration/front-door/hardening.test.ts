/**
 * What the front door refuses or corrects before a renderer sees a request, over real HTTP
 * on loopback (a small upstream stands for Next.js and records what reaches it): unknown
 * methods, control characters in the URL, oversized bodies and the connection they leave
 * behind, invented query parameters, and the scheme behind an HTTPS reverse proxy.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCachingProxy } from "../../../lib/front-door/page-cache/front-door";
import { createPageStore } from "../../../lib/front-door/page-cache/store";
import { MAX_REQUEST_BODY_BYTES } from "../../../lib/front-door/request-checks";
import { READER_LOOPBACK_HEADER } from "../../../lib/front-door/reader-loopback";
import { requestAddressKey } from "../../../app/admin/_lib/attempt-slot";

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}
let seen: Seen[] = [];
const servers: http.Server[] = [];
let frontUrl: string;
let trustingUrl: string;

function listen(server: http.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

/** One raw request: any method, a body sent in chunks or not. */
function send(
  base: string,
  options: { method: string; path: string; headers?: Record<string, string>; chunks?: Buffer[] },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(options.path, base);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method: options.method, path: options.path, headers: options.headers, agent: false },
      (response) => {
        let body = "";
        response.on("data", (c: Buffer) => (body += c.toString()));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    for (const chunk of options.chunks ?? []) request.write(chunk);
    request.end();
  });
}

beforeAll(async () => {
  // A connection whose request body was refused half read is left holding the rest of it: the
  // next request read on it is garbage to the server, which drops the connection (as Next.js's does).
  const spoiled = new WeakSet<object>();
  const upstream = http.createServer((request, response) => {
    if (spoiled.has(request.socket)) return void request.socket.destroy();
    seen.push({ method: request.method!, url: request.url!, headers: request.headers });
    if (request.url === "/corto") {
      // Like a form handler: refuse at the first chunk over its own cap, without reading the rest.
      request.once("data", () => {
        spoiled.add(request.socket);
        response.writeHead(413, { "content-type": "text/plain" });
        response.end("demasiado");
        request.resume();
      });
      return;
    }
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(`<p>${request.method} ${request.url}</p>`);
    });
  });
  const port = await listen(upstream);
  const store = () => createPageStore({ ttlMs: 60_000, maxBytes: 1 << 20 });
  frontUrl = `http://127.0.0.1:${await listen(http.createServer(createCachingProxy({ upstream: { host: "127.0.0.1", port }, store: store() })))}`;
  trustingUrl = `http://127.0.0.1:${await listen(http.createServer(createCachingProxy({ upstream: { host: "127.0.0.1", port }, store: store(), trustProxy: true })))}`;
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

describe("the front door refuses bad requests itself (SEC-6, SEC-2)", () => {
  it("SEC-6: TRACE and other methods the site does not serve are a 405 with Allow, never reaching a renderer", async () => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"]) {
      const answer = await send(frontUrl, { method, path: "/" });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow).toBe("GET, HEAD, POST");
      expect(answer.body).toContain("Método no admitido");
    }
    expect(seen).toEqual([]);
  });

  it("SEC-6: a NUL or other control character in the URL is a Spanish 400, before any renderer or database", async () => {
    for (const path of ["/buscar?q=a%00b", "/api/v1/articles?outlet=a%00", "/cabeceras/x%0Ay", "/buscar?q=%7f"]) {
      const answer = await send(frontUrl, { method: "GET", path });
      expect(answer.status, path).toBe(400);
      expect(answer.body).toContain("caracteres de control");
    }
    expect(seen).toEqual([]);
  });

  it("SEC-2: a body over the cap is a 413 whether it says its length or comes in chunks, and the next form posts are answered", async () => {
    const big = await send(frontUrl, {
      method: "POST",
      path: "/replicas/enviar",
      headers: { "content-length": String(MAX_REQUEST_BODY_BYTES + 1) },
    });
    expect(big.status).toBe(413);
    const chunk = Buffer.alloc(64 * 1024, "a");
    const chunked = await send(frontUrl, { method: "POST", path: "/replicas/enviar", chunks: Array.from({ length: 20 }, () => chunk) });
    expect(chunked.status).toBe(413);
    for (let i = 0; i < 3; i++)
      expect((await send(frontUrl, { method: "POST", path: "/otro", chunks: [Buffer.from("a=1")] })).status).toBe(200);
  });

  it("SEC-2: after a renderer refuses a chunked body half read (413), the next POSTs from anyone still get through", async () => {
    const chunk = Buffer.alloc(16 * 1024, "a");
    for (let round = 0; round < 3; round++) {
      const refused = await send(frontUrl, { method: "POST", path: "/corto", chunks: Array.from({ length: 16 }, () => chunk) });
      expect(refused.status).toBe(413);
      for (let i = 0; i < 4; i++) {
        const next = await send(frontUrl, { method: "POST", path: "/otro", chunks: [Buffer.from("b=2")] });
        expect(next.status, `round ${round}, post ${i}`).toBe(200);
      }
    }
  });

  it("SEC-6, WEB-4: an invented query parameter is the page itself: one render, and the renderer never sees it", async () => {
    const a = await send(frontUrl, { method: "GET", path: "/cabeceras?x=1" });
    const b = await send(frontUrl, { method: "GET", path: "/cabeceras?x=2&y=3" });
    const c = await send(frontUrl, { method: "GET", path: "/cabeceras" });
    expect([a.headers["x-cache"], b.headers["x-cache"], c.headers["x-cache"]]).toEqual(["MISS", "HIT", "HIT"]);
    expect(seen.map((s) => s.url)).toEqual(["/cabeceras"]);
    await send(frontUrl, { method: "GET", path: "/buscar?q=vivienda&utm_source=x&pagina=2" });
    const again = await send(frontUrl, { method: "GET", path: "/buscar?q=vivienda&pagina=2" });
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(seen.map((s) => s.url)).toEqual(["/cabeceras", "/buscar?q=vivienda&pagina=2"]);
  });
});

describe("behind an HTTPS reverse proxy (SEC-5)", () => {
  it("SEC-5: with HEMEROSCOPIO_TRUST_PROXY the proxy's https reaches the renderer and every answer carries HSTS", async () => {
    const answer = await send(trustingUrl, {
      method: "GET",
      path: "/editores",
      headers: { "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.7" },
    });
    expect(seen[0]!.headers["x-forwarded-proto"]).toBe("https");
    expect(answer.headers["strict-transport-security"]).toBe("max-age=31536000");
    const refused = await send(trustingUrl, { method: "TRACE", path: "/", headers: { "x-forwarded-proto": "https" } });
    expect(refused.headers["strict-transport-security"]).toBe("max-age=31536000");
    const plain = await send(trustingUrl, { method: "GET", path: "/editores", headers: { "x-forwarded-proto": "http" } });
    expect(seen[1]!.headers["x-forwarded-proto"]).toBe("http");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });

  it("SEC-5, SEC-2: a trusted proxy that appends no X-Forwarded-For leaves the reader unknown — not loopback, and in a bucket apart", async () => {
    await send(trustingUrl, { method: "GET", path: "/editores", headers: { "x-real-ip": "203.0.113.9" } });
    await send(trustingUrl, { method: "GET", path: "/editores", headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(seen.map((s) => [s.headers["x-forwarded-for"], s.headers[READER_LOOPBACK_HEADER]])).toEqual([
      ["unknown", "0"],
      ["127.0.0.1", "1"],
    ]);
    // The login throttle's and the forms' address key of the unknown reader is not the loopback reader's.
    const key = (h: http.IncomingHttpHeaders) =>
      requestAddressKey(new Request("http://x/", { headers: { "x-forwarded-for": String(h["x-forwarded-for"]) } }), "s", 0);
    expect(key(seen[0]!.headers)).not.toBe(key(seen[1]!.headers));
  });

  it("SEC-5: without it a reader's own X-Forwarded-Proto is replaced by the connection's scheme", async () => {
    const answer = await send(frontUrl, { method: "GET", path: "/editores", headers: { "x-forwarded-proto": "https" } });
    expect(seen[0]!.headers["x-forwarded-proto"]).toBe("http");
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
  });
});
