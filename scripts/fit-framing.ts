/**
 * Fit the framing model (SPEC DER-4) and write lib/analysis/framing-model.json:
 *   node --import tsx scripts/fit-framing.ts [--check]
 * Reads lib/analysis/framing-training.tsv (headlines the team wrote; no outlet content) and the
 * lexicon in lib/analysis/framing-lexicon.ts; prints training and 5-fold cross-validated
 * accuracy and the file's SHA-256. Deterministic: the same inputs give the same bytes.
 * `--check` writes nothing and exits 1 when the committed file differs from a fresh fit.
 */
import fs from "node:fs";
import path from "node:path";
import { fold } from "../lib/analysis/headline-text";
import { FRAME_LETTERS } from "../lib/analysis/framing-letters";
import { STOP_WORDS, type FramingVocabulary } from "../lib/analysis/framing-features";
import { accuracy, fitLinearFraming, parseTrainingSet, type LabelledHeadline } from "../lib/analysis/framing-fit";
import { FRAMING_LEXICON } from "../lib/analysis/framing-lexicon";
import { linearClassifier, serialiseModelFile, sha256Hex, type LinearFramingFile } from "../lib/analysis/framing-model";

const root = path.resolve(import.meta.dirname, "..");
const TRAINING = "lib/analysis/framing-training.tsv";
const OUTPUT = "lib/analysis/framing-model.json";
const FOLDS = 5;

const vocabulary: FramingVocabulary = {
  stemLength: 6,
  stopWords: STOP_WORDS,
  lexicon: Object.fromEntries(
    FRAME_LETTERS.map((l) => [l, [...new Set(FRAMING_LEXICON[l].map((c) => fold(c)))]]),
  ) as unknown as FramingVocabulary["lexicon"],
};

function fileFor(rows: LabelledHeadline[], trainingSha: string, cv: number): LinearFramingFile {
  const fitted = fitLinearFraming(rows, vocabulary);
  const draft: LinearFramingFile = {
    format: "hemeroscopio-framing-linear/1",
    letters: [...FRAME_LETTERS],
    ...vocabulary,
    stopWords: [...vocabulary.stopWords],
    features: fitted.features,
    weights: fitted.weights,
    training: {
      file: TRAINING,
      sha256: trainingSha,
      headlines: rows.length,
      trainingAccuracy: 0,
      crossValidatedAccuracy: cv,
      folds: FOLDS,
    },
  };
  draft.training.trainingAccuracy = Math.round(accuracy(rows, linearClassifier(draft)) * 1000) / 1000;
  return draft;
}

/** Accuracy on each fold (every FOLDS-th line) of a model fitted on the other lines. */
function crossValidated(rows: LabelledHeadline[]): number {
  let right = 0;
  for (let f = 0; f < FOLDS; f++) {
    const test = rows.filter((_, i) => i % FOLDS === f);
    const train = rows.filter((_, i) => i % FOLDS !== f);
    const fitted = fitLinearFraming(train, vocabulary);
    const classify = linearClassifier({
      format: "hemeroscopio-framing-linear/1",
      letters: [...FRAME_LETTERS],
      ...vocabulary,
      ...fitted,
      training: undefined as never,
    });
    right += test.filter((r) => classify(r.headline).letter === r.letter).length;
  }
  return Math.round((right / rows.length) * 1000) / 1000;
}

const tsv = fs.readFileSync(path.join(root, TRAINING), "utf8");
const rows = parseTrainingSet(tsv);
const text = serialiseModelFile(fileFor(rows, sha256Hex(tsv), crossValidated(rows)));
const model = JSON.parse(text) as LinearFramingFile;
console.log(
  `${rows.length} headlines; training accuracy ${model.training.trainingAccuracy}; ${FOLDS}-fold cross-validated ${model.training.crossValidatedAccuracy}`,
);
console.log(`${OUTPUT} sha256 ${sha256Hex(text)}`);
if (process.argv.includes("--check")) {
  const committed = fs.readFileSync(path.join(root, OUTPUT), "utf8");
  if (committed !== text) {
    console.error(`${OUTPUT} differs from a fresh fit`);
    process.exit(1);
  }
} else {
  fs.writeFileSync(path.join(root, OUTPUT), text);
}
