/**
 * Loads the labelled real set for story clustering: the items materialised into
 * tests/stories/files/items.jsonl and the hand-written labels (URL → story id). Fails loudly
 * when the items are missing, when their sha256 differs from the manifest, or when items and
 * labels do not match one to one; splits the set into `development` and `held-out` by day.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { materialiseCommand, readStoriesManifest, STORY_SET_DIRS, type StoryItem, type StorySet } from "./manifest";

/** Stories whose first item is on or after this UTC day form the held-out split (GUIDE.md). */
export const HELD_OUT_FROM = "2022-01-30";
/**
 * The described set covers the same days and is split on the same day; the later set
 * (1 March 2022) and the April set (1 April 2022) are held out whole.
 */
export const HELD_OUT_FROM_BY_SET: Readonly<Record<StorySet, string>> = {
  titles: HELD_OUT_FROM,
  described: HELD_OUT_FROM,
  later: "2022-03-01",
  april: "2022-04-01",
};

export type StorySplit = "development" | "held-out";

export interface LabelledStories {
  items: StoryItem[];
  /** URL → story id, for every item. */
  labels: Map<string, string>;
  /** URL → split; every item of a story is in the split of the story's first item. */
  split: Map<string, StorySplit>;
}

interface LabelsFile {
  guide: string;
  items: Record<string, string>;
}

/** The split of each item: the day of its story's first item against HELD_OUT_FROM. */
export function splitByStoryDay(
  items: readonly StoryItem[],
  labels: ReadonlyMap<string, string>,
  heldOutFrom = HELD_OUT_FROM,
): Map<string, StorySplit> {
  const firstDay = new Map<string, string>();
  for (const item of items) {
    const story = labels.get(item.url)!;
    const day = item.time.slice(0, 10);
    const known = firstDay.get(story);
    if (known === undefined || day < known) firstDay.set(story, day);
  }
  return new Map(items.map((i) => [i.url, firstDay.get(labels.get(i.url)!)! >= heldOutFrom ? "held-out" : "development"]));
}

export function loadLabelledStories(root: string, set: StorySet = "titles"): LabelledStories {
  const manifest = readStoriesManifest(root, set);
  const dir = path.join(root, STORY_SET_DIRS[set]);
  // The items are materialised into the set's files/ folder, or placed in the shared copy
  // beside the project (../shared/<set folder>/files/items.jsonl), as CI gets them.
  const candidates = [path.join(dir, "files/items.jsonl"), path.join(root, "../shared", STORY_SET_DIRS[set], "files/items.jsonl")];
  const itemsFile = candidates.find((file) => fs.existsSync(file)) ?? candidates[0]!;
  const MATERIALISE_COMMAND = materialiseCommand(set);
  if (!fs.existsSync(itemsFile))
    throw new Error(`${itemsFile} is missing: run ${MATERIALISE_COMMAND} (or place the file in ${candidates[1]})`);
  const text = fs.readFileSync(itemsFile, "utf8");
  const digest = createHash("sha256").update(text).digest("hex");
  if (digest !== manifest.itemsSha256)
    throw new Error(`${itemsFile} has sha256 ${digest}, the manifest says ${manifest.itemsSha256}: run ${MATERIALISE_COMMAND}`);
  const items = text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as StoryItem);
  const file = JSON.parse(fs.readFileSync(path.join(dir, "labels.json"), "utf8")) as LabelsFile;
  const labels = new Map(Object.entries(file.items));
  const unlabelled = items.filter((i) => !labels.has(i.url));
  if (unlabelled.length > 0) throw new Error(`${unlabelled.length} items have no label, first ${unlabelled[0]!.url}`);
  const urls = new Set(items.map((i) => i.url));
  const stray = [...labels.keys()].filter((url) => !urls.has(url));
  if (stray.length > 0 || urls.size !== items.length)
    throw new Error(`labels and items differ: ${stray.length} labels without an item, ${items.length - urls.size} repeated URLs`);
  return { items, labels, split: splitByStoryDay(items, labels, HELD_OUT_FROM_BY_SET[set]) };
}
