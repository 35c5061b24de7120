import { describe, expect, it } from "vitest";
import { headlineHash, normaliseHeadline, textArray } from "../../../crawler/record/articles";
import { topChanged } from "../../../crawler/record/frontpage";

describe("recording helpers", () => {
  it("SCH-2: the front page changed when its top ten differ in articles or order, not below", () => {
    const top = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
    expect(topChanged(top, [...top])).toBe(false);
    expect(topChanged(top, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 99])).toBe(false);
    expect(topChanged(top, [2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toBe(true);
    expect(topChanged(top, [1, 2, 3, 4, 5, 6, 7, 8, 9, 42])).toBe(true);
    expect(topChanged([], [1])).toBe(true);
  });

  it("STO-1: headlines that differ only in spacing or Unicode form are one version", () => {
    const a = "El Gobierno  aprueba\nel plan de vivienda ";
    const b = "El Gobierno aprueba el plan de vivienda".normalize("NFD");
    expect(normaliseHeadline(a)).toBe(normaliseHeadline(b));
    expect(headlineHash(a)).toBe(headlineHash(b));
    expect(headlineHash(a)).not.toBe(headlineHash("El Gobierno aprueba el plan de vivienda."));
  });

  it("writes author lists as PostgreSQL array literals, quotes and backslashes escaped", () => {
    expect(textArray([])).toBe("{}");
    expect(textArray(["Ana Pérez", 'Luis "el Flaco"', "a\\b"])).toBe('{"Ana Pérez","Luis \\"el Flaco\\"","a\\\\b"}');
  });
});
