/**
 * One window of the load benchmark: every group of the mix (support/load-mix.ts) loaded
 * at once at its share of a total rate, so each group's latencies are its own. The load is
 * open: requests arrive as readers do, independently (a Poisson process per group), each
 * timed from its arrival, however many are still waiting — a server that cannot keep up
 * shows it as latency, a served rate below the offered one, and timeouts.
 *
 * Hand-written on undici rather than autocannon's `overallRate`: that releases each
 * second's quota over all its connections at once (measured on one article page at
 * 10 requests/s: p50 10 ms over 1 connection, 59 ms over 10), so a rate of N requests/s
 * became bursts of N simultaneous readers every second.
 */
import { Agent, request } from "undici";
import type { MixGroup } from "./load-mix";

/** What one group got in a window. */
export interface GroupWindow {
  name: string;
  kind: MixGroup["kind"];
  /** Requests/s asked for, and those that arrived (a Poisson process: about as many). */
  offered: number;
  sent: number;
  /** Requests/s answered within the window: below `sent` when a queue builds up. */
  served: number;
  /** Sorted latencies (ms) of every response. */
  latencies: number[];
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Count per status code (2xx included). */
  statuses: Record<number, number>;
  /** Responses served from the page cache (`x-cache: HIT` or `STALE`) and rendered (`MISS`); the rest carry no such header. */
  cache: { hits: number; misses: number };
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Each group's latencies merged (sorted), with the counts added up. */
export function mergeGroups(name: string, groups: readonly GroupWindow[]): GroupWindow {
  const statuses: Record<number, number> = {};
  for (const g of groups) for (const [code, n] of Object.entries(g.statuses)) statuses[Number(code)] = (statuses[Number(code)] ?? 0) + n;
  const sum = (f: (g: GroupWindow) => number) => groups.reduce((a, g) => a + f(g), 0);
  return {
    name,
    kind: groups[0]?.kind ?? "page",
    offered: sum((g) => g.offered),
    sent: sum((g) => g.sent),
    served: sum((g) => g.served),
    latencies: groups.flatMap((g) => g.latencies).sort((a, b) => a - b),
    errors: sum((g) => g.errors),
    timeouts: sum((g) => g.timeouts),
    non2xx: sum((g) => g.non2xx),
    statuses,
    cache: { hits: sum((g) => g.cache.hits), misses: sum((g) => g.cache.misses) },
  };
}

/** Exponential gaps between arrivals at `rate` per second (a Poisson process), in ms. */
function nextGap(rate: number, random: () => number): number {
  return (-Math.log(1 - random()) / rate) * 1000;
}

/** What a reader's browser says it takes: compressed bodies (the page cache keeps one copy per encoding). */
const BROWSER_HEADERS = { accept: "text/html,application/json;q=0.9,*/*;q=0.8", "accept-encoding": "gzip, deflate, br, zstd" };

/** One group's arrivals for `seconds`, each request timed from its arrival (so a slow server cannot hide its queue). */
async function loadGroup(
  base: string,
  group: MixGroup,
  offered: number,
  seconds: number,
  dispatcher: Agent,
  timeoutMs: number,
  random: () => number,
): Promise<GroupWindow> {
  const window: GroupWindow = {
    name: group.name,
    kind: group.kind,
    offered,
    sent: 0,
    served: 0,
    latencies: [],
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statuses: {},
    cache: { hits: 0, misses: 0 },
  };
  const start = performance.now();
  const end = start + seconds * 1000;
  let answeredInWindow = 0;
  const inFlight: Promise<void>[] = [];
  for (let at = nextGap(offered, random); at < seconds * 1000; at += nextGap(offered, random)) {
    const wait = start + at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const arrival = start + at;
    inFlight.push(
      request(base + group.pick(), { dispatcher, headers: BROWSER_HEADERS, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }).then(
        async (response) => {
          await response.body.arrayBuffer();
          const done = performance.now();
          window.latencies.push(done - arrival);
          if (done <= end) answeredInWindow++;
          window.statuses[response.statusCode] = (window.statuses[response.statusCode] ?? 0) + 1;
          if (response.statusCode < 200 || response.statusCode > 299) window.non2xx++;
          const cache = response.headers["x-cache"];
          if (cache === "HIT" || cache === "STALE") window.cache.hits++;
          else if (cache === "MISS") window.cache.misses++;
        },
        (error: { code?: string }) => {
          window.errors++;
          if (error.code === "UND_ERR_HEADERS_TIMEOUT" || error.code === "UND_ERR_BODY_TIMEOUT") window.timeouts++;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  window.latencies.sort((a, b) => a - b);
  window.sent = inFlight.length / seconds;
  window.served = answeredInWindow / seconds;
  return window;
}

/** Load `baseUrl` with the mix at `rate` requests/s in total for `seconds` (every group at least 1/s). */
export async function loadMixWindow(
  baseUrl: string,
  groups: readonly MixGroup[],
  rate: number,
  seconds: number,
  timeoutS = 10,
  random: () => number = Math.random,
): Promise<GroupWindow[]> {
  // As many connections as the arrivals need (undici opens one per request waiting for a free one).
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, pipelining: 1 });
  try {
    return await Promise.all(
      groups.map((g) => loadGroup(baseUrl, g, Math.max(1, Math.round(rate * g.weight)), seconds, dispatcher, timeoutS * 1000, random)),
    );
  } finally {
    await dispatcher.close();
  }
}
