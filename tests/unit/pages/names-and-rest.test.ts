/** "… y otras" with its number: a shortened list of outlets says how many it left out. */
import { describe, expect, it } from "vitest";
import { namesAndRest } from "../../../lib/pages/names-and-rest";

describe("namesAndRest", () => {
  it("WEB-1: a whole list reads as Spanish prose; a cut one says how many more", () => {
    expect(namesAndRest(["A", "B", "C"], 3)).toBe("A, B y C");
    expect(namesAndRest(["A", "B", "C"], 7)).toBe("A, B, C y 4 más");
    expect(namesAndRest(["A"], 2)).toBe("A y 1 más");
  });
});
