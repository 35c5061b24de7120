/**
 * Test helpers for the simulated web: start it on port 0 with a fake clock, and
 * make raw HTTP requests to 127.0.0.1 with a Host header (no decompression, so
 * tests see the bytes on the wire).
 */
import http from "node:http";
import { createFakeClock, startSimulatedWeb, type FakeClock, type SimulatedWeb, type SimulatedWebOptions } from "../../sim/index";

/** A started simulator and its fake clock. */
export interface SimFixture {
  sim: SimulatedWeb;
  clock: FakeClock;
}

/** Starts the simulated web with a fake clock at 2025-03-10 08:00 UTC. */
export async function startSim(options: Partial<SimulatedWebOptions> = {}): Promise<SimFixture> {
  const clock = createFakeClock();
  const sim = await startSimulatedWeb({ clock, ...options });
  return { sim, clock };
}

/** A response read whole. */
export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** GET (or HEAD) `url` (e.g. `http://www.diarioprueba.test/rss/portada.xml`) through the simulator. */
export function get(sim: SimulatedWeb, url: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: sim.port, path: `${u.pathname}${u.search}`, method, headers: { host: u.host, ...headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString("utf8") });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Every match of a regex's first group. */
export function all(text: string, re: RegExp): string[] {
  return [...text.matchAll(re)].map((m) => m[1] ?? "");
}

/** Decodes the few XML/HTML entities the renderers emit. */
export function unescape(text: string): string {
  return text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&amp;", "&");
}

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
