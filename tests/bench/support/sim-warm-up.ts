/**
 * The simulator's first answer for an outlet computes its article windows (hundreds of ms of
 * CPU); thousands of outlets asked at once on a loaded machine then answer after the crawler's
 * timeout, and BLK-4 puts their sites in back-off for the whole run. So the bench asks each
 * outlet's main feed once itself, a few at a time, before the workers start, under its own
 * User-Agent, and leaves those requests out of the access log it reads.
 */
import http from "node:http";
import type { AccessLogEntry } from "../../sim/access-log";

export const WARM_UP_AGENT = "hemeroscopio-bench-warm-up";

function get(port: number, url: string): Promise<void> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    // A connection per request: a kept-alive one may be closed by the server as it is reused.
    const req = http.request(
      { host: "127.0.0.1", port, agent: false, path: `${u.pathname}${u.search}`, headers: { host: u.host, "user-agent": WARM_UP_AGENT } },
      (res) => {
        res.resume();
        res.on("end", () => resolve());
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** GET every URL once on the simulator at `port`, `parallel` at a time. */
export async function warmSimulator(port: number, urls: readonly string[], parallel = 8): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        await get(port, url).catch(() => get(port, url));
      }
    }),
  );
}

/** The access log without the warm-up's requests. */
export function withoutWarmUp(log: readonly AccessLogEntry[]): AccessLogEntry[] {
  return log.filter((e) => e.requestHeaders["user-agent"] !== WARM_UP_AGENT);
}
