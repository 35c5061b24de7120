import { describe, expect, test } from "vitest";
import { positionWeight, prominenceMinutes, publishedProminence } from "../../../lib/analysis/prominence";

const MIN = 60_000;

describe("prominence: minutes on the front page weighted by position (WEB-5)", () => {
  test.each([
    [1, 1],
    [2, 0.631],
    [3, 0.5],
    [7, 0.333],
    [10, 0.289],
  ])("WEB-5: a minute at rank %i weighs %f", (rank, weight) => {
    expect(positionWeight(rank)).toBeCloseTo(weight, 3);
  });

  test("WEB-5: an hour as the lead counts 60; an hour third counts 30; stretches add up", () => {
    expect(prominenceMinutes([{ rank: 1, fromAt: 0, toAt: 60 * MIN }])).toBeCloseTo(60);
    expect(
      prominenceMinutes([
        { rank: 3, fromAt: 0, toAt: 60 * MIN },
        { rank: 1, fromAt: 60 * MIN, toAt: 90 * MIN },
      ]),
    ).toBeCloseTo(60);
    expect(prominenceMinutes([])).toBe(0);
    expect(prominenceMinutes([{ rank: 2, fromAt: 10, toAt: 5 }])).toBe(0);
  });

  test("WEB-5: a rank below 1 or not whole is refused", () => {
    expect(() => positionWeight(0)).toThrow(RangeError);
    expect(() => positionWeight(1.5)).toThrow(RangeError);
  });
});

describe("published prominence (DER-9)", () => {
  test.each([
    [0, 0],
    [37.4, 37],
    [37.5, 38],
    [113.567, 114],
  ])("DER-9: %d weighted minutes are published as %d", (minutes, shown) => {
    expect(publishedProminence(minutes)).toBe(shown);
  });
});
