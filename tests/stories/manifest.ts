/**
 * The labelled real set of headlines for story clustering: tests/stories/manifest.json gives
 * every source file (repository, path, commit, sha256, licence, outlet, language, capture time);
 * scripts/stories-materialise.ts turns their bytes into tests/stories/files/items.jsonl
 * (git-ignored). This module holds the shared types and paths.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const STORIES_DIR = path.dirname(fileURLToPath(import.meta.url));
export const ITEMS_FILE = path.join(STORIES_DIR, "files", "items.jsonl");
export const MATERIALISE_COMMAND = "node --import tsx scripts/stories-materialise.ts --mirrors /work/.mirror";

/** One source file: a home page as a public git scraper saved it at one moment. */
export interface StorySourceFile {
  repository: string;
  path: string;
  commit: string;
  sha256: string;
  size: number;
  licence: string;
  outlet: string;
  language: string;
  /** The page's own address, against which its links are resolved. */
  pageUrl: string;
  /** When the scraper fetched the page (UTC): its own record, else the commit time. */
  captured: string;
  what: string;
}

/** One repository consulted, with its licence as the repository states it. */
export interface StorySource {
  repository: string;
  licence: string;
  what: string;
}

export interface StoriesManifest {
  about: string;
  /** What `time` means in items.jsonl. */
  time: string;
  sources: StorySource[];
  files: StorySourceFile[];
  /** sha256 of the items.jsonl these files give: a changed extraction fails loudly. */
  itemsSha256: string;
  itemCount: number;
}

/** One item of the set, as items.jsonl holds it (one JSON object a line). */
export interface StoryItem {
  url: string;
  outlet: string;
  language: string;
  /** ISO UTC: the first capture in which the item was seen on its outlet's home page. */
  time: string;
  title: string;
  description: string | null;
}

export function readStoriesManifest(root: string): StoriesManifest {
  return JSON.parse(fs.readFileSync(path.join(root, "tests/stories/manifest.json"), "utf8")) as StoriesManifest;
}
