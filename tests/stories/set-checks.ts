/**
 * Checks every whole-day labelled story set shares (SPEC DER-2, DER-13): each source file's
 * provenance, the independent second pass's shape, and the set lying wholly in the held-out split.
 */
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { heldBack } from "../../scripts/stories-materialise";
import { HELD_OUT_FROM_BY_SET, splitByStoryDay } from "./labelled-set";
import { readStoriesManifest, type StoryItem, type StorySourceFile } from "./manifest";

/** The sets labelled a whole day at a time, each held out whole. */
type DaySet = "later" | "april";

/** A source file names its repository, commit, hash, licence and capture time, is not held back, and is of a day `otherDays` lacks. */
export function expectProvenance(f: StorySourceFile, otherDays: ReadonlySet<string>): void {
  const where = `${f.repository} ${f.commit}:${f.path}`;
  expect(f.commit, where).toMatch(/^[0-9a-f]{40}$/);
  expect(f.sha256, where).toMatch(/^[0-9a-f]{64}$/);
  expect(f.licence.length, where).toBeGreaterThan(0);
  expect(f.captured, where).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  expect(heldBack(f), where).toBeUndefined();
  expect(["fr.de", "volksstimme.de"], where).not.toContain(f.outlet);
  expect(otherDays.has(f.captured.slice(0, 10)), where).toBe(false);
}

/** The set's `second-pass.json`: described, naming only items of its labels, in groups of two or more with slug ids (never text). */
export function expectSecondPassWellFormed(root: string, set: DaySet): void {
  const read = (file: string) =>
    JSON.parse(fs.readFileSync(path.join(root, "tests/stories", set, file), "utf8")) as { about?: string; items: Record<string, string> };
  const labelled = new Set(Object.keys(read("labels.json").items));
  const second = read("second-pass.json");
  expect(second.about?.length ?? 0).toBeGreaterThan(0);
  const sizes = new Map<string, number>();
  for (const [url, group] of Object.entries(second.items)) {
    expect(labelled.has(url), url).toBe(true);
    expect(group, url).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    sizes.set(group, (sizes.get(group) ?? 0) + 1);
  }
  expect(sizes.size).toBeGreaterThan(0);
  for (const [group, size] of sizes) expect(size, group).toBeGreaterThanOrEqual(2);
}

/** Every capture of the set falls in its held-out split. */
export function expectHeldOutWhole(root: string, set: DaySet): void {
  const items: StoryItem[] = readStoriesManifest(root, set).files.map((f, n) => ({
    url: `https://example.org/${n}`,
    outlet: f.outlet,
    language: f.language,
    time: f.captured,
    title: "t",
    description: "d",
  }));
  const split = splitByStoryDay(items, new Map(items.map((i) => [i.url, "s"])), HELD_OUT_FROM_BY_SET[set]);
  expect(new Set(split.values())).toEqual(new Set(["held-out"]));
}
