/**
 * Published rows → Parquet columns (SPEC WEB-9). A row holds what the CSV export holds, so a
 * column takes its type from the values: whole-number ids (`id`, `*_id`) as INT64, other numbers
 * as DOUBLE, true/false as BOOLEAN, and text as UTF-8 strings. Lists (authors, scopes) are joined
 * with "; " exactly as in the CSV. A column with no value that day is a string column of nulls.
 * Pure.
 */
import type { ColumnSource } from "hyparquet-writer";

/** A published value (db/open-data/datasets/types.ts's Record_ values). */
export type PublishedValue = string | number | boolean | null | readonly string[];

type Kind = "INT64" | "DOUBLE" | "BOOLEAN" | "STRING";

const isIdField = (name: string) => name === "id" || name.endsWith("_id");

/** The Parquet type of a field from its values. */
export function columnKind(name: string, values: readonly PublishedValue[]): Kind {
  const first = values.find((v) => v !== null && v !== undefined);
  if (typeof first === "boolean") return "BOOLEAN";
  if (typeof first === "number") return isIdField(name) && values.every((v) => v === null || Number.isSafeInteger(v)) ? "INT64" : "DOUBLE";
  return "STRING";
}

function cell(kind: Kind, v: PublishedValue | undefined): unknown {
  if (v === null || v === undefined) return null;
  if (kind === "INT64") return BigInt(v as number);
  if (kind === "DOUBLE") return typeof v === "number" ? v : Number(v);
  if (kind === "BOOLEAN") return Boolean(v);
  return typeof v === "string" ? v : Array.isArray(v) ? v.join("; ") : String(v);
}

/** The columns of `rows` in the order of `fields`. */
export function parquetColumns(fields: readonly string[], rows: readonly Record<string, PublishedValue>[]): ColumnSource[] {
  return fields.map((name) => {
    const values = rows.map((r) => r[name] ?? null);
    const kind = columnKind(name, values);
    return { name, type: kind, data: values.map((v) => cell(kind, v)) as ColumnSource["data"], nullable: true };
  });
}
