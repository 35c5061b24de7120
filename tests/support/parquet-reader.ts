/**
 * An independent Parquet reader for the bulk files' tests: parquet-wasm (the Rust arrow-rs
 * implementation, compiled to WebAssembly) decodes, apache-arrow turns the table into rows.
 * Neither shares code with the writer (hyparquet-writer), so a file both agree on is Parquet.
 */
import { createRequire } from "node:module";
import { tableFromIPC } from "apache-arrow";

type ParquetWasm = typeof import("parquet-wasm/node");
const wasm = createRequire(import.meta.url)("parquet-wasm/node") as ParquetWasm;

/** The column names and rows of a Parquet file (INT64 as bigint, nulls as null). */
export function readParquetRows(bytes: Uint8Array): { fields: string[]; rows: Record<string, unknown>[] } {
  const table = tableFromIPC(wasm.readParquet(bytes).intoIPCStream());
  const fields = table.schema.fields.map((f) => f.name);
  const rows = table.toArray().map((r) => {
    const row = r as Record<string, unknown>;
    return Object.fromEntries(fields.map((f) => [f, row[f] ?? null]));
  });
  return { fields, rows };
}

/** A Parquet value as the CSV export writes it (lib/csv.ts's csvCell, without its quoting). */
export function asCsvText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "true" : "false";
  return String(value);
}
