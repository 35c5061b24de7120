/**
 * The later described story set (SPEC DER-2): one more day of real headlines with their teaser
 * summaries, held out whole and labelled by hand (tests/stories/later/GUIDE.md). Its manifest
 * names every source file with its provenance, on a day no other set uses; an independent second
 * pass (second-pass.json) measures the labels' agreement. The clustering is scored on the
 * materialised items by `npm run bench -- stories` (docs/stories.md).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { heldBack } from "../../scripts/stories-materialise";
import { HELD_OUT_FROM_BY_SET, splitByStoryDay } from "../stories/labelled-set";
import { readStoriesManifest, type StoryItem } from "../stories/manifest";

const root = path.resolve(__dirname, "../..");

describe("the later described story set (DER-2, DER-13)", () => {
  it("DER-2, DER-13: every source file has its provenance, none held back, on a day no other set uses", () => {
    const manifest = readStoriesManifest(root, "later");
    expect(manifest.files.length).toBeGreaterThan(0);
    const otherDays = new Set(
      (["titles", "described"] as const).flatMap((set) => readStoriesManifest(root, set).files.map((f) => f.captured.slice(0, 10))),
    );
    for (const f of manifest.files) {
      const where = `${f.repository} ${f.commit}:${f.path}`;
      expect(f.commit, where).toMatch(/^[0-9a-f]{40}$/);
      expect(f.sha256, where).toMatch(/^[0-9a-f]{64}$/);
      expect(f.licence.length, where).toBeGreaterThan(0);
      expect(f.captured, where).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(heldBack(f), where).toBeUndefined();
      expect(["fr.de", "volksstimme.de"], where).not.toContain(f.outlet);
      expect(otherDays.has(f.captured.slice(0, 10)), where).toBe(false);
    }
    expect(manifest.extractedAt).toMatch(/^[0-9a-f]{40}$/);
    const labels = JSON.parse(fs.readFileSync(path.join(root, "tests/stories/later/labels.json"), "utf8")) as {
      guide: string;
      items: Record<string, string>;
    };
    expect(fs.existsSync(path.join(root, labels.guide))).toBe(true);
    expect(Object.keys(labels.items)).toHaveLength(manifest.itemCount);
    expect(manifest.itemCount).toBeGreaterThanOrEqual(400);
  });

  it("DER-2: the independent second pass names only items of the set, each group with two or more", () => {
    const read = (file: string) =>
      JSON.parse(fs.readFileSync(path.join(root, "tests/stories/later", file), "utf8")) as {
        about?: string;
        items: Record<string, string>;
      };
    const labelled = new Set(Object.keys(read("labels.json").items));
    const second = read("second-pass.json");
    expect(second.about?.length ?? 0).toBeGreaterThan(0);
    const sizes = new Map<string, number>();
    for (const [url, group] of Object.entries(second.items)) {
      expect(labelled.has(url), url).toBe(true);
      expect(group.length, url).toBeGreaterThan(0);
      sizes.set(group, (sizes.get(group) ?? 0) + 1);
    }
    expect(sizes.size).toBeGreaterThan(0);
    for (const [group, size] of sizes) expect(size, group).toBeGreaterThanOrEqual(2);
  });

  it("DER-2: every item of the set is in the held-out split", () => {
    const manifest = readStoriesManifest(root, "later");
    const items: StoryItem[] = manifest.files.map((f, n) => ({
      url: `https://example.org/${n}`,
      outlet: f.outlet,
      language: f.language,
      time: f.captured,
      title: "t",
      description: "d",
    }));
    const split = splitByStoryDay(items, new Map(items.map((i) => [i.url, "s"])), HELD_OUT_FROM_BY_SET.later);
    expect(new Set(split.values())).toEqual(new Set(["held-out"]));
  });
});
