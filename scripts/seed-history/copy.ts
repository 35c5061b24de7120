/**
 * Bulk writing with COPY … FROM STDIN (text format): rows are encoded in chunks of about
 * 1 MiB and streamed, so a year of rows never sits in memory as one string.
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type postgres from "postgres";

/** A cell: null, number, boolean, epoch-ms time (as `{ t }`), text, or a text array. */
export type CopyValue = string | number | boolean | null | { t: number } | readonly string[];

const escapeText = (s: string) => s.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");

/** One cell in COPY text format. */
export function copyCell(v: CopyValue): string {
  if (v === null) return "\\N";
  if (typeof v === "number") return String(v);
  if (typeof v === "boolean") return v ? "t" : "f";
  if (typeof v === "string") return escapeText(v);
  if (Array.isArray(v)) return escapeText(`{${v.map((x) => `"${String(x).replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`);
  return new Date((v as { t: number }).t).toISOString();
}

function* chunks<T>(rows: readonly T[], encode: (row: T) => CopyValue[]): Generator<string> {
  let text = "";
  for (const row of rows) {
    text += encode(row).map(copyCell).join("\t") + "\n";
    if (text.length > 1_000_000) {
      yield text;
      text = "";
    }
  }
  if (text) yield text;
}

/** COPY `rows` into `table (columns)`; returns the row count. */
export async function copyRows<T>(
  sql: postgres.Sql,
  table: string,
  columns: readonly string[],
  rows: readonly T[],
  encode: (row: T) => CopyValue[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const writable = await sql.unsafe(`copy ${table} (${columns.join(", ")}) from stdin`).writable();
  await pipeline(Readable.from(chunks(rows, encode)), writable);
  return rows.length;
}
