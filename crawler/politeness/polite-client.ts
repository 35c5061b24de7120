/**
 * The polite client: every request the crawler makes goes through `request()`, which applies the
 * request's checks of the one list (`REQUEST_CHECKS` of lib/gate-list.ts, held to this order by
 * tests/unit/politeness/gate-list.test.ts), then sends:
 *
 *   1. robots.txt of the host first (ROB-1), through this same client, paced like any request,
 *      and its rules for the URL (ROB-2…5) — a disallowed URL is logged and never requested;
 *   2. the site's back-off (BLK-3, BLK-4) and 3. its pacing (POL-1, and a publisher's minimum
 *      pause, PUB-7), both in the one statement that takes the site's lease in PostgreSQL
 *      (`acquireSite`), across all processes;
 *   then the signed request under our single identity (ID-1…3), with limits (POL-5); the
 *   outcome folded back into the site's state, and the request log (STO-5); a redirect followed
 *   hop by hop, each hop going through the checks again (ROB-6).
 */
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { Fetcher, FetchKind, FetchResult } from "../../lib/fetcher";
import { allowedBy, createRobotsCache, type RobotsFetch } from "./host-robots";
import { createTdmRepCache, type TdmRepFetch } from "./host-tdmrep";
import { logRequest, type RequestOutcome } from "./request-log";
import { crawlDelayAfterRobots, standingCrawlDelay } from "./robots-delay";
import { acquireSite, largestPacingGap, leaseCovers, leaseFor, pacingGap, releaseSite, renewSite } from "./site-lease";
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
  /** The longest exchange, in clock time (the fetcher's total timeout). */
  exchangeMs: number;
  /** Added to a site's lease beyond the exchange and its gap, for the database's delays (crawler/politeness/site-lease.ts). */
  leaseMarginMs: number;
  on4xx: "disallow-all" | "allow-all";
  random?: () => number;
}

/** Longest wait, in clock time, before asking again for a site another worker holds. */
const LEASE_POLL_MS = 5_000;

