/**
 * How long to leave a site or source alone (SPEC BLK-3, BLK-4, BLK-6): the `Retry-After`
 * field (RFC 9110 §10.2.3) and the exponential pauses used when there is none. Pure functions:
 * the caller passes `now`, and adds jitter if it wants any.
 */
import { parseHttpDate } from "./http-fields";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Options of `backoffDelay`; defaults are SPEC's. */
export interface BackoffOptions {
  /** BLK-3: an asked wait above this gives up the cycle. @default 21_600_000 (6 h) */
  giveUpAfterMs?: number;
  /** BLK-3: first pause after a 429/503 without Retry-After. @default 60_000 (1 min) */
  rateLimitedBaseMs?: number;
  /** BLK-3: longest such pause. @default 3_600_000 (1 h) */
  rateLimitedMaxMs?: number;
  /** BLK-4: first pause of an unresponsive site. @default 600_000 (10 min) */
  unresponsiveBaseMs?: number;
  /** BLK-4: longest such pause. @default 21_600_000 (6 h) */
  unresponsiveMaxMs?: number;
}

/** A pause for the whole site; `giveUp` asks to drop this cycle's work rather than wait in it. */
export interface Backoff {
  rule: "BLK-3" | "BLK-4";
  waitMs: number;
  giveUp: boolean;
}

/** Options of `feedBackoff`; defaults are SPEC BLK-6's. */
export interface FeedBackoffOptions {
  /** @default 3_600_000 (1 h) */
  baseMs?: number;
  /** @default 21_600_000 (6 h) */
  maxMs?: number;
  /** A source failing this long is flagged dead. @default 604_800_000 (7 days) */
  deadAfterMs?: number;
}

/** Outcome of a request as the backoff rules see it. */
export type FetchStatus = number | "timeout" | "unreachable";

/** `base` doubled once per previous failure, capped at `max`. */
export function doubling(baseMs: number, previousFailures: number, maxMs: number): number {
  const n = Number.isFinite(previousFailures) ? Math.max(0, Math.floor(previousFailures)) : 0;
  return Math.min(maxMs, baseMs * 2 ** Math.min(n, 40));
}

// A past date is 0. Given the response `Date`, a date is also measured against the server's
// clock and the longer wait is kept (BLK-3: never less than asked).
/** RFC 9110 §10.2.3: the wait `Retry-After` asks for, in ms from `now` (≥ 0), or undefined if invalid. */
export function parseRetryAfter(value: string | readonly string[] | undefined, now: number, responseDate?: string): number | undefined {
  const values = value === undefined ? [] : typeof value === "string" ? [value] : value;
  const serverNow = responseDate === undefined ? undefined : parseHttpDate(responseDate, now);
  let longest: number | undefined;
  for (const raw of values) {
    const text = raw.trim();
    let wait: number | undefined;
    if (/^\d+$/.test(text)) {
      // delay-seconds = 1*DIGIT; absurd values saturate rather than overflow.
      wait = text.length > 12 ? Number.MAX_SAFE_INTEGER : Number(text) * 1000;
    } else {
      const at = parseHttpDate(text, now);
      if (at !== undefined) wait = Math.max(0, at - now, serverNow === undefined ? 0 : at - serverNow);
    }
    if (wait !== undefined) longest = Math.max(longest ?? 0, wait); // repeated fields: the longest
  }
  return longest;
}

// BLK-3 for 429/503: exactly Retry-After, else 1 min doubling to 1 h; give up above 6 h.
// BLK-4 for other 5xx, timeouts, connection failures: 10 min doubling to 6 h, ≥ Retry-After.
/** BLK-3/BLK-4: the site-wide pause after a failed request, or undefined when none is due. */
export function backoffDelay(
  status: FetchStatus,
  retryAfterMs: number | undefined,
  previousFailures: number,
  options: BackoffOptions = {},
): Backoff | undefined {
  const giveUpAfter = options.giveUpAfterMs ?? 6 * HOUR;
  if (status === 429 || status === 503) {
    if (retryAfterMs !== undefined) {
      // BLK-3: wait exactly as asked, never less; a wait beyond the threshold gives up the cycle.
      return { rule: "BLK-3", waitMs: retryAfterMs, giveUp: retryAfterMs > giveUpAfter };
    }
    const waitMs = doubling(options.rateLimitedBaseMs ?? MINUTE, previousFailures, options.rateLimitedMaxMs ?? HOUR);
    return { rule: "BLK-3", waitMs, giveUp: false };
  }
  const unresponsive = typeof status !== "number" || (status >= 500 && status <= 599);
  if (!unresponsive) return undefined; // 2xx–4xx: not a backoff matter (401/403 are BLK-1)
  const pause = doubling(options.unresponsiveBaseMs ?? 10 * MINUTE, previousFailures, options.unresponsiveMaxMs ?? 6 * HOUR);
  const waitMs = Math.max(pause, retryAfterMs ?? 0);
  return { rule: "BLK-4", waitMs, giveUp: (retryAfterMs ?? 0) > giveUpAfter };
}

// Dead = failing for 7 days since `failingSince` (its first failure): flagged, kept, not deleted.
/** BLK-6: pause of a failing feed or sitemap (1 h doubling to 6 h) and whether it is now dead. */
export function feedBackoff(
  previousFailures: number,
  failingSince: number,
  now: number,
  options: FeedBackoffOptions = {},
): { pauseMs: number; dead: boolean } {
  const pauseMs = doubling(options.baseMs ?? HOUR, previousFailures, options.maxMs ?? 6 * HOUR);
  return { pauseMs, dead: now - failingSince >= (options.deadAfterMs ?? 7 * DAY) };
}
