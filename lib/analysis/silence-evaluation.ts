/**
 * The measured false-positive rate of the silence rule (SPEC DER-11), as /metodologia
 * publishes it. Measured by `npm run bench -- stories` (tests/bench/support/silence-truth.ts)
 * on simulated data: 8-outlet simulated web, seeds 7, 11 and 13, 48 h each, clustered by the
 * same pure clusterer the worker runs; a silence is false when the outlet ran an article of
 * the true story behind the cluster, placed by the clusterer in another story.
 */
export const SILENCE_FALSE_POSITIVES: {
  readonly silences: number;
  readonly falsePositives: number;
  readonly outlets: number;
  readonly seeds: readonly number[];
  readonly hours: number;
} = {
  silences: 2017,
  falsePositives: 96,
  outlets: 8,
  seeds: [7, 11, 13],
  hours: 48,
} as const;
