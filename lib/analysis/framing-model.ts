/**
 * The framing model (SPEC DER-4) behind one small interface, so that an operator can swap
 * the shipped linear model for another (e.g. an ONNX text classifier) with its own hash.
 *
 * The shipped model is framing-model.json: a transparent linear model (lexicon cue counts,
 * word stems and structure flags → one score per letter, softmax), fitted by
 * scripts/fit-framing.ts on lib/analysis/framing-training.tsv, headlines the team wrote
 * itself. Its SHA-256 is the hash of the file's bytes: `sha256sum lib/analysis/framing-model.json`.
 *
 * Swapping in ONNX (not shipped): implement `FramingModel` with onnxruntime-node (install it
 * with ONNXRUNTIME_NODE_INSTALL=skip, CPU provider) or transformers.js pointed at a local
 * directory with remote downloads off; load the .onnx file from disk once, set `sha256` to the
 * file's SHA-256, map its labels to FRAME_LETTERS, and return it from the worker's composition
 * in place of `shippedFramingModel()`. `classify` must keep taking the headline text alone.
 */
import { createHash } from "node:crypto";
import { FRAME_LETTERS, isFrameLetter, type FrameLetter } from "./framing-letters";
import { framingFeatures, type FramingVocabulary } from "./framing-features";
import modelFile from "./framing-model.json";

/** A letter and the model's probability for it (0–1). */
export interface FramingResult {
  letter: FrameLetter;
  score: number;
}

/** Any framing model: its file's SHA-256 and a classifier whose only input is the headline text. */
export interface FramingModel {
  readonly sha256: string;
  /** Short description for the methods page, e.g. "lineal (léxico + estructura)". */
  readonly kind: string;
  classify(headline: string): Promise<FramingResult>;
}

/** The shape of framing-model.json. */
export interface LinearFramingFile extends FramingVocabulary {
  format: "hemeroscopio-framing-linear/1";
  letters: FrameLetter[];
  features: string[];
  /** Per letter: bias first, then one weight per entry of `features`. */
  weights: Record<FrameLetter, number[]>;
  training: { file: string; sha256: string; headlines: number; trainingAccuracy: number; crossValidatedAccuracy: number; folds: number };
}

/** The model file exactly as written by scripts/fit-framing.ts (2-space JSON, final newline). */
export function serialiseModelFile(file: LinearFramingFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** SHA-256 (hex) of text as UTF-8. */
export function sha256Hex(text: string | Uint8Array): string {
  return createHash("sha256").update(text).digest("hex");
}

/** Softmax over scores, stable for large values. */
export function softmax(scores: readonly number[]): number[] {
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

/** Column of each feature in a weight row (the bias is column 0). */
export function featureIndex(features: readonly string[]): Map<string, number> {
  return new Map(features.map((f, i) => [f, i + 1]));
}

/** Scores per letter (bias + Σ weight × feature) for a linear model file. */
export function linearScores(
  file: Pick<LinearFramingFile, "letters" | "weights">,
  index: ReadonlyMap<string, number>,
  x: ReadonlyMap<string, number>,
): number[] {
  return file.letters.map((letter) => {
    const w = file.weights[letter];
    let s = w[0] ?? 0;
    for (const [name, value] of x) {
      const i = index.get(name);
      if (i !== undefined) s += (w[i] ?? 0) * value;
    }
    return s;
  });
}

/** A classifier from a linear model file (pure; the hash is the caller's). */
export function linearClassifier(file: LinearFramingFile): (headline: string) => FramingResult {
  const index = featureIndex(file.features);
  return (headline) => {
    const p = softmax(linearScores(file, index, framingFeatures(headline, file)));
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
    const letter = file.letters[best]!;
    return { letter, score: Math.round(p[best]! * 10_000) / 10_000 };
  };
}

/** A `FramingModel` from a linear model file and its hash. */
export function linearFramingModel(file: LinearFramingFile, sha256: string): FramingModel {
  if (
    file.format !== "hemeroscopio-framing-linear/1" ||
    !file.letters.every(isFrameLetter) ||
    file.letters.length !== FRAME_LETTERS.length
  ) {
    throw new Error("framing model: unknown format or letters");
  }
  const classify = linearClassifier(file);
  return { sha256, kind: "lineal (léxico y estructura, pesos en JSON)", classify: async (headline) => classify(headline) };
}

const shippedFile = modelFile as LinearFramingFile;
/** SHA-256 of lib/analysis/framing-model.json as shipped (the file is its own serialisation). */
export const SHIPPED_FRAMING_SHA256 = sha256Hex(serialiseModelFile(shippedFile));

/** The model that ships in the repository. */
export function shippedFramingModel(): FramingModel {
  return linearFramingModel(shippedFile, SHIPPED_FRAMING_SHA256);
}

/** What the methods page states about the shipped model: its training figures and size. */
export const SHIPPED_FRAMING_FACTS = {
  training: shippedFile.training,
  features: shippedFile.features.length,
  stemLength: shippedFile.stemLength,
  lexiconCues: Object.values(shippedFile.lexicon).reduce((n, cues) => n + cues.length, 0),
} as const;
