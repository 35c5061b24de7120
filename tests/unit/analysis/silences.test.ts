import { describe, expect, it } from "vitest";
import { DEFAULT_SILENCE_RULE, silencesOf, widelyCarried, type StoryCarriers } from "../../../lib/analysis/silences";

const story = (storyId: number, carriers: [number, number | null][]): StoryCarriers => ({ storyId, carriers: new Map(carriers) });
const TEN = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
const others = (n: number, rank: number | null = 1): [number, number | null][] => Array.from({ length: n }, (_, i) => [i + 2, rank]);

describe("silence rule", () => {
  it.each([
    [6, undefined],
    [7, 7],
    [10, 10],
  ])("DER-11: a story carried by %i of 10 followed outlets is widely carried: %s", (n, expected) => {
    expect(
      widelyCarried(
        story(
          1,
          Array.from({ length: n }, (_, i) => [i + 1, 1]),
        ),
        TEN,
      ),
    ).toBe(expected);
  });

  it("DER-11: outlets that are not followed do not count, on either side of the share", () => {
    const followed = new Set([1, 2, 3, 4]);
    expect(
      widelyCarried(
        story(1, [
          [2, 1],
          [3, 1],
          [11, 1],
          [12, 1],
          [13, 1],
        ]),
        followed,
      ),
    ).toBeUndefined();
    expect(
      widelyCarried(
        story(1, [
          [2, 1],
          [3, 1],
          [4, 1],
          [11, 1],
        ]),
        followed,
      ),
    ).toBe(3);
  });

  it("DER-11: with fewer followed outlets than the minimum, nothing is judged", () => {
    expect(
      widelyCarried(
        story(1, [
          [1, 1],
          [2, 1],
        ]),
        new Set([1, 2]),
      ),
    ).toBeUndefined();
  });

  it("DER-11: a widely carried story the outlet never ran is a silence; one it ran high is not", () => {
    const stories = [story(1, others(8)), story(2, [[1, 3], ...others(8)]), story(3, others(5))];
    expect(silencesOf(1, stories, { followed: TEN, positions: true })).toEqual([
      { storyId: 1, kind: "no-publicada", carriers: 8, followed: 10, bestRank: null },
    ]);
  });

  it("DER-11: a story it ran but never above the top ranks, or never on its front page, is a silence while positions may be judged", () => {
    const stories = [
      story(1, [[1, DEFAULT_SILENCE_RULE.topRank + 1], ...others(7)]),
      story(2, [[1, null], ...others(9)]),
      story(3, [[1, 10], ...others(7)]),
    ];
    expect(silencesOf(1, stories, { followed: TEN, positions: true })).toEqual([
      { storyId: 2, kind: "fuera-de-cabeza", carriers: 10, followed: 10, bestRank: null },
      { storyId: 1, kind: "fuera-de-cabeza", carriers: 8, followed: 10, bestRank: 11 },
    ]);
    expect(silencesOf(1, stories, { followed: TEN, positions: false })).toEqual([]);
  });

  it("DER-11: an outlet we did not follow in the period has no silences", () => {
    expect(silencesOf(11, [story(1, others(9))], { followed: TEN, positions: true })).toEqual([]);
  });

  it("DER-11: the share and the top rank are knobs", () => {
    const stories = [story(1, others(5, 4))];
    const rule = { share: 0.5, topRank: 3, minFollowed: 3 };
    expect(silencesOf(1, stories, { followed: TEN, positions: true, rule }).map((s) => s.kind)).toEqual(["no-publicada"]);
    expect(silencesOf(2, stories, { followed: TEN, positions: true, rule }).map((s) => [s.kind, s.bestRank])).toEqual([
      ["fuera-de-cabeza", 4],
    ]);
  });
});
