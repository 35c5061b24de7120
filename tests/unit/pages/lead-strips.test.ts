import { describe, expect, test } from "vitest";
import { leadRuns, leadStrips } from "../../../lib/pages/lead-strips";

describe("a day's leads as strips (WEB-5)", () => {
  test("WEB-5: consecutive hours led by one article form one run; gaps split runs", () => {
    expect(leadRuns([1, 1, null, 1, 2, 2, 3])).toEqual([
      { from: 0, to: 1, articleId: 1 },
      { from: 3, to: 3, articleId: 1 },
      { from: 4, to: 5, articleId: 2 },
      { from: 6, to: 6, articleId: 3 },
    ]);
    expect(leadRuns([null, null])).toEqual([]);
  });

  test("WEB-5: a story that led two outlets has one mark in both; other leads are the outlet's own; later hours are future", () => {
    const story: Record<number, number | null> = { 10: 100, 20: 100, 11: 101, 21: null };
    const { cells, marks } = leadStrips(
      [
        [10, 11, null],
        [21, 20, 20],
      ],
      (id) => story[id] ?? null,
      [1, 2, 3],
      2,
    );
    expect([...marks.keys()]).toEqual([100]);
    const mark = marks.get(100)!;
    expect(cells).toEqual([
      [{ kind: "story", articleId: 10, mark }, { kind: "own", articleId: 11 }, { kind: "future" }],
      [{ kind: "own", articleId: 21 }, { kind: "story", articleId: 20, mark }, { kind: "future" }],
    ]);
  });

  test("WEB-5: an hour without a recent capture is empty, not a lead", () => {
    const { cells } = leadStrips([[null, 5]], () => null, [1, 2], 10);
    expect(cells[0]).toEqual([{ kind: "none" }, { kind: "own", articleId: 5 }]);
  });
});
