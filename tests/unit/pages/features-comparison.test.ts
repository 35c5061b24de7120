/** The headline features table of /cabeceras: framing shares and sorting by each column (DER-1, DER-4, WEB-2, WEB-7). */
import { describe, expect, it } from "vitest";
import { ENOUGH_DATA } from "../../../lib/pages/enough-data";
import { FEATURES_SORT, FRAMING_COLUMNS, framingShares, type FeaturesLine } from "../../../lib/pages/features-comparison";
import { parseSort, sortHref, sortRows } from "../../../lib/pages/table-sort";

const line = (name: string, questions: number, framing: FeaturesLine["framing"], headlines = 40): FeaturesLine => ({
  slug: name.toLowerCase(),
  name,
  features: { headlines, otherLanguage: 0, questions, quotes: 0, numbers: 0, clickbait: 0 },
  framing,
});

describe("headline features compared across outlets", () => {
  it("DER-4, WEB-7: each framing letter's share says the count it rests on; few framed headlines say «aún pocos datos»", () => {
    const shares = framingShares({ headlines: 40, letters: { C: 10, N: 30 } });
    expect(shares.map((s) => s.letter)).toEqual(["C", "H", "E", "M", "R", "N"]);
    expect(shares[0]).toEqual({ letter: "C", share: 0.25, text: "25\u00a0% (10 de 40)" });
    expect(shares[1]!.share).toBe(0);
    const few = framingShares({ headlines: ENOUGH_DATA.headlineFeatures.min - 1, letters: { C: 1 } });
    expect(few.every((s) => s.share === null && s.text.startsWith("aún pocos datos"))).toBe(true);
  });

  it("PUB-6: an outlet under «sin anotación de modelo» shows no framing share", () => {
    expect(framingShares(null).every((s) => s.share === null && s.text.startsWith("no se muestra"))).toBe(true);
  });

  it("WEB-2: the table sorts by a feature's share, by a framing letter's, and by name; missing figures go last", () => {
    const rows = [
      line("Beta", 4, { headlines: 40, letters: { C: 2 } }),
      line("Alfa", 20, null),
      line("Gamma", 10, { headlines: 40, letters: { C: 30 } }),
      line("Delta", 1, null, 5),
    ];
    const names = (value: string) => sortRows(rows, FEATURES_SORT, parseSort(FEATURES_SORT, value)).map((r) => r.name);
    expect(names("-preguntas")).toEqual(["Alfa", "Gamma", "Beta", "Delta"]);
    expect(names("preguntas")).toEqual(["Beta", "Gamma", "Alfa", "Delta"]);
    expect(names("-encuadre-c")).toEqual(["Gamma", "Beta", "Alfa", "Delta"]);
    expect(names("nombre")).toEqual(["Alfa", "Beta", "Delta", "Gamma"]);
    expect(names("inventada")).toEqual(["Alfa", "Beta", "Delta", "Gamma"]);
  });

  it("WEB-2: every framing column has a sort key, and a header link keeps the other table's order", () => {
    for (const c of FRAMING_COLUMNS) expect(Object.keys(FEATURES_SORT.keys)).toContain(c.key);
    const href = sortHref({ orden: "-reescrituras" }, FEATURES_SORT.param, "encuadre-c", FEATURES_SORT.fallback, true);
    expect(new URLSearchParams(href.slice(1)).get("orden")).toBe("-reescrituras");
    expect(new URLSearchParams(href.slice(1)).get("rasgos")).toBe("-encuadre-c");
  });
});
