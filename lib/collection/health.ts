/**
 * SPEC BLK-7: an outlet whose front-page captures, or whose article reads, failed more than
 * 40 % of the time over 7 days is shown as "sin posición" or "sin cuerpo"; the state
 * clears when the share falls back. Pure, so every page decides it the same way.
 */

/** Failure share above which the state is shown. */
export const FAILURE_THRESHOLD = 0.4;
/** The period over which the shares are computed. */
export const HEALTH_WINDOW_MS = 7 * 24 * 3_600_000;

/** Article-read outcomes that mean we got the page (its body may still be closed to us). */
export const READ_SUCCESSES = ["open", "paywalled", "reserved", "no-body"] as const;

/** Attempts and failures over the period. */
export interface FailureCount {
  attempts: number;
  failures: number;
}

/** The failure share, or null with no attempts. */
export function failureShare(c: FailureCount): number | null {
  return c.attempts === 0 ? null : c.failures / c.attempts;
}

/** True when more than 40 % of the attempts failed. */
export function overThreshold(c: FailureCount): boolean {
  const share = failureShare(c);
  return share !== null && share > FAILURE_THRESHOLD;
}
