/**
 * Login throttling (SPEC ADM-1, SEC-5), per address only: wrong passphrases slow down the address
 * that sent them, never the account, so nobody can lock the operator out by guessing from
 * elsewhere. Pure rules here; the attempts live in `form_submissions` (db/queries/admin/login-throttle.ts),
 * where each attempt takes its slot atomically before the passphrase is checked.
 *
 * - Between two attempts from one address at least MIN_GAP_MS (parallel guesses get one check).
 * - After FREE_FAILURES wrong passphrases in a row the gap doubles with each further one
 *   (2 s, 4 s, 8 s … at most MAX_DELAY_MS); a right one clears the address's count.
 * - And at most PER_ADDRESS_LIMIT attempts per PER_ADDRESS_WINDOW_MS, whatever the outcome.
 */

/** Shortest time between two attempts from one address. */
export const MIN_GAP_MS = 1_000;
/** Wrong passphrases in a row that cost only the minimum gap (typos). */
export const FREE_FAILURES = 2;
/** Longest wait between two attempts. */
export const MAX_DELAY_MS = 15 * 60_000;
/** Login attempts one address may make per window. */
export const PER_ADDRESS_LIMIT = 10;
export const PER_ADDRESS_WINDOW_MS = 15 * 60_000;
/** Failures older than this are forgotten. */
export const FAILURE_MEMORY_MS = 24 * 3_600_000;

/** The wait after the last attempt of an address with `failures` wrong passphrases in a row. */
export function loginDelayMs(failures: number): number {
  if (failures <= FREE_FAILURES) return MIN_GAP_MS;
  return Math.min(MAX_DELAY_MS, 1_000 * 2 ** Math.min(30, failures - FREE_FAILURES));
}

/** What one address has done lately, as the slot's check reads it. */
export interface AddressAttempts {
  lastAttemptAt?: number;
  failures: number;
  inWindow: number;
}

/** Milliseconds the address must still wait before its next attempt (0: it may try now). */
export function loginWaitMs(attempts: AddressAttempts, now: number): number {
  const byDelay = attempts.lastAttemptAt === undefined ? 0 : attempts.lastAttemptAt + loginDelayMs(attempts.failures) - now;
  const byWindow = attempts.inWindow >= PER_ADDRESS_LIMIT ? PER_ADDRESS_WINDOW_MS : 0;
  return Math.max(0, byDelay, byWindow);
}

/** A wait in words, for the refusal page: «12 segundos», «4 minutos». */
export function waitInSpanish(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} segundo${seconds === 1 ? "" : "s"}`;
  return `${Math.ceil(seconds / 60)} minutos`;
}
