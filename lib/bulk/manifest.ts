/**
 * The manifest of a day's bulk files (SPEC WEB-9): what each file holds (rows, bytes, sha256),
 * the open data's version and the exclusion scopes the rows were written under, so a reader can
 * check a download and a paper can say exactly what it used. Pure.
 */
import { createHash } from "node:crypto";

/** The datasets written every night, in the order the manifest lists them. */
export const BULK_DATASETS = ["articles", "headline-versions", "rank-spans", "stories"] as const;
export type BulkDataset = (typeof BULK_DATASETS)[number];

/** The two formats of every dataset. */
export const BULK_FORMATS = ["csv.gz", "parquet"] as const;
export type BulkFormat = (typeof BULK_FORMATS)[number];

/** One file of a day. */
export interface BulkFile {
  /** File name inside the day's folder: `<dataset>.<format>`. */
  name: string;
  dataset: BulkDataset;
  format: BulkFormat;
  rows: number;
  bytes: number;
  sha256: string;
}

/** `manifest.json`. */
export interface BulkManifest {
  /** The UTC day the rows belong to (`AAAA-MM-DD`), as the API's `from`/`to` read a date. */
  day: string;
  /** The instants [from, to) the day covers (ISO 8601, UTC). */
  from: string;
  to: string;
  generated_at: string;
  /** The open data's version (lib/dataset-version.ts). */
  dataset_version: string;
  files: BulkFile[];
  /** Exclusion scopes in force when the files were written, by outlet slug (outlets with none are left out). */
  scopes: Record<string, string[]>;
  /** Rows per outlet across the day's files: which outlets a deletion must look for. */
  outlets: Record<string, number>;
  /**
   * A digest of every policy the rows were shaped by (scopes and withheld bylines): a change in
   * force since means the files no longer say what the exports would, and are rewritten.
   */
  policy_digest: string;
}

/** The file name of a dataset in a format. */
export function bulkFileName(dataset: BulkDataset, format: BulkFormat): string {
  return `${dataset}.${format}`;
}

/** The dataset and format a file name names, or undefined: the only names the site serves. */
export function parseBulkFileName(name: string): { dataset: BulkDataset; format: BulkFormat } | undefined {
  for (const dataset of BULK_DATASETS)
    for (const format of BULK_FORMATS) if (name === bulkFileName(dataset, format)) return { dataset, format };
  return undefined;
}

/** A day folder's name: `AAAA-MM-DD`. */
export const BULK_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** sha256 in hex. */
export function sha256Hex(bytes: Uint8Array | string): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The digest of the policies in force: scopes by outlet and the withheld bylines (never written out themselves). */
export function policyDigest(scopes: Record<string, readonly string[]>, hiddenAuthors: Iterable<string>): string {
  const sortedScopes = Object.keys(scopes)
    .sort()
    .map((slug) => [slug, [...scopes[slug]!].sort()]);
  return sha256Hex(JSON.stringify({ scopes: sortedScopes, hiddenAuthors: [...hiddenAuthors].sort() }));
}

/** Read a manifest's text; undefined when it is not one. */
export function parseBulkManifest(text: string): BulkManifest | undefined {
  try {
    const m = JSON.parse(text) as Partial<BulkManifest>;
    if (typeof m.day !== "string" || !BULK_DAY.test(m.day) || !Array.isArray(m.files) || typeof m.generated_at !== "string")
      return undefined;
    if (typeof m.policy_digest !== "string" || typeof m.outlets !== "object" || m.outlets === null) return undefined;
    return m as BulkManifest;
  } catch {
    return undefined;
  }
}

/**
 * Whether a day's files must be rewritten: policies in force changed since (an exclusion, a
 * withheld byline), or an outlet whose rows they hold had its data deleted after they were written.
 */
export function needsRewrite(
  manifest: Pick<BulkManifest, "generated_at" | "outlets" | "policy_digest">,
  current: { policyDigest: string; deletions: readonly { slug: string; lastDeletedAt: number }[] },
): boolean {
  if (manifest.policy_digest !== current.policyDigest) return true;
  const written = Date.parse(manifest.generated_at);
  return current.deletions.some((d) => d.lastDeletedAt >= written && (manifest.outlets[d.slug] ?? 0) > 0);
}

/** A UTC calendar day `AAAA-MM-DD` as [start, end) instants, or undefined: the open data's days, as the API's `from`/`to` read them. */
export function utcDayRange(day: string): { start: number; end: number } | undefined {
  if (!BULK_DAY.test(day)) return undefined;
  const start = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== day) return undefined;
  return { start, end: start + 86_400_000 };
}

/** The UTC day of `at`, shifted by `days`. */
export function utcDay(at: number, days = 0): string {
  return new Date(at + days * 86_400_000).toISOString().slice(0, 10);
}
