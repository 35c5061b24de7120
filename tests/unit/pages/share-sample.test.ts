/** The one rule for published shares: a figure, or "no medible" and why (biased or too small a sample, or none). */
import { describe, expect, it } from "vitest";
import { BIASED_SAMPLE_MAX, shareVerdict } from "../../../lib/pages/share-sample";
import { comparisonFigures, type ComparisonLine } from "../../../app/_lib/pages/outlet-comparison";
import { NO_HEADLINE_CHANGES } from "../../../db/figures/headline-changes";

describe("shareVerdict", () => {
  it("WEB-7: a sample read on equal terms and large enough gives the share", () => {
    expect(shareVerdict({ part: 3, whole: 30, unbiased: 30, kind: "agencyShare" })).toEqual({ measurable: true, share: 0.1 });
  });

  it("WEB-7, WEB-8: a body-reserved outlet, judged only by signatures, is 'no medible' whatever its size", () => {
    // 40 signed pieces, none read: the sample is agency copy by construction (the "Teletipos 100 %" trap).
    const v = shareVerdict({ part: 40, whole: 40, unbiased: 0, kind: "agencyShare" });
    expect(v).toMatchObject({ measurable: false, reason: "muestra-sesgada" });
    expect(v.measurable ? "" : v.why).toMatch(/no hemos leído el texto/);
  });

  it("WEB-7: the bias threshold is a share of the sample, met at its edge and not beyond", () => {
    const whole = 100;
    expect(shareVerdict({ part: 10, whole, unbiased: whole * (1 - BIASED_SAMPLE_MAX), kind: "agencyShare" }).measurable).toBe(true);
    expect(shareVerdict({ part: 10, whole, unbiased: whole * (1 - BIASED_SAMPLE_MAX) - 1, kind: "agencyShare" }).measurable).toBe(false);
  });

  it("WEB-7, WEB-8: too small a sample says how many there were; an empty one says 'sin datos', never 0 %", () => {
    expect(shareVerdict({ part: 1, whole: 5, unbiased: 5, kind: "agencyShare" })).toMatchObject({
      measurable: false,
      reason: "pocos-datos",
      why: "aún pocos datos (5 noticias analizadas; hacen falta 20)",
    });
    expect(shareVerdict({ part: 0, whole: 0, unbiased: 0, kind: "agencyFrontMinutes" })).toMatchObject({ reason: "sin-datos" });
  });

  it("WEB-7, WEB-8: /cabeceras' agency column uses the same rule (no 100 % for an outlet whose bodies are reserved)", () => {
    const row: Omit<ComparisonLine, "figures"> = {
      slug: "x",
      name: "X",
      lead: undefined,
      readingSince: 0,
      articles: 60,
      readingMs: 48 * 3_600_000,
      judged: 25,
      read: 0,
      agencyArticles: 25,
      changes: NO_HEADLINE_CHANGES,
      delayArticles: 0,
      delayMedianMs: null,
      features: { outletId: 1, headlines: 0, otherLanguage: 0, questions: 0, quotes: 0, numbers: 0, clickbait: 0, formulas: [] },
      framing: null,
      state: { positionsWithheld: false, noPosition: false, noBody: false, frontClosedSince: null, extractionFailing: false },
    };
    const f = comparisonFigures(row, 48 * 3_600_000);
    expect(f.agencyShare).toBeNull();
    expect(f.agencyVerdict).toMatchObject({ measurable: false, reason: "muestra-sesgada" });
  });
});
