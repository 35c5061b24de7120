/**
 * Small SQL pieces shared by the page read models (outlet, article and story pages):
 * id lists, the outlets hidden by policy, and row values as plain numbers.
 */
import { sql, type SQL } from "drizzle-orm";
import { idList, type Window } from "./sql-values";

export { epochMs, idList, num, time, type Window } from "./sql-values";

/** `and <column> not in (…)` for the outlets under `total`, or nothing when there are none (PUB-6). */
export function notExcluded(column: SQL, excludedOutletIds: readonly number[]): SQL {
  return excludedOutletIds.length === 0 ? sql`` : sql`and ${column} not in ${idList(excludedOutletIds)}`;
}

/** Milliseconds in an hour and a day, for the windows of the page figures. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The `ms` before `now`: a section's default recent window. */
export function recentWindow(now: number, ms: number): Window {
  return { start: now - ms, end: now };
}

/** `<alias>.outlet_id = outlet and <alias>.first_seen_at` within [from, to]: index articles_outlet_first_seen. */
export function outletArticlesSeenBetween(alias: string, outletId: number, from: string, to: string): SQL {
  const a = sql.raw(alias);
  return sql`${a}.outlet_id = ${outletId} and ${a}.first_seen_at >= ${from}::timestamptz and ${a}.first_seen_at <= ${to}::timestamptz`;
}
