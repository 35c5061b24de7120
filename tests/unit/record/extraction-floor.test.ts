import { describe, expect, it } from "vitest";
import {
  FLOOR_LINKS,
  frontPageExtractionFailed,
  frontPageFloor,
  listingExtractionFailed,
  median,
  MEDIAN_CAPTURES,
  needsOperator,
  QUEUE_AFTER,
} from "../../../lib/collection/extraction-floor";

const times = (n: number, value: number) => Array.from({ length: n }, () => value);

describe("the floor of a believable extraction", () => {
  it("EXT-6: a capture under a quarter of the outlet's median of its last 20 captures fails", () => {
    const usual = times(20, 60);
    expect(frontPageFloor(usual)).toBe(15);
    expect(frontPageExtractionFailed(14, usual)).toBe(true);
    expect(frontPageExtractionFailed(15, usual)).toBe(false);
    expect(frontPageExtractionFailed(0, usual)).toBe(true);
    // A quarter of 61 is 15.25: 15 links are under it.
    expect(frontPageExtractionFailed(15, times(20, 61))).toBe(true);
    expect(frontPageExtractionFailed(16, times(20, 61))).toBe(false);
  });

  it("EXT-6: the median is taken over the 20 latest captures only (latest first), so a redesign that keeps links becomes the norm", () => {
    const recent = [...times(MEDIAN_CAPTURES, 20), ...times(100, 400)];
    expect(frontPageFloor(recent)).toBe(FLOOR_LINKS);
    expect(frontPageExtractionFailed(8, recent)).toBe(false);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });

  it("EXT-6: under 5 links fails whatever the median, for an outlet whose front page usually holds 5 or more", () => {
    expect(frontPageExtractionFailed(4, times(20, 12))).toBe(true);
    expect(frontPageExtractionFailed(5, times(20, 12))).toBe(false);
    expect(frontPageExtractionFailed(4, times(20, 5))).toBe(true);
  });

  it("EXT-6: a first capture (no history) needs 5 links; a front page that usually holds fewer fails only when empty", () => {
    expect(frontPageExtractionFailed(4, [])).toBe(true);
    expect(frontPageExtractionFailed(5, [])).toBe(false);
    expect(frontPageExtractionFailed(2, [3, 3, 4])).toBe(false);
    expect(frontPageExtractionFailed(1, [3, 3, 4])).toBe(false);
    expect(frontPageExtractionFailed(0, [3, 3, 4])).toBe(true);
  });

  it("EXT-6: a feed or sitemap fails when it yields nothing after it has yielded before", () => {
    expect(listingExtractionFailed(0, true)).toBe(true);
    expect(listingExtractionFailed(0, false)).toBe(false);
    expect(listingExtractionFailed(1, true)).toBe(false);
  });

  it("ADM-3: a source enters the operator's queue after 3 failed extractions in a row", () => {
    expect(QUEUE_AFTER).toBe(3);
    expect(needsOperator(2)).toBe(false);
    expect(needsOperator(3)).toBe(true);
  });
});
