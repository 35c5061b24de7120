/**
 * The stages of one job, in the order of the data flow (docs/architecture.md):
 * gate → fetch → parse → record. Each stage is injected, so the loop can be tested
 * with fakes and the politeness and collection stages can be filled in independently.
 * Text exists only between fetch and record, in memory (SPEC STO-3).
 */
import type { Job, Validators } from "./claim";

/** The gate's decision about a planned fetch (docs/style.md "Composing the policy pieces"). */
export type Verdict = { kind: "go" } | { kind: "wait"; until: number; why: "pacing" | "backoff" } | { kind: "skip"; why: string };

/** What a job ended with, for the log and the schedule. */
export interface JobOutcome {
  outcome: string;
  /** When the source should next be due; default: now + its interval. */
  nextDueAt?: number;
  /**
   * POL-4: a 200's validators, stored with the job's completion — after what the response
   * showed was recorded, so a crash in between cannot turn the next polls into 304s for
   * content never recorded.
   */
  validators?: Validators;
}

/** The injected stages. `run` performs fetch → parse → record after the gate said go. */
export interface Pipeline {
  gate(job: Job, now: number): Promise<Verdict>;
  run(job: Job, signal: AbortSignal): Promise<JobOutcome>;
  /** Periodic work beside the jobs (PUB-2: looking for exclusion tokens); returns items done. */
  housekeeping?(signal: AbortSignal): Promise<number>;
  /** Release what the stages hold (e.g. the browser). */
  close?(): Promise<void>;
}
