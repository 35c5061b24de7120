/** Headline feature shares as pages print them (DER-1, WEB-7). */
import { describe, expect, it } from "vitest";
import { ENOUGH_DATA } from "../../../lib/pages/enough-data";
import { featureShares, formulaDescription } from "../../../lib/pages/headline-feature-shares";

describe("headline feature shares (DER-1, WEB-7)", () => {
  it("DER-1, WEB-7: each share says the count it rests on", () => {
    const shares = featureShares({ headlines: 40, questions: 10, quotes: 4, numbers: 0, clickbait: 1 });
    expect(shares.map((s) => [s.key, s.share, s.text])).toEqual([
      ["questions", 0.25, "25\u00a0% (10 de 40)"],
      ["quotes", 0.1, "10\u00a0% (4 de 40)"],
      ["numbers", 0, "0\u00a0% (0 de 40)"],
      ["clickbait", 0.025, "3\u00a0% (1 de 40)"],
    ]);
  });

  it("WEB-7: below the threshold every share says «aún pocos datos» and how many headlines there were", () => {
    const n = ENOUGH_DATA.headlineFeatures.min - 1;
    for (const s of featureShares({ headlines: n, questions: 3, quotes: 0, numbers: 1, clickbait: 0 })) {
      expect(s.share).toBeNull();
      expect(s.text).toBe(`aún pocos datos (${n} titulares analizados; hacen falta ${n + 1})`);
    }
    expect(featureShares({ headlines: n + 1, questions: 0, quotes: 0, numbers: 0, clickbait: 0 })[0]!.share).toBe(0);
  });

  it("DER-1: a formula is named as the methods page lists it", () => {
    expect(formulaDescription("lista-numerada")).toMatch(/^Listas/);
    expect(formulaDescription("desconocida")).toBe("desconocida");
  });
});
