/**
 * Public labelled headline sets (SPEC DER-12): tests/labelled/manifest.json gives each set's
 * provenance (repository, path, commit, sha256, licence, size, date). The bytes live in
 * tests/labelled/files/ (git-ignored), written by scripts/labelled-materialise.ts; this
 * module reads the manifest and the files.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseCsv } from "../../lib/csv";

export const LABELLED_DIR = path.dirname(fileURLToPath(import.meta.url));
export const FILES_DIR = path.join(LABELLED_DIR, "files");
export const MATERIALISE_COMMAND = "node --import tsx scripts/labelled-materialise.ts --mirrors <dir of git mirrors>  (or --clone)";

/** One file inside a set's archive. */
export interface LabelledFile {
  name: string;
  sha256: string;
  bytes: number;
}

/** One set: where its archive is, and what it holds. */
export interface LabelledSet {
  name: string;
  title: string;
  task: "clickbait";
  repository: string;
  path: string;
  commit: string;
  committed: string;
  sourceSha256: string;
  bytes: number;
  licence: string;
  size: string;
  files: LabelledFile[];
}

/** The manifest as written. */
export interface LabelledManifest {
  about: string;
  sets: LabelledSet[];
  lookedAt: { name: string; where: string; why: string }[];
}

export function readLabelledManifest(): LabelledManifest {
  return JSON.parse(fs.readFileSync(path.join(LABELLED_DIR, "manifest.json"), "utf8")) as LabelledManifest;
}

/** A set's CSV files (those `only` keeps, by name) as records keyed by the header, or an error naming the command that builds them. */
export function readLabelledRecords(set: LabelledSet, only: (fileName: string) => boolean = () => true): Record<string, string>[] {
  const records: Record<string, string>[] = [];
  for (const file of set.files.filter((f) => only(f.name))) {
    const target = path.join(FILES_DIR, set.name, file.name);
    if (!fs.existsSync(target)) throw new Error(`${path.relative(process.cwd(), target)} is missing: run ${MATERIALISE_COMMAND}`);
    const [header, ...rows] = parseCsv(fs.readFileSync(target, "utf8"));
    for (const r of rows) if (r.length === header!.length) records.push(Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
  }
  return records;
}
