import { describe, expect, it } from "vitest";
import { silenceFalsePositives } from "../../bench/support/silence-truth";
import type { LabelledArticle } from "../../bench/support/story-truth";

let next = 1;
const article = (outletId: number, story?: string): LabelledArticle => ({
  id: next++,
  outletId,
  at: 0,
  headline: "",
  lede: "",
  body: "",
  authors: [],
  ...(story ? { story } : {}),
});

describe("false positives of the silence rule on the simulator's truth", () => {
  it("DER-11: a silence is false when the outlet ran the true story under a cluster split off; true when it never ran it", () => {
    // Six outlets followed (fewer are "no medible"). Outlets 1–5 ran story A; outlet 6 did too, but the clusterer put its
    // article alone. Story B: outlets 1–5, never 6.
    const a = [1, 2, 3, 4, 5].map((o) => article(o, "A"));
    const split = article(6, "A");
    const b = [1, 2, 3, 4, 5].map((o) => article(o, "B"));
    const other = article(6, "C");
    const predicted = new Map<number, string>([
      ...a.map((x) => [x.id, "s1"] as const),
      [split.id, "s2"],
      ...b.map((x) => [x.id, "s3"] as const),
      [other.id, "s4"],
    ]);
    expect(silenceFalsePositives([...a, split, ...b, other], predicted)).toEqual({ silences: 2, falsePositives: 1, rate: 0.5, stories: 2 });
  });

  it("DER-11: no silence gives no rate rather than a perfect one", () => {
    const few = [article(1, "A"), article(2, "B"), article(3, "C")];
    expect(silenceFalsePositives(few, new Map(few.map((x) => [x.id, x.story!])))).toEqual({
      silences: 0,
      falsePositives: 0,
      rate: null,
      stories: 0,
    });
  });
});
