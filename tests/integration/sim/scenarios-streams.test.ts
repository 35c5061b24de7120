import http from "node:http";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSim, type SimFixture } from "./helpers";

const MiB = 1 << 20;

/** Opens a raw request and hands back the response stream (no decompression). */
function open(port: number, host: string, path: string): Promise<{ req: http.ClientRequest; res: http.IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path, headers: { host }, agent: false }, (res) => resolve({ req, res }));
    req.on("error", reject);
  });
}

describe("stream scenarios", () => {
  let f: SimFixture;
  let www: string;
  beforeAll(async () => {
    f = await startSim({ outlets: 3 });
    www = f.sim.outlets[0]!.hosts.www;
  });
  afterEach(() => f.sim.setScenario(www, []));
  afterAll(() => f.sim.close());

  it("delays the headers of a slow response", async () => {
    f.sim.setScenario(www, [{ kind: "slow-headers", ms: 250 }]);
    const started = performance.now();
    const { res } = await open(f.sim.port, www, "/robots.txt");
    res.resume();
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    expect(res.statusCode).toBe(200);
  });

  it("streams an endless body and stops writing once the client disconnects", async () => {
    f.sim.setScenario(www, [{ kind: "endless" }]);
    const { req, res } = await open(f.sim.port, www, "/");
    let read = 0;
    await new Promise<void>((resolve) => {
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > 4 * MiB) {
          req.destroy();
          resolve();
        }
      });
    });
    await f.sim.idle();
    const entry = f.sim.accessLog().find((e) => e.path === "/" && e.host === www)!;
    expect(entry.aborted).toBe(true);
    expect(entry.end).toBeGreaterThan(entry.start);
    const written = entry.bytes;
    expect(written).toBeGreaterThanOrEqual(4 * MiB);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(f.sim.accessLog().find((e) => e.path === "/" && e.host === www)!.bytes).toBe(written);
    f.sim.clearAccessLog();
  });

  it("sends a gzip bomb that is small on the wire and inflates to 1 GiB by default", async () => {
    const inflated = 1024 * MiB;
    f.sim.setScenario(www, [{ kind: "gzip-bomb", path: "/bomba" }]);
    const { res } = await open(f.sim.port, www, "/bomba");
    expect(res.headers["content-encoding"]).toBe("gzip");
    let wire = 0;
    let out = 0;
    const cap = 1100 * MiB;
    const gunzip = zlib.createGunzip({ chunkSize: MiB });
    gunzip.on("data", (chunk: Buffer) => {
      out += chunk.length;
      if (out > cap) gunzip.destroy(new Error("cap"));
    });
    const done = new Promise<void>((resolve, reject) => {
      gunzip.on("end", resolve);
      gunzip.on("error", reject);
    });
    res.on("data", (chunk: Buffer) => {
      wire += chunk.length;
    });
    res.pipe(gunzip);
    await done;
    expect(wire).toBeLessThan(inflated / 500);
    expect(out).toBe(inflated);
  });

  it("stops the gzip bomb as soon as a capped client gives up", async () => {
    // 64 GiB inflated is ~64 MiB on the wire: far more than socket buffers hold.
    f.sim.setScenario(www, [{ kind: "gzip-bomb", path: "/bomba", inflatedBytes: 64 * 1024 * MiB }]);
    const { req, res } = await open(f.sim.port, www, "/bomba");
    const gunzip = zlib.createGunzip();
    let out = 0;
    await new Promise<void>((resolve) => {
      gunzip.on("data", (chunk: Buffer) => {
        out += chunk.length;
        if (out > 10 * MiB) {
          req.destroy();
          gunzip.destroy();
          resolve();
        }
      });
      res.pipe(gunzip);
    });
    await f.sim.idle();
    const entry = f.sim
      .accessLog()
      .filter((e) => e.path === "/bomba")
      .at(-1)!;
    expect(entry.aborted).toBe(true);
    expect(entry.bytes).toBeLessThan(16 * MiB);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      f.sim
        .accessLog()
        .filter((e) => e.path === "/bomba")
        .at(-1)!.bytes,
    ).toBe(entry.bytes);
  });

  it("serves a gzip bomb as an application/gzip file without Content-Encoding", async () => {
    f.sim.setScenario(www, [{ kind: "gzip-bomb", path: "/sitemaps/news.xml.gz", inflatedBytes: 8 * MiB, asFile: true }]);
    const { res } = await open(f.sim.port, www, "/sitemaps/news.xml.gz");
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    expect(res.headers["content-type"]).toBe("application/gzip");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(zlib.gunzipSync(Buffer.concat(chunks)).length).toBe(8 * MiB);
  });
});
