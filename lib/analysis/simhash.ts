/**
 * The numeric summary of an open article body (SPEC STO-2, DER-3): a 64-bit SimHash of
 * its word 3-shingles, computed in memory from the text, which is then dropped. Near
 * copies (agency wire reprinted by several outlets) have summaries a few bits apart.
 * Written by hand: it is a dozen lines, and no maintained npm package computes a 64-bit
 * SimHash over shingles without pulling in a tokenizer we don't want.
 */

/** A body's summary: the SimHash and how many shingles it was made of. */
export interface BodySummary {
  simhash: bigint;
  shingles: number;
}

/** Words of a text, lower-cased and accent-folded, so typography and case don't matter. */
export function words(text: string): string[] {
  return (
    text
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Two independent 32-bit FNV-1a hashes of a string, as the halves of one 64-bit hash. */
function hash64(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 13);
  }
  return [a >>> 0, b >>> 0];
}

/** SimHash over word `size`-shingles (default 3). An empty text summarises to 0. */
export function simhash(text: string, size = 3): BodySummary {
  const w = words(text);
  const weights = new Int32Array(64);
  let shingles = 0;
  for (let i = 0; i + size <= w.length || (i === 0 && w.length > 0); i++) {
    const [hi, lo] = hash64(w.slice(i, i + size).join(" "));
    for (let bit = 0; bit < 32; bit++) {
      weights[bit]! += (hi >>> bit) & 1 ? 1 : -1;
      weights[bit + 32]! += (lo >>> bit) & 1 ? 1 : -1;
    }
    shingles++;
    if (i + size >= w.length) break;
  }
  let value = 0n;
  for (let bit = 63; bit >= 0; bit--) value = (value << 1n) | (weights[bit]! > 0 ? 1n : 0n);
  return { simhash: BigInt.asIntN(64, value), shingles };
}

/** Bits that differ between two summaries (0 = same text modulo case and accents). */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x > 0n) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}
