/**
 * The periods the outlet page's aggregates are compared with rows over, on generated history ending at END: the
 * default week, the whole history, odd edges, a peninsular midnight at either end (23:00 UTC in winter), and a stretch
 * inside one day (no whole day: rows alone).
 */
export const END = Date.parse("2026-11-20T12:00:00Z");
export const DAY = 86_400_000;

export const PERIODS = [
  { start: END - 7 * DAY, end: END },
  { start: END - 365 * DAY, end: END },
  { start: Date.parse("2026-11-15T09:17:00Z"), end: Date.parse("2026-11-19T16:41:00Z") },
  { start: Date.parse("2026-11-15T23:00:00Z"), end: Date.parse("2026-11-18T23:00:00Z") },
  { start: Date.parse("2026-11-17T04:00:00Z"), end: Date.parse("2026-11-17T20:00:00Z") },
];
