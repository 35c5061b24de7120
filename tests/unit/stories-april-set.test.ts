/**
 * The April described story set (SPEC DER-2): the later set's seventeen pages captured a month
 * on, 1 April 2022, their headlines with teaser summaries held out whole and labelled by hand
 * before any clustering output on them existed (tests/stories/april/GUIDE.md). Its manifest
 * names every source file with its provenance, on a day no other set uses; an independent second
 * pass (second-pass.json) measures the labels' agreement. The clustering is scored on the
 * materialised items by `npm run bench -- stories` (docs/stories.md).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { expectHeldOutWhole, expectProvenance, expectSecondPassWellFormed } from "../stories/set-checks";
import { materialiseCommand, readStoriesManifest } from "../stories/manifest";

const root = path.resolve(__dirname, "../..");
const readLabels = () =>
  JSON.parse(fs.readFileSync(path.join(root, "tests/stories/april/labels.json"), "utf8")) as {
    guide: string;
    items: Record<string, string>;
  };

describe("the April described story set (DER-2, DER-13)", () => {
  it("DER-2, DER-13: every source file has its provenance, none held back, on a day no other set uses", () => {
    const manifest = readStoriesManifest(root, "april");
    expect(manifest.files.length).toBeGreaterThan(0);
    const otherDays = new Set(
      (["titles", "described", "later"] as const).flatMap((set) =>
        readStoriesManifest(root, set).files.map((f) => f.captured.slice(0, 10)),
      ),
    );
    for (const f of manifest.files) expectProvenance(f, otherDays);
    // The same pages as the later set, a month on: the two days compare like for like.
    const pages = (set: "later" | "april") => readStoriesManifest(root, set).files.map((f) => `${f.repository}:${f.path}`);
    expect(pages("april")).toEqual(pages("later"));
    expect(manifest.extractedAt).toBe(readStoriesManifest(root, "later").extractedAt);
    expect(manifest.itemsSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(materialiseCommand("april")).toMatch(/ --april$/);
  });

  it("DER-2: every item has a label, stories of several items have slugs, items alone their own solo id", () => {
    const manifest = readStoriesManifest(root, "april");
    const labels = readLabels();
    expect(fs.existsSync(path.join(root, labels.guide))).toBe(true);
    expect(Object.keys(labels.items)).toHaveLength(manifest.itemCount);
    expect(manifest.itemCount).toBeGreaterThanOrEqual(400);
    const sizes = new Map<string, number>();
    for (const [url, story] of Object.entries(labels.items)) {
      expect(URL.canParse(url), url).toBe(true);
      sizes.set(story, (sizes.get(story) ?? 0) + 1);
    }
    for (const [story, size] of sizes) {
      if (story.startsWith("solo-")) {
        expect(story, story).toMatch(/^solo-[0-9a-f]{8}$/);
        expect(size, story).toBe(1);
      } else {
        expect(story, story).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(size, story).toBeGreaterThanOrEqual(2);
      }
    }
    expect([...sizes.values()].filter((n) => n >= 2).length).toBeGreaterThan(0);
  });

  it("DER-2: the independent second pass names only items of the set, each group with two or more", () => {
    expectSecondPassWellFormed(root, "april");
  });

  it("DER-2: every item of the set is in the held-out split", () => {
    expectHeldOutWhole(root, "april");
  });
});
