/**
 * The dates a reader may ask about (SPEC SEC-6): from 1900 to 9999. Nothing we
 * record is older than the web, and PostgreSQL refuses year 0 (there is none in its
 * calendar), so such a date is the reader's mistake: a 400, checked before any query.
 */

/** 1900-01-01T00:00:00Z. */
export const EARLIEST_DATE_MS = Date.UTC(1900, 0, 1);
/** 9999-12-31T23:59:59.999Z. */
export const LATEST_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** True when `ms` is a date a reader may ask about. */
export function inDateRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= EARLIEST_DATE_MS && ms <= LATEST_DATE_MS;
}
