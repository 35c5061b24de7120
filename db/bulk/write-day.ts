/**
 * Write one UTC day's bulk files (SPEC WEB-9): each dataset as gzipped CSV and as
 * Parquet, then `manifest.json`. The files are written into a fresh folder beside the day's and
 * swapped in whole, so a reader sees either the old day or the new one, never a mix. No text of
 * articles: the rows are the exports' rows (day-rows.ts), which hold none.
 */
import fs from "node:fs/promises";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { csvRow } from "../../lib/csv";
import { DATASET_VERSION } from "../../lib/dataset-version";
import {
  BULK_DATASETS,
  bulkFileName,
  policyDigest,
  sha256Hex,
  utcDayRange,
  type BulkFile,
  type BulkManifest,
} from "../../lib/bulk/manifest";
import { writeParquet } from "../../lib/bulk/parquet";
import type { Record_ } from "../open-data/datasets/types";
import type { ApiContext } from "../open-data/context";
import { bulkDataset, rangeRows } from "./day-rows";

/** The manifest's file name. */
export const MANIFEST = "manifest.json";

/** Scopes in force by outlet slug, for the manifest (outlets without any are left out). */
export function scopesInForce(ctx: ApiContext): Record<string, string[]> {
  const scopes: Record<string, string[]> = {};
  for (const o of ctx.outlets) {
    const s = [...ctx.policies.forOutlet(o.id).scopes];
    if (s.length) scopes[o.slug] = s.sort();
  }
  return scopes;
}

/** The digest of the policies `ctx` applies (lib/bulk/manifest.ts). */
export function contextDigest(ctx: ApiContext): string {
  return policyDigest(scopesInForce(ctx), ctx.policies.hiddenAuthors);
}

async function* csvChunks(fields: readonly string[], rows: readonly Record_[]): AsyncGenerator<string> {
  yield csvRow(fields);
  for (let i = 0; i < rows.length; i += 1000) {
    yield rows
      .slice(i, i + 1000)
      .map((r) => csvRow(fields.map((f) => r[f])))
      .join("");
  }
}

async function fileFacts(file: string): Promise<{ bytes: number; sha256: string }> {
  const bytes = await fs.readFile(file);
  return { bytes: bytes.length, sha256: sha256Hex(bytes) };
}

/** Write `day` (`AAAA-MM-DD`, UTC like every time in the open data) under `dir/<day>/`; returns its manifest. */
export async function writeBulkDay(o: { ctx: ApiContext; dir: string; day: string; now: number }): Promise<BulkManifest> {
  const range = utcDayRange(o.day);
  if (!range) throw new Error(`not a day: ${o.day}`);
  const final = path.join(o.dir, o.day);
  const work = path.join(o.dir, `${o.day}.partial-${process.pid}`);
  await fs.rm(work, { recursive: true, force: true });
  await fs.mkdir(work, { recursive: true });
  const files: BulkFile[] = [];
  const outlets: Record<string, number> = {};
  for (const name of BULK_DATASETS) {
    const dataset = bulkDataset(name);
    const rows: Record_[] = [];
    for await (const page of rangeRows(o.ctx, dataset, { from: range.start, to: range.end })) rows.push(...page);
    for (const r of rows) if (typeof r.outlet === "string") outlets[r.outlet] = (outlets[r.outlet] ?? 0) + 1;
    const csvName = bulkFileName(name, "csv.gz");
    await pipeline(Readable.from(csvChunks(dataset.fields, rows)), createGzip(), createWriteStream(path.join(work, csvName)));
    files.push({ name: csvName, dataset: name, format: "csv.gz", rows: rows.length, ...(await fileFacts(path.join(work, csvName))) });
    const parquetName = bulkFileName(name, "parquet");
    const parquet = writeParquet(dataset.fields, rows, { dataset: name, day: o.day, version: DATASET_VERSION });
    await fs.writeFile(path.join(work, parquetName), parquet);
    files.push({
      name: parquetName,
      dataset: name,
      format: "parquet",
      rows: rows.length,
      bytes: parquet.length,
      sha256: sha256Hex(parquet),
    });
  }
  const manifest: BulkManifest = {
    day: o.day,
    from: new Date(range.start).toISOString(),
    to: new Date(range.end).toISOString(),
    generated_at: new Date(o.now).toISOString(),
    dataset_version: DATASET_VERSION,
    files,
    scopes: scopesInForce(o.ctx),
    outlets,
    policy_digest: contextDigest(o.ctx),
  };
  await fs.writeFile(path.join(work, MANIFEST), JSON.stringify(manifest, null, 1) + "\n");
  // Swap: the old day (if any) is moved aside first, so the rename of the new one cannot fail on a full folder.
  const old = path.join(o.dir, `${o.day}.old-${process.pid}`);
  const had = await fs.rename(final, old).then(
    () => true,
    () => false,
  );
  await fs.rename(work, final);
  if (had) await fs.rm(old, { recursive: true, force: true });
  return manifest;
}
