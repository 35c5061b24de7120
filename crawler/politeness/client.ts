/**
 * The polite client: every request the crawler makes goes through `request()`, in this
 * order (docs/style.md §7, "put the order in one file"):
 *
 *   1. robots.txt of the host first (ROB-1), through this same client, paced like any request;
 *   2. robots rules for the URL (ROB-2…5) — a disallowed URL is logged and never requested;
 *   3. the site's back-off (BLK-3, BLK-4) — a site in back-off is not contacted;
 *   4. the site's lease and pacing held in PostgreSQL (POL-1), across all processes;
 *   5. the signed request under our single identity (ID-1…3), with limits (POL-5);
 *   6. the outcome folded back into the site's state, and the request log (STO-5);
 *   7. a redirect is followed hop by hop, each hop going through 1–6 again (ROB-6).
 */
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { Fetcher, FetchKind, FetchResult } from "../fetch/types";
import { allowedBy, createRobotsCache, type RobotsFetch } from "./host-robots";
import { createTdmRepCache, type TdmRepFetch } from "./host-tdmrep";
import { logRequest, type RequestOutcome } from "./request-log";
import { crawlDelayAfterRobots } from "./robots-delay";
import { acquireSite, pacingGap, releaseSite } from "./site-lease";
import { classify, siteChange } from "./site-state";

/** One request as the jobs ask for it. */
export interface PoliteRequest {
  url: string;
  kind: FetchKind;
  etag?: string;
  lastModified?: string;
  /**
   * The source (`sources.id`) this request polls: when it is answered (ok or
   * not-modified), its success is written with the site's release, in the same statement.
   */
  sourceId?: number;
}

/** What came of it: a response (possibly an error status), or why nothing was sent. */
export type PoliteResult =
  | { sent: true; result: FetchResult; finalUrl: string; outcome: RequestOutcome }
  | { sent: false; outcome: "robots-disallowed" | "backoff" | "too-many-redirects" | "aborted"; url: string; until?: number };

/** Everything the client needs, injected (docs/style.md §5, §13). */
export interface PoliteClientOptions {
  db: Db;
  clock: Clock;
  fetcher: Fetcher;
  workerId: string;
  productToken: string;
  siteOf: (host: string) => string;
  /** Adds Web Bot Auth headers for a URL (ID-3); absent in tests that don't need it. */
  sign?: (url: string, now: number) => Record<string, string>;
  pacing: { minMs: number; maxMs: number };
  maxRedirects: number;
  /** Lease length: longer than any exchange (total timeout) so pacing holds if we die. */
  leaseMs: number;
  on4xx: "disallow-all" | "allow-all";
  random?: () => number;
}

/** Longest wait, in clock time, before asking again for a site another worker holds. */
const LEASE_POLL_MS = 5_000;

