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
import { expectHeldOutWhole, expectProvenance, expectSecondPassWellFormed } from "../stories/set-checks";
import { readStoriesManifest } from "../stories/manifest";

const root = path.resolve(__dirname, "../..");

describe("the later described story set (DER-2, DER-13)", () => {
  it("DER-2, DER-13: every source file has its provenance, none held back, on a day no other set uses", () => {
    const manifest = readStoriesManifest(root, "later");
    expect(manifest.files.length).toBeGreaterThan(0);
    const otherDays = new Set(
      (["titles", "described"] as const).flatMap((set) => readStoriesManifest(root, set).files.map((f) => f.captured.slice(0, 10))),
    );
    for (const f of manifest.files) expectProvenance(f, otherDays);
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
    expectSecondPassWellFormed(root, "later");
  });

  it("DER-2: every item of the set is in the held-out split", () => {
    expectHeldOutWhole(root, "later");
  });
});
