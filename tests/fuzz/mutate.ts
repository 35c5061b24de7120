/**
 * Mutation of real-looking documents (SPEC SEC-4): a seed document and up to five edits —
 * byte flips, truncation, deletion, duplication and insertion of hostile fragments — at
 * positions fast-check draws (and shrinks) as fractions of the length.
 */
import fc from "fast-check";
import { hostileFragment } from "./hostile";

type Edit =
  | { kind: "flip"; at: number; byte: number }
  | { kind: "truncate"; at: number }
  | { kind: "delete"; at: number; length: number }
  | { kind: "duplicate"; at: number; length: number }
  | { kind: "insert"; at: number; fragment: Uint8Array };

const at = fc.double({ min: 0, max: 1, noNaN: true });

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("flip" as const), at, byte: fc.integer({ min: 0, max: 255 }) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("truncate" as const), at }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("delete" as const), at, length: fc.integer({ min: 1, max: 512 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant("duplicate" as const), at, length: fc.integer({ min: 1, max: 4096 }) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("insert" as const), at, fragment: hostileFragment }), weight: 4 },
);

function apply(doc: Uint8Array, e: Edit): Uint8Array {
  const i = Math.min(doc.length, Math.floor(e.at * (doc.length + 1)));
  switch (e.kind) {
    case "flip": {
      if (doc.length === 0) return doc;
      const out = doc.slice();
      out[Math.min(i, doc.length - 1)] = e.byte;
      return out;
    }
    case "truncate":
      return doc.subarray(0, i);
    case "delete":
      return concat(doc.subarray(0, i), doc.subarray(i + e.length));
    case "duplicate":
      return concat(doc.subarray(0, i + e.length), doc.subarray(i));
    case "insert":
      return concat(doc.subarray(0, i), e.fragment, doc.subarray(i));
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** A seed document (bytes) with 0–5 edits applied. */
export function mutated(seeds: readonly Uint8Array[]): fc.Arbitrary<Uint8Array> {
  return fc.tuple(fc.constantFrom(...seeds), fc.array(edit, { maxLength: 5 })).map(([seed, edits]) => edits.reduce(apply, seed));
}

/** `mutated`, decoded as UTF-8 text (lenient), for parsers that take strings. */
export function mutatedText(seeds: readonly Uint8Array[]): fc.Arbitrary<string> {
  return mutated(seeds).map((bytes) => new TextDecoder().decode(bytes));
}

/** Text seeds as bytes. */
export const asBytes = (texts: readonly string[]): Uint8Array[] => texts.map((t) => new TextEncoder().encode(t));