/** Build the client; it keeps a per-process memo of robots rules only. */
export function createPoliteClient(o: PoliteClientOptions) {
  const random = o.random ?? Math.random;

  /**
   * One exchange with the site held: wait for the lease, send, then release with the
   * pacing gap, the outcome folded into the site's state and the request-log line.
   * Returns why nothing was sent when the site is in back-off or we are stopping.
   * `crawlDelayOf` gives the Crawl-delay (seconds) that paces the gap after this response.
   */
  async function exchange(url: string, kind: FetchKind, crawlDelayOf: (result: FetchResult) => number | undefined, conditional: { etag?: string; lastModified?: string }, signal: AbortSignal, sourceId?: number): Promise<{ result: FetchResult; outcome: RequestOutcome } | { backoffUntil?: number }> {
    const domain = o.siteOf(new URL(url).hostname);
    let failures: number;
    let logId: number;
    for (;;) {
      if (signal.aborted) return {};
      const attempt = await acquireSite(o.db, { domain, workerId: o.workerId, now: o.clock.now(), leaseMs: o.leaseMs, request: { url, kind } });
      if (attempt.taken) {
        failures = attempt.consecutiveFailures;
        logId = attempt.logId;
        // Taken ahead of the site's turn (ACQUIRE_AHEAD_MS at most): wait for it. Not cut short
        // by the signal: the lease is ours, and the fetch below answers the signal at once.
        if (attempt.startAt > o.clock.now()) await o.clock.sleep(attempt.startAt - o.clock.now());
        break;
      }
      if (attempt.backoffUntil !== undefined) return { backoffUntil: attempt.backoffUntil };
      // Another process's lease may end long before its expiry (it is sized for the worst
      // exchange), so look again within LEASE_POLL_MS rather than sleeping to the expiry.
      await o.clock.sleep(Math.min(attempt.retryAt, o.clock.now() + LEASE_POLL_MS) - o.clock.now(), signal);
    }
    const extraHeaders = o.sign?.(url, o.clock.now());
    const result = await o.fetcher({ url, kind, ...conditional, extraHeaders }, signal);
    const outcome = classify(result, kind);
    const now = o.clock.now();
    const gapMs = pacingGap({ ...o.pacing, crawlDelaySeconds: crawlDelayOf(result), random });
    // A 200's validators are stored by the caller once its content is recorded: stored here, a
    // crash before recording would turn the next polls into 304s for content never recorded.
    const answered = sourceId !== undefined && (outcome === "ok" || outcome === "not-modified")
      ? { id: sourceId, at: now, ...(outcome === "not-modified" ? { etag: result.headers.etag, lastModified: result.headers["last-modified"] } : {}) }
      : undefined;
    await releaseSite(o.db, {
      domain, workerId: o.workerId, endedAt: Math.max(result.endedAt, now), gapMs,
      change: siteChange(result, outcome, failures, now), logId,
      end: { startedAt: result.startedAt, url: result.url, status: result.status, bytes: result.bytes, durationMs: result.durationMs, outcome },
      answered,
    });
    return { result, outcome };
  }

  /** robots.txt of a host, itself paced and logged, with its own redirects (ROB-3: up to 5 hops). */
  async function fetchRobots(origin: string, previous: { etag?: string; lastModified?: string; text?: string }, signal: AbortSignal): Promise<RobotsFetch> {
    let url = `${origin}/robots.txt`;
    // POL-1: the gap after robots.txt already obeys the Crawl-delay it revealed (or the copy standing).
    const crawlDelayOf = (result: FetchResult) => crawlDelayAfterRobots(result, o.productToken, previous.text);
    const conditional = { etag: previous.etag, lastModified: previous.lastModified };
    for (let hop = 0; hop <= o.maxRedirects; hop++) {
      const done = await exchange(url, "robots", crawlDelayOf, hop === 0 ? conditional : {}, signal);
      // A site in back-off (e.g. a 503 on robots.txt) counts as unreachable for now.
      if (!("result" in done)) return { outcome: "unreachable" };
      const { result } = done;
      if (result.outcome === "redirect" && result.location) {
        url = result.location;
        continue;
      }
      if (result.outcome === "ok") {
        const text = new TextDecoder("utf-8").decode(result.body ?? new Uint8Array());
        return { outcome: result.status ?? 200, text, etag: result.headers.etag, lastModified: result.headers["last-modified"] };
      }
      if (result.outcome === "not-modified") return { outcome: 304 };
      if (result.status !== undefined && result.outcome === "http-error") return { outcome: result.status };
      return { outcome: result.outcome === "timeout" ? "timeout" : "unreachable" };
    }
    return { outcome: 310 }; // RFC 9309 §2.3.1.2: too many redirects = unavailable
  }

  const robots = createRobotsCache({ db: o.db, now: () => o.clock.now(), siteOf: o.siteOf, on4xx: o.on4xx, fetchRobots });

  /** SIG-1: the host's tdmrep.json, requested politely like any file (robots first, paced, logged). */
  async function fetchTdmRep(origin: string, signal: AbortSignal): Promise<TdmRepFetch> {
    const response = await client.request({ url: `${origin}/.well-known/tdmrep.json`, kind: "tdmrep" }, signal);
    if (!response.sent) return { kind: "failed" };
    const { result } = response;
    if (result.outcome === "ok") return { kind: "file", text: new TextDecoder("utf-8").decode(result.body ?? new Uint8Array()) };
    if (result.status === 404 || result.status === 410) return { kind: "absent" };
    return { kind: "failed" };
  }
  const tdmrep = createTdmRepCache({ db: o.db, now: () => o.clock.now(), fetchTdmRep });

  const client = {
    /** The TDMRep rules of an origin (SIG-1), or "unknown" when they could not be checked. */
    tdmrepFor: (origin: string, signal: AbortSignal) => tdmrep.rulesFor(origin, signal),

    /** Request `req.url` politely; see the module comment for the order of checks. */
    async request(req: PoliteRequest, signal: AbortSignal): Promise<PoliteResult> {
      let url = req.url;
      for (let hop = 0; ; hop++) {
        if (hop > o.maxRedirects) return { sent: false, outcome: "too-many-redirects", url };
        if (signal.aborted) return { sent: false, outcome: "aborted", url };
        const target = new URL(url);
        const domain = o.siteOf(target.hostname);
        const rules = await robots.rulesFor(target.origin, signal);
        if (!allowedBy(rules, url, o.productToken)) {
          await logRequest(o.db, { at: o.clock.now(), domain, url, kind: req.kind, bytes: 0, durationMs: 0, outcome: "robots-disallowed", workerId: o.workerId });
          return { sent: false, outcome: "robots-disallowed", url };
        }
        const done = await exchange(url, req.kind, () => rules.robots?.crawlDelay(o.productToken), hop === 0 ? { etag: req.etag, lastModified: req.lastModified } : {}, signal, req.sourceId);
        if (!("result" in done)) {
          return done.backoffUntil !== undefined ? { sent: false, outcome: "backoff", url, until: done.backoffUntil } : { sent: false, outcome: "aborted", url };
        }
        const { result, outcome } = done;
        if (result.outcome === "redirect" && result.location) {
          url = result.location;
          continue;
        }
        return { sent: true, result, finalUrl: url, outcome };
      }
    },
  };
  return client;
}

/** The client's type, for jobs that receive it. */
export type PoliteClient = ReturnType<typeof createPoliteClient>;
