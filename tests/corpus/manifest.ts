/**
 * The real-document corpus (docs/architecture.md, "Testing"): tests/corpus/manifest.json lists each
 * document's provenance (repository, path, commit, sha256) and the expectations checked by
 * hand. The bytes live in tests/corpus/files/ (git-ignored), built by
 * scripts/corpus-materialise.ts, or in the shared corpus beside the project
 * (`../shared/corpus/<kind>/<name>`, the same layout); this module reads the manifest and those files.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CORPUS_DIR = path.dirname(fileURLToPath(import.meta.url));
export const FILES_DIR = path.join(CORPUS_DIR, "files");
/** The shared copy of the corpus, relative to the project's root: `../shared/corpus`. */
export const SHARED_FILES_DIR = path.resolve(CORPUS_DIR, "../../../shared/corpus");

/** Where the files are: tests/corpus/files/ when materialised, else the shared copy (either is checked by sha256). */
export function corpusDir(): string {
  return fs.existsSync(FILES_DIR) ? FILES_DIR : SHARED_FILES_DIR;
}
export const MATERIALISE_COMMAND = "node --import tsx scripts/corpus-materialise.ts --mirrors <dir of git mirrors>  (or --clone)";

export type CorpusKind = "frontpages" | "articles" | "feeds" | "sitemaps";

export interface FrontPageExpectation {
  /** The first article links in reading order, with their visible headline. */
  first10: { url: string; headline: string }[];
  /** How many distinct own-site article links the page shows. */
  distinct: number;
  /** Every own-site article link seen by hand (for the "no non-article in the top 10" check). */
  articles?: string[];
}

export interface ArticleExpectation {
  headline?: string | null;
  publishedAt?: string | null;
  modifiedAt?: string | null;
  section?: string | null;
  authors?: string[];
  isAccessibleForFree?: boolean | null;
  canonical?: string | null;
  metaRobots?: string | null;
  /** Directives the page addresses to Googlebot or Googlebot-News only, as recorded (`googlebot:noarchive`): never ours (SIG-3). */
  metaRobotsGooglebot?: string | null;
  tdmReservation?: string | null;
  /** The first words of the body, kept only here (the product never stores a body, STO-3). */
  bodyStart?: string | null;
}

export interface FeedExpectation {
  count: number;
  first: { url: string; title?: string | null; date?: string | null } | null;
}

export interface SitemapExpectation {
  kind: "urlset" | "index";
  count: number;
  first: { url: string; lastmod?: string | null; newsTitle?: string | null; newsPublishedAt?: string | null } | null;
}

export interface CorpusFile {
  kind: CorpusKind;
  /** File name under tests/corpus/files/<kind>/. */
  name: string;
  repository: string;
  path: string;
  commit: string;
  /** sha256 of the materialised file. */
  sha256: string;
  /** sha256 of the blob in the repository, when a transformation (gunzip) was needed. */
  sourceSha256?: string;
  transform?: "gunzip";
  bytes: number;
  outlet?: string | null;
  language?: string | null;
  /** The URL the document was served at, when known (front pages and articles). */
  url?: string | null;
  /** The HTTP Content-Type it was served with, when known. */
  contentType?: string | null;
  licence?: string | null;
  /** The date of the commit the document comes from (an upper bound of its era). */
  committed?: string;
  era?: string;
  expect: FrontPageExpectation | ArticleExpectation | FeedExpectation | SitemapExpectation;
}

export interface Manifest {
  about: string;
  files: CorpusFile[];
}

export function readManifest(): Manifest {
  return JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, "manifest.json"), "utf8")) as Manifest;
}

/** The problems that stop the corpus from being read: missing files and sha256 mismatches. */
export function corpusProblems(manifest: Manifest, dir = corpusDir()): string[] {
  const problems: string[] = [];
  for (const file of manifest.files) {
    const at = path.join(dir, file.kind, file.name);
    if (!fs.existsSync(at)) problems.push(`missing ${file.kind}/${file.name}`);
    else if (createHash("sha256").update(fs.readFileSync(at)).digest("hex") !== file.sha256)
      problems.push(`sha256 differs: ${file.kind}/${file.name}`);
  }
  return problems;
}

/** Throws, naming the materialise command, unless every file is present and intact. */
export function assertCorpus(manifest: Manifest, dir = corpusDir()): void {
  const problems = corpusProblems(manifest, dir);
  if (problems.length > 0) {
    const shown = problems.slice(0, 5).join("; ") + (problems.length > 5 ? `; and ${problems.length - 5} more` : "");
    throw new Error(
      `the real-document corpus in ${dir} is not complete and intact (${shown}): run ${MATERIALISE_COMMAND}, or provide ${SHARED_FILES_DIR}`,
    );
  }
}

export function readCorpusFile(file: CorpusFile, dir = corpusDir()): Buffer {
  return fs.readFileSync(path.join(dir, file.kind, file.name));
}
