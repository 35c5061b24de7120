/**
 * Small SQL pieces shared by the open-data queries (SPEC WEB-3): array parameters,
 * keyset times with microsecond precision, and AND-joined optional conditions.
 */
import { sql, type SQL } from "drizzle-orm";

/** An int[] literal: the driver would expand a JS array into a list of parameters. */
export function intArray(ids: readonly number[]): string {
  return `{${ids.map((n) => Math.trunc(n)).join(",")}}`;
}

/** Epoch microseconds → an exact ISO 8601 timestamp parameter. */
export function microsToIso(us: number): string {
  const ms = Math.floor(us / 1000);
  const rest = String(us - ms * 1000).padStart(3, "0");
  return new Date(ms).toISOString().replace(/Z$/, `${rest}Z`);
}

/** Epoch ms → a timestamp parameter. */
export function msToIso(ms: number): string {
  return new Date(ms).toISOString();
}

/** `column` as whole epoch microseconds (exact: extract() is numeric). */
export function epochMicros(column: SQL): SQL {
  return sql`(extract(epoch from ${column}) * 1000000)::bigint`;
}

/** The conditions joined with AND (true when there are none). */
export function allOf(conditions: readonly (SQL | undefined)[]): SQL {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? sql`true` : sql.join(present, sql` and `);
}

/** A timestamptz value from a raw query as ISO 8601 (UTC), or null. */
export function isoOrNull(value: string | Date | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}
