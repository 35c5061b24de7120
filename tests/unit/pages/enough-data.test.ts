import { describe, expect, it } from "vitest";
import { ENOUGH_DATA, enoughData, figureOrTooLittle, tooLittleData } from "../../../lib/pages/enough-data";
import { COMPARISON_SORT, comparisonFigures, stateWords, type ComparisonLine } from "../../../app/_lib/pages/outlet-comparison";
import { NO_HEADLINE_CHANGES } from "../../../db/figures/headline-changes";
import { sortRows } from "../../../lib/pages/table-sort";

const HOUR = 3_600_000;
const NOW = Date.parse("2026-11-20T12:00:00Z");

describe("figures from too little data", () => {
  it.each(Object.entries(ENOUGH_DATA))("WEB-7: %s has one threshold, met at its minimum and not below", (kind, t) => {
    const k = kind as keyof typeof ENOUGH_DATA;
    expect(enoughData(k, t.min)).toBe(true);
    expect(enoughData(k, t.min - 1)).toBe(false);
  });

  it("WEB-7: below the threshold a page says 'aún pocos datos', how many there were and how many it takes", () => {
    expect(tooLittleData("delayMedian", 4)).toBe("aún pocos datos (4 noticias con hora declarada; hacen falta 10)");
    expect(tooLittleData("agencyShare", 1)).toBe("aún pocos datos (1 noticia analizada; hacen falta 20)");
    expect(figureOrTooLittle("delayMedian", 10, () => "12 min")).toBe("12 min");
    expect(figureOrTooLittle("delayMedian", 9, () => "12 min")).toMatch(/^aún pocos datos/);
  });
});

const row = (over: Partial<ComparisonLine>): Omit<ComparisonLine, "figures"> => ({
  slug: "x",
  name: "X",
  lead: undefined,
  readingSince: NOW - 48 * HOUR,
  articles: 48,
  readingMs: 48 * HOUR,
  judged: 30,
  read: 30,
  agencyArticles: 3,
  changes: NO_HEADLINE_CHANGES,
  delayArticles: 12,
  delayMedianMs: 15 * 60_000,
  features: { outletId: 1, headlines: 0, otherLanguage: 0, questions: 0, quotes: 0, numbers: 0, clickbait: 0, formulas: [] },
  framing: null,
  state: { positionsWithheld: false, noPosition: false, noBody: false, frontClosedSince: null, extractionFailing: false },
  ...over,
});

describe("the outlets' comparison", () => {
  it("WEB-7: articles per day over the hours we read the outlet, once there is a day of reading", () => {
    expect(comparisonFigures(row({}), NOW).articlesPerDay).toBe(24);
    expect(comparisonFigures(row({ readingMs: 23 * HOUR, articles: 40 }), NOW).articlesPerDay).toBeNull();
  });

  it("WEB-7: a lead there since our first capture has led 'at least' that long", () => {
    const f = comparisonFigures(row({ lead: { articleId: 1, headline: "h", since: NOW - 2 * HOUR, sinceFirstCapture: true } }), NOW);
    expect(f).toMatchObject({ leadMs: 2 * HOUR, leadAtLeast: true });
  });

  it("WEB-7: the state in Estado's words, worst first", () => {
    const s = row({}).state;
    expect(stateWords(s)).toEqual(["Normal"]);
    expect(stateWords({ ...s, noPosition: true, noBody: true, extractionFailing: true })).toEqual([
      "Sin posición",
      "Sin cuerpo",
      "Extracción fallida",
    ]);
    expect(stateWords({ ...s, positionsWithheld: true, noPosition: true, frontClosedSince: 1 })).toEqual([
      "Sin posición, a petición del medio",
      "Portada cerrada para nosotros",
    ]);
  });

  it("WEB-2: sorting by a figure puts the outlets with too little data last, whichever the direction", () => {
    const lines = [row({ slug: "a", delayMedianMs: 5 }), row({ slug: "b", delayArticles: 2 }), row({ slug: "c", delayMedianMs: 50 })].map(
      (r) => ({ ...r, figures: comparisonFigures(r as ComparisonLine, NOW) }),
    );
    expect(sortRows(lines, COMPARISON_SORT, { column: "retraso", descending: false }).map((r) => r.slug)).toEqual(["a", "c", "b"]);
    expect(sortRows(lines, COMPARISON_SORT, { column: "retraso", descending: true }).map((r) => r.slug)).toEqual(["c", "a", "b"]);
  });
});
