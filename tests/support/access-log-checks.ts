/**
 * Politeness read off the simulated web's access log, as a site operator would see it:
 * each check returns the offending requests (empty = obeyed), so a failing test shows them.
 */
import type { AccessLogEntry } from "../sim/access-log";

/** A pair of consecutive requests to one site that overlap or start closer than `minGapMs` of clock time. */
export interface PacingViolation {
  site: string;
  first: string;
  second: string;
  gapMs: number;
  overlapped: boolean;
}

/** POL-1: requests to one site never overlap (real time) and start at least `minGapMs` apart (clock time). */
export function pacingViolations(log: readonly AccessLogEntry[], minGapMs: number): PacingViolation[] {
  const bySite = new Map<string, AccessLogEntry[]>();
  for (const e of log) bySite.set(e.site, [...(bySite.get(e.site) ?? []), e]);
  const out: PacingViolation[] = [];
  for (const [site, entries] of bySite) {
    const sorted = [...entries].sort((a, b) => a.start - b.start);
    for (let i = 1; i < sorted.length; i++) {
      const a = sorted[i - 1]!;
      const b = sorted[i]!;
      const overlapped = a.end === undefined || b.start < a.end;
      const gapMs = b.simTime - a.simTime;
      if (overlapped || gapMs < minGapMs) out.push({ site, first: `${a.host}${a.path}`, second: `${b.host}${b.path}`, gapMs, overlapped });
    }
  }
  return out;
}

/** ROB-1: the first request to every host is its robots.txt. */
export function robotsNotFirst(log: readonly AccessLogEntry[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const e of [...log].sort((a, b) => a.start - b.start)) {
    if (!seen.has(e.host) && e.path !== "/robots.txt") out.push(`${e.host}${e.path}`);
    seen.add(e.host);
  }
  return out;
}

/** Requests to `host` whose path starts with any of `prefixes`. */
export function requestsUnder(log: readonly AccessLogEntry[], host: string, prefixes: string[]): string[] {
  return log.filter((e) => e.host === host && prefixes.some((p) => e.path.startsWith(p))).map((e) => `${e.host}${e.path}`);
}

/** ID-2: requests that carried a Cookie header. */
export function cookiesSent(log: readonly AccessLogEntry[]): string[] {
  return log.filter((e) => e.requestHeaders.cookie !== undefined).map((e) => `${e.host}${e.path}`);
}

/** Two consecutive requests of one URL closer than the schedule allows for it. */
export interface RepeatedRequest {
  url: string;
  site: string;
  firstSim: number;
  secondSim: number;
  gapMs: number;
}

/**
 * SCH-4: consecutive requests of the same URL whose start times (clock time) are closer
 * than `minGapMs(url)` allows; `Infinity` means the URL may be requested only once.
 */
export function repeatedRequests(log: readonly AccessLogEntry[], minGapMs: (url: string) => number): RepeatedRequest[] {
  const byUrl = new Map<string, AccessLogEntry[]>();
  for (const e of log) {
    const url = `http://${e.host}${e.path}`;
    byUrl.set(url, [...(byUrl.get(url) ?? []), e]);
  }
  const out: RepeatedRequest[] = [];
  for (const [url, entries] of byUrl) {
    const sorted = [...entries].sort((a, b) => a.simTime - b.simTime);
    const min = minGapMs(url);
    for (let i = 1; i < sorted.length; i++) {
      const gapMs = sorted[i]!.simTime - sorted[i - 1]!.simTime;
      if (gapMs < min) out.push({ url, site: sorted[i]!.site, firstSim: sorted[i - 1]!.simTime, secondSim: sorted[i]!.simTime, gapMs });
    }
  }
  return out;
}
