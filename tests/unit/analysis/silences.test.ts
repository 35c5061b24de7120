import { describe, expect, it } from "vitest";
import {
  DEFAULT_SILENCE_RULE,
  carriersNeeded,
  silenceFinding,
  silencesOf,
  widelyCarried,
  type StoryCarriers,
} from "../../../lib/analysis/silences";

const story = (storyId: number, carriers: [number, number | null][]): StoryCarriers => ({ storyId, carriers: new Map(carriers) });
const TEN = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
const others = (n: number, rank: number | null = 1): [number, number | null][] => Array.from({ length: n }, (_, i) => [i + 2, rank]);

describe("silence rule", () => {
  it.each([
    [3, undefined],
    [4, 4],
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
    const followed = new Set([1, 2, 3, 4, 5, 6]);
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
          [5, 1],
          [11, 1],
        ]),
        followed,
      ),
    ).toBe(4);
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
    const stories = [story(1, others(8)), story(2, [[1, 3], ...others(8)]), story(3, others(2))];
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

  it("DER-11: 'most outlets' can be met: with 30 followed, a story carried by 12 (the widest of a real day) qualifies", () => {
    const thirty = new Set(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(carriersNeeded(30)).toBe(9);
    expect(widelyCarried(story(1, others(12)), thirty)).toBe(12);
    expect(silencesOf(1, [story(1, others(12))], { followed: thirty, positions: false })).toEqual([
      { storyId: 1, kind: "no-publicada", carriers: 12, followed: 30, bestRank: null },
    ]);
  });

  it("DER-11: never fewer carriers than the minimum count, however few outlets are followed", () => {
    expect(carriersNeeded(6)).toBe(DEFAULT_SILENCE_RULE.minCarriers);
    expect(carriersNeeded(DEFAULT_SILENCE_RULE.minFollowed - 1)).toBeUndefined();
  });

  it("DER-11: with scopes, an outlet is compared only with the followed outlets of its own scope", () => {
    const scopes = new Map([...TEN].map((id) => [id, id <= 6 ? "nacional" : "regional"]));
    // Carried by 4 regional outlets: the national outlet 1 has 6 comparable outlets, none of which ran it.
    const regional = story(
      1,
      [7, 8, 9, 10].map((id) => [id, 1] as [number, number | null]),
    );
    expect(silencesOf(1, [regional], { followed: TEN, positions: false, scopes })).toEqual([]);
    expect(silencesOf(1, [regional], { followed: TEN, positions: false })).toHaveLength(1);
  });

  it("DER-11: no all-clear the data cannot support: too few comparable outlets, or no widely carried story, is not 'ninguno'", () => {
    expect(silenceFinding({ followed: 3, qualifying: 0, silences: 0 })).toBe("no-medible");
    expect(silenceFinding({ followed: 30, qualifying: 0, silences: 0 })).toBe("sin-historias-compartidas");
    expect(silenceFinding({ followed: 30, qualifying: 5, silences: 0 })).toBe("ninguno");
    expect(silenceFinding({ followed: 30, qualifying: 5, silences: 2 })).toBe("silencios");
  });
});
