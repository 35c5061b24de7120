/**
 * What the pacing allows (SPEC POL-1), read off the simulator's access log. Per site, a
 * perfect client starts its first request in the window as soon as the pacing lets it
 * (the window start, or the end of the site's previous request plus the gap), and each
 * next one exactly a gap after the previous one ended, the server taking as long as it
 * actually took for our requests. Requests made ÷ that maximum says how much of the
 * pacing budget the crawler used; the per-request slack says where the rest went.
 *
 * The gap is the expected one (the mean of the random 3–5 s draw), not the drawn ones:
 * the access log cannot see the draws, and over thousands of requests the mean of the
 * draws equals the expected gap to well under 1 %.
 */
import type { AccessLogEntry } from "../../sim/access-log";

/** Pacing budget use in a window, over all sites. */
export interface PacingUse {
  sites: number;
  /** Requests that started in the window. */
  made: number;
  /** What a perfect client would have started in the window. */
  maximum: number;
  /** made ÷ maximum. */
  ratio: number;
  /** Sites that made no request in the window. */
  idleSites: number;
  /** Server-side time from a request's end to the next start on the same site, in the window (ms). */
  endToStart: { mean: number; p50: number; p95: number; p99: number; count: number };
  /** Delay of each site's first request in the window past the moment the pacing allowed it (ms). */
  firstStartDelay: { mean: number; p95: number };
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const mean = (xs: number[]) => (xs.length === 0 ? Number.NaN : xs.reduce((a, b) => a + b, 0) / xs.length);

/** The most requests a perfect client could start in [from, to) from `ready` on, given durations. */
export function perfectCount(p: {
  ready: number;
  from: number;
  to: number;
  gapMs: number;
  durations: number[];
  fallbackDuration: number;
}): number {
  let start = Math.max(p.ready, p.from);
  let n = 0;
  while (start < p.to) {
    const duration = p.durations[n] ?? p.fallbackDuration;
    n++;
    start += duration + p.gapMs;
  }
  return n;
}

/** Budget use of the window [from, to) (real epoch ms, as the log's `start`/`end`) for the given sites. */
export function pacingUse(
  log: readonly AccessLogEntry[],
  p: { sites: readonly string[]; from: number; to: number; gapMs: number },
): PacingUse {
  const bySite = new Map<string, AccessLogEntry[]>(p.sites.map((s) => [s, []]));
  for (const e of log) bySite.get(e.site)?.push(e);
  const inWindow = (e: AccessLogEntry) => e.start >= p.from && e.start < p.to;
  const allDurations = log.filter(inWindow).map((e) => (e.end ?? e.start) - e.start);
  const overallDuration = mean(allDurations) || 0;
  let made = 0;
  let maximum = 0;
  let idleSites = 0;
  const slack: number[] = [];
  const firstDelays: number[] = [];
  for (const entries of bySite.values()) {
    entries.sort((a, b) => a.start - b.start);
    const before = entries.filter((e) => e.start < p.from).at(-1);
    const within = entries.filter(inWindow);
    const durations = within.map((e) => (e.end ?? p.to) - e.start);
    const ready = before ? Math.max(p.from, (before.end ?? p.to) + p.gapMs) : p.from;
    made += within.length;
    maximum += perfectCount({
      ready,
      from: p.from,
      to: p.to,
      gapMs: p.gapMs,
      durations,
      fallbackDuration: mean(durations) || overallDuration,
    });
    if (within.length === 0) idleSites++;
    else firstDelays.push(within[0]!.start - ready);
    for (let i = 1; i < within.length; i++) slack.push(within[i]!.start - (within[i - 1]!.end ?? p.to));
  }
  slack.sort((a, b) => a - b);
  firstDelays.sort((a, b) => a - b);
  return {
    sites: p.sites.length,
    made,
    maximum,
    ratio: maximum === 0 ? Number.NaN : made / maximum,
    idleSites,
    endToStart: {
      mean: mean(slack),
      p50: quantile(slack, 0.5),
      p95: quantile(slack, 0.95),
      p99: quantile(slack, 0.99),
      count: slack.length,
    },
    firstStartDelay: { mean: mean(firstDelays), p95: quantile(firstDelays, 0.95) },
  };
}
