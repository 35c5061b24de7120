import { describe, expect, it } from "vitest";
import { classifyHeadlineChanges, countHeadlineChanges, type SeenVersion } from "../../../lib/analysis/ab-tests";

const H = 3_600_000;
const v = (textHash: string, from: number, to: number, seenIn: string[] = ["frontpage"]): SeenVersion => ({
  textHash,
  firstSeenAt: from * H,
  lastSeenAt: to * H,
  seenIn,
});

describe("A/B tests versus rewrites (DER-6)", () => {
  it.each([
    ["one version: no change", [v("A", 0, 5)], { tests: [], rewrites: 0 }],
    ["A then B then C, one after another: two rewrites", [v("A", 0, 1), v("B", 1.25, 3), v("C", 3.25, 9)], { tests: [], rewrites: 2 }],
    ["A→B→A: A is seen again hours after B appeared: one test", [v("A", 0, 6), v("B", 1, 2)], { tests: [["A", "B"]], rewrites: 0 }],
    [
      "rotation A, B, C within a day: one test of three",
      [v("A", 0, 10), v("B", 1, 11), v("C", 2, 9)],
      { tests: [["A", "B", "C"]], rewrites: 0 },
    ],
    ["a rewrite, then a test between the new versions", [v("A", 0, 1), v("B", 2, 8), v("C", 3, 7)], { tests: [["B", "C"]], rewrites: 0 }],
    ["a test, then a final rewrite", [v("A", 0, 5), v("B", 1, 4), v("C", 6, 9)], { tests: [["A", "B"]], rewrites: 1 }],
    [
      "a feed cache serving A 15 minutes after B appeared on the front page is a rewrite",
      [v("A", 0, 1.25, ["feed", "frontpage"]), v("B", 1, 5, ["feed", "frontpage"])],
      { tests: [], rewrites: 1 },
    ],
    [
      "A still seen 25 minutes after B appeared, both alive to the end: a test",
      [v("A", 0, 9), v("B", 8 + 35 / 60, 9)],
      { tests: [["A", "B"]], rewrites: 0 },
    ],
    [
      "A back 3 minutes after B was last seen, only 28 minutes after B appeared: a test",
      [v("A", 0, 1 + 41 / 60), v("B", 1 + 13 / 60, 1 + 28 / 60)],
      { tests: [["A", "B"]], rewrites: 0 },
    ],
    ["a rewrite chain A→B→C seen in order is no test", [v("A", 0, 1), v("B", 1.1, 1.5), v("C", 1.6, 4)], { tests: [], rewrites: 2 }],
    [
      "one headline in the feed, another on the front page, at the same time: no test",
      [v("A", 0, 9, ["feed"]), v("B", 0.5, 9, ["frontpage"])],
      { tests: [], rewrites: 1 },
    ],
  ])("DER-6: %s", (_name, versions, expected) => {
    const r = classifyHeadlineChanges(versions);
    expect({ tests: r.tests, rewrites: r.rewrites }).toEqual(expected);
    expect([...r.inTest].sort()).toEqual(expected.tests.flat().sort());
    expect(countHeadlineChanges(versions)).toEqual({ tests: expected.tests.length, rewrites: expected.rewrites });
  });

  it("DER-6: the counts the outlet figures read agree with the classification on 2,000 drawn articles", () => {
    // A fixed generator: 1–6 versions, intervals of minutes to hours, one or two of three channels.
    let state = 7;
    const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const channels = ["feed", "sitemap", "frontpage"];
    for (let n = 0; n < 2000; n++) {
      const versions = Array.from({ length: 1 + Math.floor(next() * 6) }, (_, i) => {
        const from = next() * 10;
        const seenIn = channels.filter(() => next() < 0.5);
        return v(`h${i}`, from, from + next() * 4, seenIn.length > 0 ? seenIn : ["frontpage"]);
      });
      const r = classifyHeadlineChanges(versions);
      expect(countHeadlineChanges(versions)).toEqual({ tests: r.tests.length, rewrites: r.rewrites });
    }
  });

  it("DER-6: the order the versions come in does not matter", () => {
    const versions = [v("C", 3, 7), v("A", 0, 1), v("B", 2, 8)];
    expect(classifyHeadlineChanges(versions).tests).toEqual([["B", "C"]]);
  });
});
