import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "../../../db/open-data/cursor";
import { ApiError } from "../../../db/open-data/errors";
import { parseInstant, parseQuery } from "../../../db/open-data/params";

const q = (s: string) => parseQuery(new URLSearchParams(s), ["outlet", "from", "to", "limit", "cursor", "article"]);
const parameterOf = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return error instanceof ApiError ? `${error.status} ${error.parameter}` : "other";
  }
  return "accepted";
};

describe("API parameters", () => {
  it("WEB-3: absent parameters take their defaults", () => {
    expect(q("")).toEqual({ limit: 100 });
  });

  it("WEB-3: dates are UTC days or ISO date-times with a zone", () => {
    expect(parseInstant("2026-03-02", "from")).toBe(Date.parse("2026-03-02T00:00:00Z"));
    expect(parseInstant("2026-03-02T10:00:00+02:00", "from")).toBe(Date.parse("2026-03-02T08:00:00Z"));
    expect(q("outlet=el-diario&from=2026-03-01&to=2026-03-02&limit=1000&article=7")).toEqual({
      outlet: "el-diario",
      from: Date.parse("2026-03-01T00:00:00Z"),
      to: Date.parse("2026-03-02T00:00:00Z"),
      limit: 1000,
      article: 7,
    });
  });

  it.each([
    ["limit=0", "400 limit"],
    ["limit=1001", "400 limit"],
    ["limit=1e3", "400 limit"],
    ["limit=-1", "400 limit"],
    ["from=2026-13-01", "400 from"],
    ["from=2026-02-29", "400 from"],
    ["from=2026-03-01T10:00", "400 from"],
    ["from=1700000000", "400 from"],
    ["from=2026-03-02&to=2026-03-02", "400 to"],
    ["outlet=", "400 outlet"],
    ["outlet=EL", "400 outlet"],
    ["article=01", "400 article"],
    ["story=1", "400 story"],
    ["outlet=a&outlet=b", "400 outlet"],
    ["ORDER=1", "400 ORDER"],
  ])("WEB-3: %s is refused as %s", (query, expected) => {
    expect(parameterOf(() => q(query))).toBe(expected);
  });

  it("WEB-3: a cursor round-trips, and anything else is a 400", () => {
    expect(decodeCursor(encodeCursor([1772438400000000, 42]), 2)).toEqual([1772438400000000, 42]);
    for (const bad of [
      "",
      "!!",
      encodeCursor([1, 2, 3]),
      encodeCursor([1.5, 2]),
      encodeCursor([-1, 2]),
      Buffer.from('{"a":1}').toString("base64url"),
      "x".repeat(300),
    ]) {
      expect(
        parameterOf(() => decodeCursor(bad, 2)),
        bad,
      ).toBe("400 cursor");
    }
  });
});
