/**
 * Dates PostgreSQL cannot take are refused before any query (SPEC SEC-6, WEB-3): year 0
 * (`desde=0000-01-01` on /buscar, `from=` in the API) was a 503 and a false "database
 * unavailable" in the log; it is a 400 now.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../db/open-data/errors";
import { parseQuery } from "../../../db/open-data/params";
import { inDateRange } from "../../../lib/pages/date-range";
import { parseSearchParams } from "../../../lib/pages/search-params";

describe("dates out of range (SEC-6)", () => {
  it("SEC-6: /buscar refuses year 0 and years before 1900 as a bad date", () => {
    for (const day of ["0000-01-01", "0001-01-01", "1899-12-31"]) {
      expect(parseSearchParams({ q: "a", desde: day }).ok, day).toBe(false);
      expect(parseSearchParams({ q: "a", hasta: day }).ok, day).toBe(false);
    }
    expect(parseSearchParams({ q: "a", desde: "1900-01-01", hasta: "9999-12-31" }).ok).toBe(true);
  });

  it("SEC-6, WEB-3: the API answers year 0 in from= or to= with a 400 naming the parameter", () => {
    for (const [name, value] of [
      ["from", "0000-01-01"],
      ["to", "0000-06-01T00:00:00Z"],
      ["from", "1066-10-14"],
    ] as const) {
      let error: unknown;
      try {
        parseQuery(new URLSearchParams({ [name]: value }), ["from", "to"]);
      } catch (e) {
        error = e;
      }
      expect(error, `${name}=${value}`).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe("bad_parameter");
      expect((error as ApiError).parameter).toBe(name);
    }
    expect(parseQuery(new URLSearchParams({ from: "2026-01-01" }), ["from"]).from).toBe(Date.UTC(2026, 0, 1));
  });

  it("SEC-6: the range is 1900 to 9999", () => {
    expect(inDateRange(Date.UTC(1900, 0, 1))).toBe(true);
    expect(inDateRange(Date.UTC(1899, 11, 31))).toBe(false);
    expect(inDateRange(Date.UTC(10000, 0, 1))).toBe(false);
    expect(inDateRange(Number.NaN)).toBe(false);
  });
});
