/**
 * Serving one bulk file (SPEC WEB-9): `/api/v1/bulk/<day>/<file>`, streamed from disk with its
 * type, length and checksum. Only the names a day's manifest lists (and the manifest itself) are
 * served, so no path a client sends reaches the file system. Counted against the export budget
 * by the front door (lib/front-door/api-budget.ts).
 */
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { bulkFilePath } from "../../../db/bulk/read-days";
import { BULK_DAY, parseBulkManifest } from "../../../lib/bulk/manifest";
import { notFound } from "../../../db/open-data/errors";
import { EXPORT_CACHE } from "../api/http";

/** Content types of the bulk files: the gzip file as such, Parquet by its registered type. */
export function bulkContentType(name: string): string {
  if (name.endsWith(".csv.gz")) return "application/gzip";
  if (name.endsWith(".parquet")) return "application/vnd.apache.parquet";
  return "application/json; charset=utf-8";
}

/** The response for `file` of `day` under `dir`; unknown → ApiError 404. */
export async function bulkFileResponse(dir: string, day: string, file: string): Promise<Response> {
  if (!BULK_DAY.test(day)) throw notFound(`bulk day "${day.slice(0, 20)}"`);
  const manifest = parseBulkManifest(await fs.readFile(path.join(dir, day, "manifest.json"), "utf8").catch(() => ""));
  const where = manifest && bulkFilePath(dir, day, file, manifest);
  if (!manifest || !where) throw notFound(`bulk file "${day}/${file.slice(0, 60)}"`);
  const stat = await fs.stat(where).catch(() => undefined);
  if (!stat) throw notFound(`bulk file "${day}/${file}"`);
  const listed = manifest.files.find((f) => f.name === file);
  const stream = Readable.toWeb(createReadStream(where)) as ReadableStream<Uint8Array>;
  return new Response(stream, {
    headers: {
      "Access-Control-Allow-Origin": "*",
      "Cache-Control": EXPORT_CACHE,
      "Content-Type": bulkContentType(file),
      "Content-Length": String(stat.size),
      "Content-Disposition": `attachment; filename="hemeroscopio-${day}-v${manifest.dataset_version}-${file}"`,
      "Hemeroscopio-Dataset-Version": manifest.dataset_version,
      ...(listed ? { "Hemeroscopio-Sha256": listed.sha256 } : {}),
    },
  });
}
