/**
 * Seeded, stateless randomness: every draw is a hash of (seed, …labels), so a value
 * depends only on what it describes, never on how many draws came before. That is
 * what makes content a pure function of (seed, outlet, time) and lets two servers
 * with the same seed serve byte-identical pages.
 */

/** Label parts that name a draw, e.g. `("interval", "diarioprueba")`. */
export type DrawKey = readonly (string | number)[];

/** Deterministic draws bound to one seed. */
export interface Dice {
  /** 32-bit unsigned hash of the labels. */
  hash(...key: DrawKey): number;
  /** Uniform in [0, 1). */
  unit(...key: DrawKey): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number, ...key: DrawKey): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[], ...key: DrawKey): T;
}

/** FNV-1a over the labels, finished with murmur3's fmix32 for good bit spread. */
function hashParts(seed: number, key: DrawKey): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (const part of key) {
    const s = String(part);
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    // A separator so ("ab","c") and ("a","bc") differ.
    h ^= 0xff;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Dice for one seed. */
export function createDice(seed: number): Dice {
  const hash = (...key: DrawKey) => hashParts(seed, key);
  const unit = (...key: DrawKey) => hash(...key) / 0x1_0000_0000;
  return {
    hash,
    unit,
    int: (min, max, ...key) => min + Math.floor(unit(...key) * (max - min + 1)),
    pick<T>(items: readonly T[], ...key: DrawKey): T {
      const item = items[Math.floor(unit(...key) * items.length)];
      if (item === undefined) throw new RangeError("pick from an empty list");
      return item;
    },
  };
}
