/**
 * What a response means for its site (SPEC BLK-1…5), as pure functions: 429/503 hold the
 * whole site exactly as long as Retry-After asks (else 1 min doubling to 1 h); an
 * unresponsive site (timeouts, connection failures, a run of 5xx) is paused 10 min
 * doubling to 6 h; any real answer resets the count. 401/403 and challenge pages close
 * the resource, which is the job's business, not the site's.
 */
import type { FetchKind, FetchResult } from "../../lib/fetcher";
import { detectChallenge } from "./challenge";
import type { RequestOutcome } from "./request-log";
import { backoffDelay, parseRetryAfter } from "./retry-after";

/** 5xx answers in a row before a site counts as unresponsive (BLK-4 "5xx storms"). */
export const FIVE_XX_STORM = 3;

/** The new failure count of a site and, when one starts, its back-off. */
export interface SiteChange {
  consecutiveFailures: number;
  backoffUntil?: number;
  reason?: string;
}

/** The request-log outcome of a fetch result; challenges are recognised on any status (BLK-5). */
export function classify(result: FetchResult, kind: FetchKind): RequestOutcome {
  if (result.status !== undefined && (result.outcome === "ok" || result.outcome === "http-error")) {
    const text = kind === "robots" || !result.body ? "" : new TextDecoder("utf-8").decode(result.body.subarray(0, 64 * 1024));
    if (detectChallenge({ status: result.status, headers: result.headers, body: text })) return "challenge";
  }
  if (result.outcome !== "http-error") return result.outcome;
  if (result.status === 401 || result.status === 403) return "blocked";
  if (result.status === 429 || result.status === 503) return "rate-limited";
  return "http-error";
}

/** BLK-3/BLK-4: how one outcome changes its site, given the failures before it. */
export function siteChange(result: FetchResult, outcome: RequestOutcome, previousFailures: number, now: number): SiteChange {
  const answered =
    ["ok", "not-modified", "redirect", "blocked", "challenge"].includes(outcome) ||
    (outcome === "http-error" && (result.status ?? 0) < 500);
  if (answered) return { consecutiveFailures: 0 };
  const status = outcome === "timeout" ? "timeout" : outcome === "unreachable" ? "unreachable" : result.status;
  // too-large, ssrf-refused, bad-url, decoding-error: the site did nothing wrong.
  if (status === undefined || !["rate-limited", "http-error", "timeout", "unreachable"].includes(outcome)) {
    return { consecutiveFailures: previousFailures };
  }
  const failures = previousFailures + 1;
  const isStormBuilding = typeof status === "number" && status !== 429 && status !== 503 && failures < FIVE_XX_STORM;
  if (isStormBuilding) return { consecutiveFailures: failures };
  const retryAfter = parseRetryAfter(result.headers["retry-after"], now, result.headers.date);
  const backoff = backoffDelay(status, retryAfter, previousFailures);
  if (!backoff) return { consecutiveFailures: failures };
  return { consecutiveFailures: failures, backoffUntil: now + backoff.waitMs, reason: `${backoff.rule} ${outcome}` };
}
