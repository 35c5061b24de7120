/**
 * Small SQL pieces shared by the page read models and the worker's stored figures: id lists and row
 * values as plain numbers (db/figures/page-sql.ts re-exports them for the pages).
 */
import { sql, type SQL } from "drizzle-orm";
import { fromSqlTime } from "../sql-time";

/** `(1, 2, 3)` (or quoted texts) for an `in` list; callers guard the empty list. */
export function idList(ids: readonly (number | string)[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** A timestamp column of a raw row as epoch ms, or null. */
export function time(value: string | Date | null | undefined): number | null {
  return fromSqlTime(value) ?? null;
}

/**
 * A timestamp as epoch ms in double precision: read as a plain number, where a timestamptz column
 * becomes a Date per row (thousands of rows: a Date each, then converted back).
 */
export function epochMs(at: SQL): SQL {
  return sql`(extract(epoch from ${at}) * 1000)::float8`;
}

/** A numeric column (bigint and numeric come back as strings) as a number, or null. */
export function num(value: string | number | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** A period a figure is measured over: [start, end] in epoch ms. */
export interface Window {
  start: number;
  end: number;
}