/** Build the client; it keeps a per-process memo of robots rules only. */
export function createPoliteClient(o: PoliteClientOptions) {
  const random = o.random ?? Math.random;

  /** One request as `exchange` sends it. */
  interface Exchange {
    url: string;
    kind: FetchKind;
    /** The Crawl-delay (seconds) known before sending: the lease covers the gap it asks for. */
    knownDelayS: number | undefined;
    /** The Crawl-delay (seconds) that paces the gap after this response. */
    crawlDelayOf: (result: FetchResult) => number | undefined;
    conditional: { etag?: string; lastModified?: string };
    sourceId?: number;
  }

  /**
   * Take the site of `domain` for one request: a lease that covers the longest exchange and
   * the gap after it (`reservedGapMs`), renewed if the database's delays have eaten into it,
   * so nobody else can send before this request's end plus its gap, however late the release
   * comes. Empty when we are stopping; `backoffUntil` when the site is in back-off.
   */
  async function holdSite(
    domain: string,
    x: Exchange,
    reservedGapMs: number,
    signal: AbortSignal,
  ): Promise<{ failures: number; logId: number; minPauseMs: number } | { backoffUntil?: number }> {
    const leaseMs = leaseFor({ exchangeMs: o.exchangeMs, marginMs: o.leaseMarginMs, gapMs: reservedGapMs });
    for (;;) {
      if (signal.aborted) return {};
      let asked = o.clock.now();
      const attempt = await acquireSite(o.db, { domain, workerId: o.workerId, now: asked, leaseMs, request: { url: x.url, kind: x.kind } });
      if (attempt.taken) {
        let lag = o.clock.now() - asked;
        // Taken ahead of the site's turn (ACQUIRE_AHEAD_MS at most): wait for it. Not cut short
        // by the signal: the lease is ours, and the fetch answers the signal at once.
        if (attempt.startAt > o.clock.now()) await o.clock.sleep(attempt.startAt - o.clock.now());
        let leaseUntil: number | undefined = attempt.leaseUntil;
        // The publisher's minimum pause came with the lease (which it lengthened): the gap reserved covers it too.
        const { minPauseMs } = attempt;
        const gapMs = Math.max(reservedGapMs, minPauseMs);
        while (leaseUntil !== undefined && !leaseCovers({ leaseUntil, now: o.clock.now(), exchangeMs: o.exchangeMs, gapMs })) {
          // The statement waited in a busy pool: ask for the lease again, longer by the last wait.
          asked = o.clock.now();
          const renewMs = leaseMs + minPauseMs + lag;
          leaseUntil = await renewSite(o.db, { domain, workerId: o.workerId, now: asked, leaseMs: renewMs, logId: attempt.logId });
          lag = o.clock.now() - asked;
        }
        if (leaseUntil !== undefined) return { failures: attempt.consecutiveFailures, logId: attempt.logId, minPauseMs };
        continue; // the lease ran out before anything was sent: take the site again
      }
      if (attempt.backoffUntil !== undefined) return { backoffUntil: attempt.backoffUntil };
      // Another process's lease may end long before its expiry (it is sized for the worst
      // exchange), so look again within LEASE_POLL_MS rather than sleeping to the expiry.
      await o.clock.sleep(Math.min(attempt.retryAt, o.clock.now() + LEASE_POLL_MS) - o.clock.now(), signal);
    }
  }

  /**
   * One exchange with the site held: take the lease, send, then release with the pacing
   * gap, the outcome folded into the site's state and the request-log line. Returns why
   * nothing was sent when the site is in back-off or we are stopping.
   */
  async function exchange(
    x: Exchange,
    signal: AbortSignal,
  ): Promise<{ result: FetchResult; outcome: RequestOutcome } | { backoffUntil?: number }> {
    const { url, kind, sourceId } = x;
    const domain = o.siteOf(new URL(url).hostname);
    const held = await holdSite(domain, x, largestPacingGap({ maxMs: o.pacing.maxMs, crawlDelaySeconds: x.knownDelayS }), signal);
    if (!("logId" in held)) return held;
    const { failures, logId, minPauseMs } = held;
    const extraHeaders = o.sign?.(url, o.clock.now());
    const result = await o.fetcher({ url, kind, ...x.conditional, extraHeaders }, signal);
    const outcome = classify(result, kind);
    const now = o.clock.now();
    const gapMs = pacingGap({ ...o.pacing, crawlDelaySeconds: x.crawlDelayOf(result), minPauseMs, random });
    // A 200's validators are stored by the caller once its content is recorded: stored here, a
    // crash before recording would turn the next polls into 304s for content never recorded.
    const answered =
      sourceId !== undefined && (outcome === "ok" || outcome === "not-modified")
        ? {
            id: sourceId,
            at: now,
            ...(outcome === "not-modified" ? { etag: result.headers.etag, lastModified: result.headers["last-modified"] } : {}),
          }
        : undefined;
    await releaseSite(o.db, {
      domain,
      workerId: o.workerId,
      endedAt: Math.max(result.endedAt, now),
      gapMs,
      change: siteChange(result, outcome, failures, now),
      logId,
      end: {
        startedAt: result.startedAt,
        url: result.url,
        status: result.status,
        bytes: result.bytes,
        durationMs: result.durationMs,
        outcome,
      },
      answered,
    });
    return { result, outcome };
  }

  /** robots.txt of a host, itself paced and logged, with its own redirects (ROB-3: up to 5 hops). */
  async function fetchRobots(
    origin: string,
    previous: { etag?: string; lastModified?: string; text?: string },
    signal: AbortSignal,
  ): Promise<RobotsFetch> {
    let url = `${origin}/robots.txt`;
    // POL-1: the gap after robots.txt already obeys the Crawl-delay it revealed (or the copy standing).
    const crawlDelayOf = (result: FetchResult) => crawlDelayAfterRobots(result, o.productToken, previous.text);
    const knownDelayS = standingCrawlDelay(o.productToken, previous.text);
    const conditional = { etag: previous.etag, lastModified: previous.lastModified };
    for (let hop = 0; hop <= o.maxRedirects; hop++) {
      const done = await exchange({ url, kind: "robots", knownDelayS, crawlDelayOf, conditional: hop === 0 ? conditional : {} }, signal);
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
    /** The robots.txt rules in force for an origin, read first like any request's (ROB-1): e.g. the sitemaps it names. */
    robotsFor: (origin: string, signal: AbortSignal) => robots.rulesFor(origin, signal),

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
          await logRequest(o.db, {
            at: o.clock.now(),
            domain,
            url,
            kind: req.kind,
            bytes: 0,
            durationMs: 0,
            outcome: "robots-disallowed",
            workerId: o.workerId,
          });
          return { sent: false, outcome: "robots-disallowed", url };
        }
        const crawlDelay = rules.robots?.crawlDelay(o.productToken);
        const conditional = hop === 0 ? { etag: req.etag, lastModified: req.lastModified } : {};
        const done = await exchange(
          { url, kind: req.kind, knownDelayS: crawlDelay, crawlDelayOf: () => crawlDelay, conditional, sourceId: req.sourceId },
          signal,
        );
        if (!("result" in done)) {
          return done.backoffUntil !== undefined
            ? { sent: false, outcome: "backoff", url, until: done.backoffUntil }
            : { sent: false, outcome: "aborted", url };
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
