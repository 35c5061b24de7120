/**
 * How far an agency copy was edited (SPEC DER-10): the SimHash Hamming distance of its body
 * summary to the story's earliest copy, and that distance in plain words. Pure.
 */
import { hammingDistance } from "./simhash";
import { WIRE_HAMMING_THRESHOLD } from "./wire";

/** A band of edit distance, from a verbatim reprint to a rewrite. */
export type EditBand = "identica" | "retocada" | "editada" | "reescrita";

/**
 * Upper bounds (bits of 64, inclusive) of each band. 0: the same words (case, accents and
 * punctuation never count). Up to WIRE_HAMMING_THRESHOLD (3): what the wire-copy step calls
 * nearly verbatim (lib/analysis/wire.ts). Up to 12: a third of the ~32 bits that separate
 * unrelated texts, so most of the agency's wording is still there. Above: rewritten, the
 * copy shares little more wording than any two texts on the subject.
 */
export const EDIT_BANDS: readonly { band: EditBand; max: number; label: string }[] = [
  { band: "identica", max: 0, label: "idéntica" },
  { band: "retocada", max: WIRE_HAMMING_THRESHOLD, label: "retoques menores" },
  { band: "editada", max: 12, label: "editada" },
  { band: "reescrita", max: 64, label: "muy reescrita" },
];

/** The band of a Hamming distance (0–64 bits). */
export function editBand(distance: number): { band: EditBand; label: string } {
  if (!Number.isInteger(distance) || distance < 0 || distance > 64)
    throw new RangeError(`a 64-bit Hamming distance is 0–64, not ${distance}`);
  const { band, label } = EDIT_BANDS.find((b) => distance <= b.max)!;
  return { band, label };
}

/** A copy's distance to the reference copy, with its band; null without both summaries. */
export function copyEdit(simhash: bigint | null, reference: bigint | null): { bits: number; band: EditBand; label: string } | null {
  if (simhash === null || reference === null) return null;
  const bits = hammingDistance(simhash, reference);
  return { bits, ...editBand(bits) };
}
