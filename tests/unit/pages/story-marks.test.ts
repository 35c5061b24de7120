import { describe, expect, test } from "vitest";
import { markLetter, STORY_COLOURS, storyMarks } from "../../../lib/pages/story-marks";

describe("marks of the stories shared across outlets (WEB-5)", () => {
  test("WEB-5: only stories in two or more outlets are marked, the most shared first", () => {
    const marks = storyMarks([
      [1, 2, null, 3],
      [3, 4, 1],
      [5, 3, null],
    ]);
    expect([...marks.values()].map((m) => [m.storyId, m.letter])).toEqual([
      [3, "A"],
      [1, "B"],
    ]);
    expect(marks.get(3)!.colour).toBe(STORY_COLOURS[0]);
    expect(marks.has(2)).toBe(false);
  });

  test("WEB-5: a story repeated within one outlet counts once", () => {
    expect(storyMarks([[7, 7, 7], [8]]).size).toBe(0);
  });

  test("WEB-5: neither letters nor colours repeat for different stories", () => {
    expect([0, 25, 26, 27, 51, 52].map(markLetter)).toEqual(["A", "Z", "AA", "AB", "AZ", "BA"]);
    const groups = [Array.from({ length: 30 }, (_, i) => i), Array.from({ length: 30 }, (_, i) => i)];
    const marks = [...storyMarks(groups).values()];
    expect(new Set(marks.map((m) => m.letter)).size).toBe(30);
    expect(marks[0]!.colour).toBe(STORY_COLOURS[0]);
    expect(new Set(marks.map((m) => m.colour)).size).toBe(30);
    const many = [...storyMarks([Array.from({ length: 200 }, (_, i) => i), Array.from({ length: 200 }, (_, i) => i)]).values()];
    expect(new Set(many.map((m) => m.colour)).size).toBe(200);
  });
});
