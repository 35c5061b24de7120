/** A seeded random source for the history generator: same seed, same year (sfc32). */

/** Random draws used by the generator. */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Whole number in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** One element. */
  pick<T>(items: readonly T[]): T;
  /** One element, by weight. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T;
  /** Exponential with the given mean. */
  exponential(mean: number): number;
  /** Poisson-distributed count with the given mean (normal approximation above 30). */
  poisson(mean: number): number;
}

function hashSeed(text: string): number[] {
  let h = 1779033703 ^ text.length;
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  for (let k = 0; k < 4; k++) {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    out.push((h ^= h >>> 16) >>> 0);
  }
  return out;
}

/** A random source from a seed and a stream name (each outlet draws from its own stream). */
export function createRandom(seed: string | number, stream = ""): Random {
  let [a, b, c, d] = hashSeed(`${seed}/${stream}`) as [number, number, number, number];
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted(items, weights) {
      const total = weights.reduce((s, w) => s + w, 0);
      let x = next() * total;
      for (let i = 0; i < items.length; i++) {
        x -= weights[i]!;
        if (x < 0) return items[i]!;
      }
      return items[items.length - 1]!;
    },
    exponential: (mean) => -Math.log(1 - next()) * mean,
    poisson(mean) {
      if (mean > 30) {
        const u = Math.max(next(), 1e-12);
        const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
        return Math.max(0, Math.round(mean + Math.sqrt(mean) * normal));
      }
      const limit = Math.exp(-mean);
      let k = 0;
      for (let p = next(); p > limit; p *= next()) k++;
      return k;
    },
  };
  return random;
}
