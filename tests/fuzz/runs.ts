/**
 * The fuzz knobs, read in one place (docs/style.md §12 for tests): `FUZZ_RUNS` cases per
 * property (default small enough for CI), `FUZZ_SEED` to replay a failing run.
 * Long run: `FUZZ_RUNS=100000 npm run test:resilience -- --project fuzz`.
 */
import type { Parameters } from "fast-check";

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return value;
}

/** Generated cases per property. @default 150 */
export const FUZZ_RUNS = positiveInt("FUZZ_RUNS", 150);

/** fast-check seed, printed by a failing property so the run can be replayed. */
const seedText = process.env.FUZZ_SEED;
const FUZZ_SEED = seedText === undefined || seedText === "" ? undefined : Number(seedText);

/** Options for `fc.assert`: the knob's number of runs and, when given, the seed. */
export function fuzzParameters<T>(extra: Parameters<T> = {}): Parameters<T> {
  return { numRuns: FUZZ_RUNS, ...(FUZZ_SEED === undefined ? {} : { seed: FUZZ_SEED }), ...extra };
}

/** Vitest timeout for one property: a minute in CI, growing with the long run's case count. */
export const FUZZ_TEST_TIMEOUT_MS = Math.max(60_000, FUZZ_RUNS * 40);

/** SEC-4 bound on the CPU time of one parse of one generated document. */
export const CASE_BOUND_MS = 2_000;
