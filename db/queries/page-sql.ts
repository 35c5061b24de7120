/**
 * Small SQL pieces shared by the page read models (outlet, article and story pages):
 * id lists, the outlets hidden by policy, and row values as plain numbers.
 */
import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { fromSqlTime } from "../sql-time";

/** `(1, 2, 3)` (or quoted texts) for an `in` list; callers guard the empty list. */
export function idList(ids: readonly (number | string)[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** `and <column> not in (…)` for the outlets under `total`, or nothing when there are none (PUB-6). */
export function notExcluded(column: SQL, excludedOutletIds: readonly number[]): SQL {
  return excludedOutletIds.length === 0 ? sql`` : sql`and ${column} not in ${idList(excludedOutletIds)}`;
}

/** A timestamp column of a raw row as epoch ms, or null. */
export function time(value: string | Date | null | undefined): number | null {
  return fromSqlTime(value) ?? null;
}

/** A numeric column (bigint and numeric come back as strings) as a number, or null. */
export function num(value: string | number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** Milliseconds in an hour and a day, for the windows of the page figures. */
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A period a figure is measured over: [start, end] in epoch ms. */
export interface Window {
  start: number;
  end: number;
}

/** The `ms` before `now`: a section's default recent window. */
export function recentWindow(now: number, ms: number): Window {
  return { start: now - ms, end: now };
}

/** `<alias>.outlet_id = outlet and <alias>.first_seen_at` within [from, to]: index articles_outlet_first_seen. */
export function outletArticlesSeenBetween(alias: string, outletId: number, from: string, to: string): SQL {
  const a = sql.raw(alias);
  return sql`${a}.outlet_id = ${outletId} and ${a}.first_seen_at >= ${from}::timestamptz and ${a}.first_seen_at <= ${to}::timestamptz`;
}
