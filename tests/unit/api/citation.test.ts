/** How to cite (SPEC WEB-9): CITATION.cff is valid Citation File Format and names the same version and date as the site and every export. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DATASET_VERSION, DATASET_VERSION_DATE } from "../../../lib/dataset-version";
import { citationBibtex, citationText } from "../../../lib/pages/citation";

const cff = parse(readFileSync(new URL("../../../CITATION.cff", import.meta.url), "utf8"), { version: "1.2" }) as Record<string, unknown>;

describe("CITATION.cff", () => {
  it("has the keys Citation File Format 1.2.0 requires", () => {
    expect(cff["cff-version"]).toBe("1.2.0");
    for (const key of ["message", "title", "authors"]) expect(cff[key], key).toBeTruthy();
    expect(Array.isArray(cff.authors) && (cff.authors as unknown[]).length > 0).toBe(true);
  });

  it("names the open data's version and date", () => {
    expect(cff.version).toBe(DATASET_VERSION);
    expect(String(cff["date-released"])).toBe(DATASET_VERSION_DATE);
    expect(cff.license).toBe("CC-BY-4.0");
  });

  it("the page's citation names the version, its date and the day the data was read", () => {
    const text = citationText("https://hemeroscopio.test", "2026-12-06");
    expect(text).toContain(`versión ${DATASET_VERSION}`);
    expect(text).toContain("Consultado el 2026-12-06");
    expect(citationBibtex("https://hemeroscopio.test", "2026-12-06")).toContain(`version = {${DATASET_VERSION}}`);
  });
});
