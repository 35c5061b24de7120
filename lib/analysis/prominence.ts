/**
 * Prominence (SPEC WEB-5): minutes on a front page weighted by position, so that an hour as
 * the lead counts more than an hour at the bottom. The weight is the discount of ranked
 * lists (DCG): 1 / log2(rank + 1) — 1 at the top, 0.63 second, 0.5 third, 0.29 tenth.
 * Defined once here; /metodologia states it from these functions. Pure.
 */

/** The weight of a minute at `rank` (1 = the first link). */
export function positionWeight(rank: number): number {
  if (!Number.isInteger(rank) || rank < 1) throw new RangeError(`rank must be a whole number from 1, not ${rank}`);
  return 1 / Math.log2(rank + 1);
}

/** Weighted minutes of stretches at one rank each (epoch ms; a stretch ending before it starts counts nothing). */
export function prominenceMinutes(stretches: readonly { rank: number; fromAt: number; toAt: number }[]): number {
  return stretches.reduce((sum, s) => sum + (Math.max(0, s.toAt - s.fromAt) / 60_000) * positionWeight(s.rank), 0);
}

/** Prominence as pages, the API and the exports publish it: whole weighted minutes (one rounding, so every place agrees). */
export function publishedProminence(weightedMinutes: number): number {
  return Math.round(weightedMinutes);
}
