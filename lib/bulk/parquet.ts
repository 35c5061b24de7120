/**
 * A dataset's published rows as one Parquet file (SPEC WEB-9), written with hyparquet-writer
 * (docs/research-data.md says why that writer). The file's key-value metadata names the
 * dataset, the day and the open data's version, so a file on its own still says what it is.
 * Pages are GZIP-compressed with Node's zlib: the smallest of the codecs measured, and one every
 * Parquet reader has. Pure.
 */
import { gzipSync } from "node:zlib";
import { parquetWriteBuffer } from "hyparquet-writer";
import { parquetColumns, type PublishedValue } from "./parquet-columns";

/** The bytes of a Parquet file holding `rows` with the columns `fields`. */
export function writeParquet(
  fields: readonly string[],
  rows: readonly Record<string, PublishedValue>[],
  meta: { dataset: string; day: string; version: string },
): Uint8Array {
  const buffer = parquetWriteBuffer({
    columnData: parquetColumns(fields, rows),
    codec: "GZIP",
    compressors: { GZIP: (bytes) => new Uint8Array(gzipSync(bytes)) },
    kvMetadata: [
      { key: "hemeroscopio.dataset", value: meta.dataset },
      { key: "hemeroscopio.day", value: meta.day },
      { key: "hemeroscopio.dataset_version", value: meta.version },
    ],
    createdBy: `hemeroscopio ${meta.version}`,
  });
  return new Uint8Array(buffer);
}
