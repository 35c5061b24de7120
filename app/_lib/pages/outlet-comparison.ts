/**
 * The figures of the outlets' comparison table (SPEC WEB-1, WEB-2, WEB-7), from the read
 * model's counts: each figure, or null when it rests on too little data (enough-data.ts),
 * the words of the collection state, and how the table sorts by `?orden=`. Pure.
 */
import type { ComparisonState, OutletComparisonRow } from "../../../db/queries/site/outlet-comparison";
import { enoughData } from "../../../lib/pages/enough-data";
import { shareVerdict, type ShareVerdict } from "../../../lib/pages/share-sample";
import type { TableSort } from "../../../lib/pages/table-sort";

const DAY_MS = 24 * 3_600_000;

/** A row's figures as the table shows and sorts them; null: too little data (or none). */
export interface ComparisonFigures {
  articlesPerDay: number | null;
  agencyShare: number | null;
  /** The agency share's verdict (share-sample.ts): why it is null. */
  agencyVerdict: ShareVerdict;
  delayMedianMs: number | null;
  /** How long the lead now has led; `atLeast` when it already led at our first capture. */
  leadMs: number | null;
  leadAtLeast: boolean;
}

/** Articles per day over `readingMs`: whole from 10 up, one decimal below. */
function perDay(articles: number, readingMs: number): number {
  const n = articles / (readingMs / DAY_MS);
  return n >= 10 ? Math.round(n) : Math.round(n * 10) / 10;
}

/** The figures of `row` at `now`. */
export function comparisonFigures(row: OutletComparisonRow, now: number): ComparisonFigures {
  const agencyVerdict = shareVerdict({ part: row.agencyArticles, whole: row.judged, unbiased: row.read, kind: "agencyShare" });
  return {
    articlesPerDay: enoughData("articlesPerDay", row.readingMs / 3_600_000) ? perDay(row.articles, row.readingMs) : null,
    agencyShare: agencyVerdict.measurable ? agencyVerdict.share : null,
    agencyVerdict,
    delayMedianMs: enoughData("delayMedian", row.delayArticles) ? row.delayMedianMs : null,
    leadMs: row.lead ? Math.max(0, now - row.lead.since) : null,
    leadAtLeast: row.lead?.sinceFirstCapture ?? false,
  };
}

/**
 * The collection state in the words of "Estado" and the outlet page (WEB-7), worst first;
 * "Normal" when nothing is wrong.
 */
export function stateWords(s: ComparisonState): string[] {
  const words: string[] = [];
  if (s.positionsWithheld) words.push("Sin posición, a petición del medio");
  else if (s.noPosition) words.push("Sin posición");
  if (s.noBody) words.push("Sin cuerpo");
  if (s.frontClosedSince !== null) words.push("Portada cerrada para nosotros");
  if (s.extractionFailing) words.push("Extracción fallida");
  return words.length === 0 ? ["Normal"] : words;
}

/** A row with its figures, as the table sorts it. */
export type ComparisonLine = OutletComparisonRow & { figures: ComparisonFigures };

/** `?orden=`: the columns and their keys; figures with too little data sort last. */
export const COMPARISON_SORT: TableSort<ComparisonLine> = {
  param: "orden",
  keys: {
    nombre: (r) => r.name,
    estado: (r) => stateWords(r.state).join(" "),
    apertura: (r) => r.figures.leadMs ?? undefined,
    noticias: (r) => r.figures.articlesPerDay ?? undefined,
    agencia: (r) => r.figures.agencyShare ?? undefined,
    reescrituras: (r) => r.changes.rewrites,
    pruebas: (r) => r.changes.tests,
    retraso: (r) => r.figures.delayMedianMs ?? undefined,
  },
  fallback: { column: "nombre", descending: false },
};
