/**
 * Fitting the linear framing model (SPEC DER-4): multinomial logistic regression by
 * full-batch gradient descent from zero weights, with L2 shrinkage. Deterministic (no
 * random start, fixed order), so scripts/fit-framing.ts reproduces the same file.
 */
import { FRAME_LETTERS, type FrameLetter } from "./framing-letters";
import { framingFeatures, stems, type FramingVocabulary } from "./framing-features";
import { featureIndex, linearScores, softmax } from "./framing-model";

/** One labelled headline. */
export interface LabelledHeadline {
  letter: FrameLetter;
  headline: string;
}

/** Settings of a fit. */
export interface FitOptions {
  /** Stems seen fewer times than this in the training set get no weight of their own. @default 2 */
  minStemCount?: number;
  /** @default 300 */
  epochs?: number;
  /** @default 0.5 */
  rate?: number;
  /** @default 0.002 */
  l2?: number;
}

/** Weights, rounded to 4 decimals so the file reads the same on every machine. */
export interface FittedWeights {
  features: string[];
  weights: Record<FrameLetter, number[]>;
}

const round = (n: number) => Math.round(n * 10_000) / 10_000 || 0;

/** The feature names of a training set: lexicon cues and structure flags, and stems seen `minStemCount` times. */
export function featureNames(rows: readonly LabelledHeadline[], v: FramingVocabulary, minStemCount: number): string[] {
  const counts = new Map<string, number>();
  for (const r of rows) for (const s of new Set(stems(r.headline, v))) counts.set(s, (counts.get(s) ?? 0) + 1);
  const fixed = [
    ...FRAME_LETTERS.map((l) => `lex:${l}`),
    "s:question",
    "s:exclamation",
    "s:quote",
    "s:number",
    "s:colon-dash",
    "s:person",
    "s:money",
  ];
  const words = [...counts]
    .filter(([, n]) => n >= minStemCount)
    .map(([s]) => `w:${s}`)
    .sort();
  return [...fixed, ...words];
}

/** Fit weights on `rows`. */
export function fitLinearFraming(rows: readonly LabelledHeadline[], v: FramingVocabulary, o: FitOptions = {}): FittedWeights {
  const epochs = o.epochs ?? 300;
  const rate = o.rate ?? 0.5;
  const l2 = o.l2 ?? 0.002;
  const features = featureNames(rows, v, o.minStemCount ?? 2);
  const index = featureIndex(features);
  const xs = rows.map((r) => [...framingFeatures(r.headline, v)].filter(([name]) => index.has(name)));
  const ys = rows.map((r) => FRAME_LETTERS.indexOf(r.letter));
  const w: number[][] = FRAME_LETTERS.map(() => new Array<number>(features.length + 1).fill(0));
  const weights = () => Object.fromEntries(FRAME_LETTERS.map((l, k) => [l, w[k]!])) as Record<FrameLetter, number[]>;
  for (let epoch = 0; epoch < epochs; epoch++) {
    const grad = w.map((row) => row.map(() => 0));
    const current = { letters: [...FRAME_LETTERS], weights: weights() };
    xs.forEach((x, i) => {
      const p = softmax(linearScores(current, index, new Map(x)));
      p.forEach((pk, k) => {
        const err = pk - (ys[i] === k ? 1 : 0);
        grad[k]![0]! += err;
        for (const [name, value] of x) grad[k]![index.get(name)!]! += err * value;
      });
    });
    for (let k = 0; k < w.length; k++) {
      for (let j = 0; j < w[k]!.length; j++) {
        const shrink = j === 0 ? 0 : l2 * w[k]![j]!;
        w[k]![j]! -= rate * (grad[k]![j]! / rows.length + shrink);
      }
    }
  }
  return { features, weights: Object.fromEntries(FRAME_LETTERS.map((l, k) => [l, w[k]!.map(round)])) as Record<FrameLetter, number[]> };
}

/** Share of `rows` whose letter `classify` gets right. */
export function accuracy(rows: readonly LabelledHeadline[], classify: (headline: string) => { letter: FrameLetter }): number {
  return rows.length === 0 ? 0 : rows.filter((r) => classify(r.headline).letter === r.letter).length / rows.length;
}

/** Parse the training TSV: `letter<TAB>headline` lines; `#` comments and blank lines skipped. */
export function parseTrainingSet(tsv: string): LabelledHeadline[] {
  const rows: LabelledHeadline[] = [];
  tsv.split("\n").forEach((line, i) => {
    if (line.trim() === "" || line.startsWith("#")) return;
    const [letter, headline, extra] = line.split("\t");
    if (extra !== undefined || !headline || !(FRAME_LETTERS as readonly string[]).includes(letter ?? "")) {
      throw new Error(`framing training set, line ${i + 1}: expected "letter<TAB>headline"`);
    }
    rows.push({ letter: letter as FrameLetter, headline: headline.trim() });
  });
  return rows;
}
