/**
 * The benchmark contract (docs/architecture.md "Testing"): a benchmark measures and returns figures;
 * it does not pass or fail. A figure may carry the bound it is read against (SPEC goal
 * or rule) and whether it met it; the runner prints a ✗ where it did not.
 */
import type { Database } from "../../db/client";

/** One measured number. */
export interface Figure {
  /** What was measured, in words, e.g. "1,000 sites: requests ÷ pacing maximum". */
  label: string;
  value: number;
  /** "ratio", "requests", "s", "ms", "CPU s / 1,000 req"… */
  unit: string;
  /** The bound it is read against, e.g. "≥ 0.95" or "= 0"; absent for context figures. */
  bound?: string;
  /** Whether `value` meets `bound`; absent when there is no bound. */
  ok?: boolean;
}

/** What the runner gives every benchmark. */
export interface BenchContext {
  /** A fresh, migrated database on the run's PostgreSQL server; `close()` drops it. */
  createDatabase(options?: { maxConnections?: number }): Promise<Database>;
  /** PID of the embedded PostgreSQL server (for its CPU from /proc), absent with DATABASE_URL. */
  postgresPid?: number;
  /** Progress lines (stderr), so a long benchmark shows it is alive. */
  progress(line: string): void;
}

/** A module `tests/bench/*.bench.ts`. */
export interface Benchmark {
  name: string;
  run(context: BenchContext): Promise<Figure[]>;
}

/** A figure with its bound checked: `atLeast(0.95)`, `atMost(0)`, `exactly(0)`. */
export const atLeast = (min: number) => (value: number) => ({ bound: `≥ ${min}`, ok: value >= min });
export const exactly = (expected: number) => (value: number) => ({ bound: `= ${expected}`, ok: value === expected });

/** Builds a figure, checking it against `check` when given. */
export function figure(label: string, value: number, unit: string, check?: (value: number) => { bound: string; ok: boolean }): Figure {
  return { label, value, unit, ...(check ? check(value) : {}) };
}
