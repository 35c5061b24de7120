/**
 * Timestamps across raw SQL: postgres.js takes them as ISO strings in `sql` templates
 * (a Date parameter fails there), and returns `timestamptz` columns as strings or Dates
 * depending on the path. These two functions are the one place that knows it.
 */

/** Epoch ms → a `timestamptz` parameter. */
export function sqlTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** A `timestamptz` value from a raw query → epoch ms, or undefined for null. */
export function fromSqlTime(value: string | Date | null | undefined): number | undefined {
  return value ? new Date(value).getTime() : undefined;
}
