/**
 * The bulk files on disk, as the site lists and serves them (SPEC WEB-9): the day folders
 * under the bulk folder with a readable manifest, newest first. Reads files only.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { BULK_DAY, parseBulkManifest, type BulkManifest } from "../../lib/bulk/manifest";

/** Every kept day with its manifest, newest first; days being written or without a manifest are left out. */
export async function readBulkDays(dir: string): Promise<BulkManifest[]> {
  const names = await fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [] as string[];
    throw error;
  });
  const days = names
    .filter((n) => BULK_DAY.test(n))
    .sort()
    .reverse();
  const manifests = await Promise.all(
    days.map(async (day) => parseBulkManifest(await fs.readFile(path.join(dir, day, "manifest.json"), "utf8").catch(() => ""))),
  );
  return manifests.filter((m): m is BulkManifest => m !== undefined);
}

/** The path of one served file of a day, or undefined when the day or the name is not one the site serves. */
export function bulkFilePath(dir: string, day: string, name: string, manifest: BulkManifest): string | undefined {
  if (!BULK_DAY.test(day) || manifest.day !== day) return undefined;
  if (name !== "manifest.json" && !manifest.files.some((f) => f.name === name)) return undefined;
  return path.join(dir, day, name);
}
