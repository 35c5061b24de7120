/**
 * How well the clickbait formulas (clickbait.ts) recognise clickbait, as last measured on
 * TA1C by `npm run bench -- labelled` (docs/benchmarks.md): every page that prints a share of
 * headlines with «fórmulas reconocidas» prints these beside it, so the share is not read as
 * the share of clickbait. The bench compares its figures with these and marks a difference
 * with ✗, so a change to the list that moves them is seen before the pages go stale.
 */

/** Precision and recall of "matches a formula" against the annotators' majority, on one subset. */
export interface FormulaScores {
  teasers: number;
  clickbait: number;
  precision: number;
  recall: number;
}

/** TA1C's validation and test splits (the formulas were written from its training split). */
export const CLICKBAIT_MEASURED = {
  set: "TA1C",
  /** Held out: 1,400 teasers of 18 Spanish-language media. */
  heldOut: { teasers: 1400, clickbait: 410, precision: 0.888, recall: 0.522 },
  /** Held out, Spain's media only. */
  spain: { teasers: 290, clickbait: 57, precision: 0.8, recall: 0.561 },
  /** The training split the formulas were read from (an optimistic figure, for comparison). */
  train: { teasers: 2100, clickbait: 591, precision: 0.848, recall: 0.547 },
} as const satisfies { set: string; heldOut: FormulaScores; spain: FormulaScores; train: FormulaScores };

const percent = (x: number) => `${Math.round(x * 100)} %`;

/** The sentence printed beside a share of «fórmulas reconocidas»: what it finds and how often it is right. */
export function formulasMeasuredNote(): string {
  const m = CLICKBAIT_MEASURED.heldOut;
  return (
    `Nuestras fórmulas reconocen el ${percent(m.recall)} del ciberanzuelo de un conjunto etiquetado a mano (${CLICKBAIT_MEASURED.set}) ` +
    `y aciertan en el ${percent(m.precision)} de lo que marcan: la proporción real de ciberanzuelo de una cabecera puede ser mucho mayor.`
  );
}
