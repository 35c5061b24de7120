/**
 * Login throttling (SPEC ADM-1). Two locks, both pure rules here: the operator's account
 * locks after MAX_FAILURES wrong passwords in a row, for a time that doubles with each
 * further failure (1 min, 2, 4 … capped at 1 h), and each address may try at most
 * PER_ADDRESS_LIMIT logins per PER_ADDRESS_WINDOW_MS, whatever the outcome.
 */

/** Wrong passwords in a row before the account locks. */
export const MAX_FAILURES = 5;
/** First lock; each further failure doubles it. */
export const FIRST_LOCK_MS = 60_000;
/** Longest lock. */
export const MAX_LOCK_MS = 3_600_000;
/** Login attempts one address may make per window. */
export const PER_ADDRESS_LIMIT = 10;
export const PER_ADDRESS_WINDOW_MS = 15 * 60_000;

/** When the account stays locked until after its `failures`-th failure in a row at `now`, if it locks. */
export function lockAfterFailure(failures: number, now: number): number | undefined {
  if (failures < MAX_FAILURES) return undefined;
  const lock = Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** Math.min(20, failures - MAX_FAILURES));
  return now + lock;
}

/** True while a lock holds. */
export function isLocked(lockedUntil: number | undefined, now: number): boolean {
  return lockedUntil !== undefined && now < lockedUntil;
}
