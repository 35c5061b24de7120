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

/**
 * The labelled sets: `titles` (home-page headlines, tests/stories/), `described` (headline and
 * teaser summary, tests/stories/described/) and `later` (headline and teaser summary of a later
 * day, 1 March 2022, tests/stories/later/, held out whole) and `april` (the same pages on
 * 1 April 2022, tests/stories/april/, held out whole and labelled before any clustering output on
 * it existed). Each has its manifest, labels and git-ignored items under its folder.
 */
export type StorySet = "titles" | "described" | "later" | "april";
export const STORY_SET_DIRS: Readonly<Record<StorySet, string>> = {
  titles: "tests/stories",
  described: "tests/stories/described",
  later: "tests/stories/later",
  april: "tests/stories/april",
};
/** The command that materialises a set's items. */
export const materialiseCommand = (set: StorySet) => (set === "titles" ? MATERIALISE_COMMAND : `${MATERIALISE_COMMAND} --${set}`);

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
  /** The commit whose parsers extracted the items (the labels were written on their texts). */
  extractedAt?: string;
  about: string;
  /** What `time` means in items.jsonl. */
  time: string;
  /** What `description` means in items.jsonl (the described set). */
  description?: string;
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

export function readStoriesManifest(root: string, set: StorySet = "titles"): StoriesManifest {
  return JSON.parse(fs.readFileSync(path.join(root, STORY_SET_DIRS[set], "manifest.json"), "utf8")) as StoriesManifest;
}
