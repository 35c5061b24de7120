/**
 * One window of the load benchmark: every group of the mix (support/load-mix.ts) loaded
 * at once by its own autocannon instance at its share of a total rate, so each group's
 * latencies are its own. A rate, not a number of connections, is offered (enough
 * connections to hold it up to a second per response, at most 64): a server that cannot keep up shows
 * it as a served rate below the offered one, and as timeouts.
 */
import type { EventEmitter } from "node:events";
import autocannon from "autocannon";
import type { MixGroup } from "./load-mix";

/** What one group got in a window. */
export interface GroupWindow {
  name: string;
  kind: MixGroup["kind"];
  offered: number;
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
    name, kind: groups[0]?.kind ?? "page", offered: sum((g) => g.offered), served: sum((g) => g.served),
    latencies: groups.flatMap((g) => g.latencies).sort((a, b) => a - b),
    errors: sum((g) => g.errors), timeouts: sum((g) => g.timeouts), non2xx: sum((g) => g.non2xx), statuses,
    cache: { hits: sum((g) => g.cache.hits), misses: sum((g) => g.cache.misses) },
  };
}

/** Load `baseUrl` with the mix at `rate` requests/s in total for `seconds`. */
export async function loadMixWindow(baseUrl: string, groups: readonly MixGroup[], rate: number, seconds: number, timeoutS = 10): Promise<GroupWindow[]> {
  return Promise.all(groups.map(async (g) => {
    const offered = Math.max(1, Math.round(rate * g.weight));
    const latencies: number[] = [];
    const statuses: Record<number, number> = {};
    const instance = autocannon({
      url: baseUrl, duration: seconds, timeout: timeoutS, overallRate: offered, connections: Math.min(64, Math.max(2, Math.ceil(offered))),
      requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: g.pick() }) }],
    });
    const cache = { hits: 0, misses: 0 };
    const watched = new WeakSet<object>();
    instance.on("response", (client: EventEmitter, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
      // A connection's response headers (a flat [name, value, …] list) come before its response event.
      if (watched.has(client)) return;
      watched.add(client);
      client.on("headers", (h: { headers?: string[] }) => {
        const at = h.headers?.findIndex((v, i) => i % 2 === 0 && v.toLowerCase() === "x-cache") ?? -1;
        const value = at >= 0 ? h.headers![at + 1] : undefined;
        if (value === "HIT" || value === "STALE") cache.hits++;
        else if (value === "MISS") cache.misses++;
      });
    });
    const result = await instance;
    latencies.sort((a, b) => a - b);
    return {
      name: g.name, kind: g.kind, offered, served: latencies.length / seconds, latencies,
      errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, statuses, cache,
    };
  }));
}
