import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpFetcher, type FetchKind } from "@/crawler/fetch/http";
import { loadConfig } from "@/lib/config";

// Hostile servers on 127.0.0.1, reached as `x.test` through a resolve override. Small limits
// keep the suite fast: 300 ms total timeout where the clock is tested (a roomy 5 s elsewhere,
// so a loaded machine cannot turn a size test into a timeout), 200 ms connect timeout, 1 MiB cap.
const CAP = 1 << 20;
const TOTAL_MS = 300;
const ROOMY_MS = 5000;
const never = new AbortController().signal;
const servers: net.Server[] = [];
const serverSockets = new Set<net.Socket>();

afterEach(async () => {
  serverSockets.forEach((socket) => socket.destroy());
  serverSockets.clear();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen<T extends net.Server>(server: T): Promise<number> {
  servers.push(server);
  server.on("connection", (socket: net.Socket) => serverSockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

interface Call {
  path?: string;
  kind?: FetchKind;
  signal?: AbortSignal;
  scheme?: "http" | "https";
  totalMs?: number;
}

function fetchFrom(port: number, { path = "/", kind = "page", signal = never, scheme = "http", totalMs = ROOMY_MS }: Call = {}) {
  const config = loadConfig({
    HEMEROSCOPIO_RESOLVE: `x.test=127.0.0.1:${port}`,
    HEMEROSCOPIO_TOTAL_TIMEOUT_MS: String(totalMs),
    HEMEROSCOPIO_CONNECT_TIMEOUT_MS: "200",
    HEMEROSCOPIO_MAX_BODY_BYTES: String(CAP),
    HEMEROSCOPIO_MAX_SITEMAP_BYTES: String(2 * CAP),
  });
  return createHttpFetcher({ config, refuseUnlisted: true })({ url: `${scheme}://x.test${path}`, kind }, signal);
}

/** Resolves when the server sees the client's connection close. */
function closeSeen(socket: net.Socket): Promise<number> {
  return new Promise((resolve) => socket.once("close", () => resolve(performance.now())));
}

/** `total` bytes of zeros, produced only as fast as they are read. */
function lazyZeros(total: number, produced: { bytes: number }): Readable {
  const block = Buffer.alloc(64 << 10);
  return new Readable({
    read() {
      if (produced.bytes >= total) return void this.push(null);
      produced.bytes += block.length;
      this.push(block);
    },
  });
}

describe("POL-5 limits and SEC-4 hostile responses", () => {
  it("POL-5: a gzip bomb (1 GiB of zeros) is cut at the size cap, quickly and in bounded memory", async () => {
    const produced = { bytes: 0 };
    let closed: Promise<number> | undefined;
    const port = await listen(
      http.createServer((req, res) => {
        closed = closeSeen(req.socket);
        res.writeHead(200, { "content-encoding": "gzip", "content-type": "text/html" });
        lazyZeros(1 << 30, produced)
          .pipe(zlib.createGzip({ level: 9 }))
          .pipe(res);
      }),
    );
    const before = process.memoryUsage();
    const r = await fetchFrom(port); // a roomy deadline: the cap, not the clock, must stop it
    const after = process.memoryUsage();
    expect(r).toMatchObject({ outcome: "too-large", status: 200 });
    expect(r.error).toMatch(/decoded body exceeds 1048576 bytes/);
    expect(r.body).toBeUndefined();
    expect(r.bytes).toBeLessThan(64 << 10); // ~1 KiB of gzip per MiB of zeros: the cap stopped it, not the deadline
    expect(after.arrayBuffers + after.heapUsed - (before.arrayBuffers + before.heapUsed)).toBeLessThan(64 << 20);
    await closed;
    expect(produced.bytes).toBeLessThan(128 << 20); // the server stopped long before 1 GiB
  });

  it("POL-5: a sitemap gets the larger sitemap cap", async () => {
    const xml = Buffer.alloc(CAP + 10, 0x20);
    const port = await listen(http.createServer((_req, res) => res.writeHead(200, { "content-encoding": "gzip" }).end(zlib.gzipSync(xml))));
    expect(await fetchFrom(port, { path: "/s.xml" })).toMatchObject({ outcome: "too-large" });
    const r = await fetchFrom(port, { path: "/s.xml", kind: "sitemap" });
    expect(r.outcome).toBe("ok");
    expect(r.body?.length).toBe(CAP + 10);
  });

  it("POL-5: a declared Content-Length above the cap is refused before reading", async () => {
    let closed: Promise<number> | undefined;
    const port = await listen(
      http.createServer((req, res) => {
        closed = closeSeen(req.socket);
        res.writeHead(200, { "content-length": String(CAP * 20) });
        res.write(Buffer.alloc(1024));
      }),
    );
    const r = await fetchFrom(port);
    expect(r).toMatchObject({ outcome: "too-large", status: 200, error: `content-length ${CAP * 20} exceeds ${CAP} bytes` });
    await closed;
  });

  it("POL-5: an endless body is cut at the cap and the server sees the connection close", async () => {
    let closed: Promise<number> | undefined;
    const port = await listen(
      http.createServer((req, res) => {
        closed = closeSeen(req.socket);
        res.writeHead(200, { "content-type": "text/html" });
        const block = Buffer.alloc(16 << 10, 0x61);
        const pump = () => {
          while (!res.destroyed && res.write(block));
          if (!res.destroyed) res.once("drain", pump);
        };
        pump();
      }),
    );
    const r = await fetchFrom(port);
    const returned = performance.now();
    expect(r).toMatchObject({ outcome: "too-large", status: 200 });
    expect(r.bytes).toBeGreaterThan(CAP);
    expect(r.bytes).toBeLessThan(CAP + (256 << 10));
    expect(await closed).toBeLessThan(returned + 1000);
  });

  it("POL-5: an endless trickle is cut at the total timeout and the server sees the connection close", async () => {
    let closed: Promise<number> | undefined;
    const port = await listen(
      http.createServer((req, res) => {
        closed = closeSeen(req.socket);
        res.writeHead(200);
        const timer = setInterval(() => res.write("."), 20);
        res.on("close", () => clearInterval(timer));
      }),
    );
    const t0 = performance.now();
    const r = await fetchFrom(port, { totalMs: TOTAL_MS });
    const elapsed = performance.now() - t0;
    expect(r).toMatchObject({ outcome: "timeout", status: 200, error: `total timeout of ${TOTAL_MS} ms` });
    expect(r.bytes).toBeGreaterThan(0);
    // Not before the total timeout; after it, the outcome says the timeout cut the endless body (no wall-clock margin).
    expect(elapsed).toBeGreaterThanOrEqual(TOTAL_MS - 20);
    await closed;
  });

  it("POL-5: slow headers time out within the configured bound", async () => {
    const port = await listen(
      http.createServer(() => {
        /* never answers */
      }),
    );
    const t0 = performance.now();
    const r = await fetchFrom(port, { totalMs: TOTAL_MS });
    const elapsed = performance.now() - t0;
    expect(r).toMatchObject({ outcome: "timeout", error: `total timeout of ${TOTAL_MS} ms` });
    expect(r.status).toBeUndefined();
    // Not before the total timeout; the outcome and its error say the timeout ended the wait (no wall-clock margin).
    expect(elapsed).toBeGreaterThanOrEqual(TOTAL_MS - 20);
  });

  it("POL-5: a TLS handshake that never completes hits the connect timeout", async () => {
    const port = await listen(
      net.createServer(() => {
        /* accepts TCP, says nothing */
      }),
    );
    const t0 = performance.now();
    const r = await fetchFrom(port, { scheme: "https" });
    expect(r.outcome).toBe("timeout");
    expect(r.error).toBe("UND_ERR_CONNECT_TIMEOUT: connect timeout of 200 ms");
    expect(performance.now() - t0).toBeLessThan(1000); // long before the 5 s total timeout
  });

  it("SEC-4: a connection reset before the response is unreachable", async () => {
    const port = await listen(net.createServer((socket) => socket.once("data", () => socket.resetAndDestroy())));
    const r = await fetchFrom(port);
    expect(r.outcome).toBe("unreachable");
    expect(r.error).toMatch(/ECONNRESET|UND_ERR_SOCKET/);
  });

  it("SEC-4: a reset in the middle of the body is unreachable, with the status kept", async () => {
    const port = await listen(
      net.createServer((socket) =>
        socket.once("data", () => {
          socket.write("HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n" + "x".repeat(1000), () => socket.resetAndDestroy());
        }),
      ),
    );
    expect(await fetchFrom(port)).toMatchObject({ outcome: "unreachable", status: 200 });
  });

  it("SEC-4: a server closing without answering is unreachable", async () => {
    const port = await listen(net.createServer((socket) => socket.once("data", () => socket.end())));
    expect(await fetchFrom(port)).toMatchObject({ outcome: "unreachable" });
  });

  it.each([
    ["invalid header bytes", "HTTP/1.1 200 OK\r\nX-Bad: a\u0000b\r\nContent-Length: 2\r\n\r\nok"],
    ["a header without a colon", "HTTP/1.1 200 OK\r\nNo colon here\r\n\r\n"],
    ["not HTTP at all", "SSH-2.0-OpenSSH_9.6\r\n"],
    ["a broken status line", "HTTP/1.1 2OO OK\r\n\r\n"],
    ["a conflicting Content-Length", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 5\r\n\r\nok"],
  ])("SEC-4: %s is a decoding error with a short reason", async (_name, raw) => {
    const port = await listen(net.createServer((socket) => socket.once("data", () => socket.end(raw, "latin1"))));
    const r = await fetchFrom(port);
    expect(r.outcome).toBe("decoding-error");
    expect(r.error).toMatch(/^malformed HTTP response: /);
    expect(r.error!.length).toBeLessThanOrEqual(200);
  });

  it("SEC-4: a response header block larger than the limit is too-large", async () => {
    const port = await listen(
      net.createServer((socket) =>
        socket.once("data", () => {
          socket.end(`HTTP/1.1 200 OK\r\nX-Huge: ${"a".repeat(100_000)}\r\n\r\n`);
        }),
      ),
    );
    expect(await fetchFrom(port)).toMatchObject({ outcome: "too-large" });
  });

  it("SEC-4: a TLS failure (plain HTTP on an https URL) is unreachable and says tls", async () => {
    const port = await listen(http.createServer((_req, res) => res.end("plain")));
    const r = await fetchFrom(port, { scheme: "https" });
    expect(r.outcome).toBe("unreachable");
    expect(r.error).toMatch(/^tls: /);
  });

  it("POL-5: an error page's body is truncated at the cap, keeping its status", async () => {
    const port = await listen(http.createServer((_req, res) => res.writeHead(500).end(Buffer.alloc(CAP + 5000, 0x62))));
    const r = await fetchFrom(port);
    expect(r).toMatchObject({ outcome: "http-error", status: 500, truncated: true });
    expect(r.body?.length).toBeLessThanOrEqual(CAP);
  });

  it("SEC-4: the caller's abort ends the exchange at once, without a throw", async () => {
    const port = await listen(
      http.createServer(() => {
        /* never answers */
      }),
    );
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 50);
    const t0 = performance.now();
    const r = await fetchFrom(port, { signal: caller.signal });
    expect(r).toMatchObject({ outcome: "timeout", error: "aborted by caller" });
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it("SEC-4: the caller's abort during a stuck TLS handshake returns promptly and closes the socket", async () => {
    let closed: Promise<number> | undefined;
    const port = await listen(
      net.createServer((socket) => {
        socket.resume(); // read, so the close is noticed
        closed = closeSeen(socket);
      }),
    );
    const caller = new AbortController();
    setTimeout(() => caller.abort(), 30);
    const r = await fetchFrom(port, { signal: caller.signal, scheme: "https" });
    // The caller's abort ended it, not the 200 ms connect timeout (whose error would say so).
    expect(r).toMatchObject({ outcome: "timeout", error: "aborted by caller" });
    await closed;
  });

  it("BLK-3: a 503 whose body outlasts the deadline is still an http-error with its status", async () => {
    const port = await listen(
      http.createServer((_req, res) => {
        res.writeHead(503, { "retry-after": "60" });
        const timer = setInterval(() => res.write("."), 20);
        res.on("close", () => clearInterval(timer));
      }),
    );
    const r = await fetchFrom(port, { totalMs: TOTAL_MS });
    expect(r).toMatchObject({
      outcome: "http-error",
      status: 503,
      error: `HTTP 503; total timeout of ${TOTAL_MS} ms`,
      headers: { "retry-after": "60" },
    });
    expect(r.body).toBeUndefined();
  });

  it("SEC-4: an error page with a broken gzip body keeps its status and says why", async () => {
    const port = await listen(http.createServer((_req, res) => res.writeHead(500, { "content-encoding": "gzip" }).end("not gzip")));
    const r = await fetchFrom(port);
    expect(r).toMatchObject({ outcome: "http-error", status: 500 });
    expect(r.error).toMatch(/^HTTP 500; content decoding: /);
  });
});
