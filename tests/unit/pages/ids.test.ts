import { describe, expect, it } from "vitest";
import { parseIdParam } from "../../../lib/pages/ids";

describe("ids in public addresses", () => {
  it.each([
    ["1", 1],
    ["42", 42],
    ["9007199254740991", 9_007_199_254_740_991],
  ])("WEB-1: %s is id %i", (value, id) => {
    expect(parseIdParam(value)).toBe(id);
  });

  it.each(["", "0", "007", "-3", "1.5", "1e3", "abc", "12abc", " 12", "9007199254740993", "99999999999999999999", "%31"])(
    "WEB-1: %j is no id (a 404, never a 500)",
    (value) => {
      expect(parseIdParam(value)).toBeUndefined();
    },
  );
});
