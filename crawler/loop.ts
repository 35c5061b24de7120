/**
 * The worker loop: schedule → gate → (fetch → parse → record), until the signal aborts.
 * It is idle-cheap: when nothing is due it sleeps until the next due time (capped, so
 * outlets added meanwhile are seen), never busy-polls. Shutdown waits for the job in
 * hand to end, then releases what is left; leases cover a worker killed outright.
 */
import { setMaxListeners } from "node:events";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Clock } from "../lib/clock";
import { errorMessage, type Logger } from "../lib/log";
import type { Pipeline } from "./schedule/pipeline";
import { ACQUIRE_AHEAD_MS } from "./politeness/site-lease";
import { claimDueJobs, completeAndClaimNext, completeJob, nextDueAt, type Job } from "./schedule/claim";
import { executePrepared } from "./schedule/prepared";
import { watchSlow } from "./slow-database";

/** Options of the loop; every field has a default fit for production. */
export interface WorkerOptions {
  db: Db;
  clock: Clock;
  log: Logger;
  pipeline: Pipeline;
  workerId: string;
  signal: AbortSignal;
  /** Longest idle sleep, so new work is noticed. @default 30_000 */
  maxIdleMs?: number;
  /** Lease length of a claimed job; it covers waiting for the site's turn. @default 600_000 */
  leaseMs?: number;
  /**
   * Jobs in flight at once. Each is a different site (claims take one job per site), and
   * each waits for its own site's pacing, so one worker keeps many sites busy. @default 32
   */
  concurrency?: number;
  /** SCH-3: article reads per site per day. @default 500 */
  articleDailyBudget?: number;
  /**
   * Least time between two claims while jobs are in flight: slots freed meanwhile are
   * refilled together, so a busy worker pays for one claim statement per interval, not
   * one per finished job (a claim reads every site woken since the last one). A claimed job waits for its
   * site's turn anyway (3–5 s after the site's last request), so a short delay costs no
   * request. @default adaptive: five times the last claim's duration (claims then hold
   * at most a sixth of the time), at least 250, at most 1_000
   */
  claimEveryMs?: number;
}

/** The adaptive claim interval is this many times the last claim's duration… */
const CLAIM_SHARE_FACTOR = 5;
/** …and at most this long… */
const MAX_CLAIM_EVERY_MS = 1_000;
/**
 * …and at least this long: a cheap claim (a few ms) would otherwise run dozens of times a
 * second for a job or two each. A claimed job waits for its site's turn (3–5 s after the
 * site's last request) anyway, so a quarter of a second costs no request.
 */
const MIN_CLAIM_EVERY_MS = 250;

/** A claimed job's lease, by default (it covers waiting for the site's turn). */
const DEFAULT_LEASE_MS = 600_000;

/**
 * After claims that came back empty although work was due (every due source's site busy, in
 * back-off or leased by another process), the next one waits longer: twice as long per empty
 * claim, from MIN_CLAIM_EVERY_MS up to this, unless a job of ours ends first: each empty
 * round still costs a claim and a next-due query. A due job is picked up at most this late.
 */
const MAX_EMPTY_CLAIM_EVERY_MS = 8_000;

/** Most jobs of one site run in a row by one slot before it goes back to the claim (fairness). */
const MAX_CHAIN = 20;

/** Longest pause between two attempts to reach an unavailable database. */
const MAX_OUTAGE_PAUSE_MS = 30_000;

/** Counters of a finished run, for tests and the shutdown log line. */
export interface WorkerStats {
  claimed: number;
  completed: number;
  skipped: number;
  failed: number;
}

/** Run until `signal` aborts; resolves after a clean shutdown (jobs in hand finish or are released). */
export async function runWorker(o: WorkerOptions): Promise<WorkerStats> {
  const { db, clock, log, workerId, signal } = o;
  const maxIdleMs = o.maxIdleMs ?? 30_000;
  const concurrency = o.concurrency ?? 32;
  // A claim's duration (on the worker's clock) sets the interval before the next one.
  let claimTook = 0;
  const claimEvery = () => o.claimEveryMs ?? Math.min(MAX_CLAIM_EVERY_MS, Math.max(MIN_CLAIM_EVERY_MS, CLAIM_SHARE_FACTOR * claimTook));
  const stats: WorkerStats = { claimed: 0, completed: 0, skipped: 0, failed: 0 };
  const inflight = new Set<Promise<void>>();
  // Set when a job ends; the loop then claims again at once instead of sleeping.
  let jobEnded: boolean;
  let wake: () => void = () => {};
  let lastBeat = -Infinity;
  let lastClaim = -Infinity;
  // Claims in a row that came back empty (see MAX_EMPTY_CLAIM_EVERY_MS).
  let emptyClaims = 0;
  // Every job in flight listens to the shutdown signal (sleeps, fetches): that is expected.
  setMaxListeners(Math.max(10, concurrency * 4), signal);
  log.info("worker.started", { workerId, concurrency });
  // OPS-2: consecutive rounds in which the database did not answer (heartbeat, claim, next due time).
  let outages = 0;
  // OPS-2: a loop statement blocked on the database (locks, a pool taken by slow statements) is logged while it waits.
  const watched = <T>(step: string, work: Promise<T>) =>
    watchSlow(step, work, { clock, log, fields: { workerId, jobsInHand: inflight.size } });
  // One round: heartbeat, claim, start the jobs, sleep until a job ends or work is due.
  const round = async (): Promise<void> => {
    if (clock.now() - lastBeat >= 10_000) {
      await watched("heartbeat", heartbeat(db, workerId, clock.now()));
      lastBeat = clock.now();
    }
    // Busy: let finished jobs gather before claiming again (see `claimEveryMs`).
    const sinceClaim = clock.now() - lastClaim;
    if (inflight.size > 0 && sinceClaim < claimEvery()) await clock.sleep(claimEvery() - sinceClaim, signal);
    if (signal.aborted) return;
    jobEnded = false;
    const free = concurrency - inflight.size;
    lastClaim = clock.now();
    const jobs =
      free > 0
        ? await watched(
            "claim",
            claimDueJobs(db, {
              workerId,
              now: lastClaim,
              leaseMs: o.leaseMs ?? DEFAULT_LEASE_MS,
              limit: free,
              articleDailyBudget: o.articleDailyBudget,
            }),
          )
        : [];
    if (free > 0) claimTook = clock.now() - lastClaim;
    emptyClaims = free > 0 && jobs.length === 0 ? emptyClaims + 1 : 0;
    if (outages > 0) log.info("database.back", { workerId, failedRounds: outages, jobsInHand: inflight.size });
    outages = 0;
    stats.claimed += jobs.length;
    for (const job of jobs) {
      const running: Promise<void> = runJob(o, job, stats).finally(() => {
        inflight.delete(running);
        jobEnded = true;
        wake();
      });
      inflight.add(running);
    }
    // A slot freed while we claimed: claim again (after the interval).
    if (jobEnded) return;
    // Nothing more to claim now: sleep until a job ends or the next source is due.
    const next = inflight.size < concurrency ? await watched("next-due", nextDueAt(db)) : undefined;
    // Work due now that the claim could not take: wait a little longer each time (or until a job ends).
    const floor = emptyClaims === 0 ? 50 : Math.min(MAX_EMPTY_CLAIM_EVERY_MS, MIN_CLAIM_EVERY_MS * 2 ** Math.min(emptyClaims, 10));
    const wait = Math.min(maxIdleMs, next === undefined ? maxIdleMs : Math.max(floor, next - clock.now()));
    const idle = new AbortController();
    const onAbort = () => idle.abort();
    signal.addEventListener("abort", onAbort, { once: true });
    if (signal.aborted) idle.abort(); // aborted while we were asking the database: don't sleep
    const ended = new Promise<void>((resolve) => (wake = resolve));
    if (!jobEnded) await Promise.race([clock.sleep(wait, idle.signal), ended]);
    idle.abort();
    signal.removeEventListener("abort", onAbort);
  };
  while (!signal.aborted) {
    try {
      await round();
    } catch (error) {
      if (signal.aborted) break;
      // The database is away (restart, network): keep the jobs in hand (their leases and the
      // sites' next-allowed times are in the database, so no rule can be broken meanwhile)
      // and try again after a growing pause: 1 s, doubling, at most 30 s.
      outages++;
      const retryInMs = Math.min(MAX_OUTAGE_PAUSE_MS, 1_000 * 2 ** Math.min(outages - 1, 10));
      log.error("database.unavailable", { workerId, error: errorMessage(error), attempt: outages, retryInMs, jobsInHand: inflight.size });
      await clock.sleep(retryInMs, signal).catch(() => {});
    }
  }
  await Promise.allSettled(inflight);
  await db.execute(sql`delete from app_state where key = ${`worker:${workerId}`}`).catch(() => undefined);
  log.info("worker.stopped", { workerId, ...stats });
  return stats;
}

/**
 * Run a claimed job and, while the site has more due polls, the next ones in turn (each
 * claimed as the previous one completes: `completeAndClaimNext`), at most `MAX_CHAIN` in
 * a row: the slot then goes back to the claim, which serves the most overdue sites first.
 */
async function runJob(o: WorkerOptions, first: Job, stats: WorkerStats): Promise<void> {
  let job: Job | undefined = first;
  for (let n = 1; job; n++) job = await runOne(o, job, stats, n < MAX_CHAIN);
}

/** Run one job; returns the site's next job when it was claimed on completion. */
async function runOne(o: WorkerOptions, job: Job, stats: WorkerStats, mayChain: boolean): Promise<Job | undefined> {
  const { db, clock, log, pipeline, workerId, signal } = o;
  const interval = job.intervalMinutes * 60_000;
  try {
    const verdict = await pipeline.gate(job, clock.now());
    // The site's turn comes at `siteReadyAt` at the earliest: wait here rather than ask the
    // database first, waking as early as the site's lease may be taken (ACQUIRE_AHEAD_MS).
    const wakeAt = (job.siteReadyAt ?? 0) - ACQUIRE_AHEAD_MS;
    if (verdict.kind === "go" && wakeAt > clock.now()) await clock.sleep(wakeAt - clock.now(), signal);
    if (verdict.kind === "skip") {
      stats.skipped++;
      log.debug("job.skipped", { source: job.sourceId, kind: job.kind, why: verdict.why });
      await completeJob(db, { job, workerId, nextDueAt: clock.now() + interval });
      return undefined;
    }
    if (verdict.kind === "wait") {
      await completeJob(db, { job, workerId, nextDueAt: verdict.until });
      return undefined;
    }
    const result = await pipeline.run(job, signal);
    stats.completed++;
    log.info("job.done", { source: job.sourceId, kind: job.kind, outlet: job.outletSlug, outcome: result.outcome });
    const nextDueAt = result.nextDueAt ?? clock.now() + interval;
    if (mayChain && job.kind !== "article" && !signal.aborted) {
      const { next } = await completeAndClaimNext(db, {
        job,
        workerId,
        nextDueAt,
        validators: result.validators,
        now: clock.now(),
        leaseMs: o.leaseMs ?? DEFAULT_LEASE_MS,
      });
      if (next) stats.claimed++;
      return next;
    }
    await completeJob(db, { job, workerId, nextDueAt, validators: result.validators });
  } catch (error) {
    stats.failed++;
    log.error("job.failed", { source: job.sourceId, kind: job.kind, error: errorMessage(error) });
    // A failure in our own code must not stop the worker nor hammer the source: retry at its interval.
    await completeJob(db, { job, workerId, nextDueAt: clock.now() + interval }).catch(() => undefined);
  }
  return undefined;
}

/** Record that this worker is alive (shown by /healthz and the admin). */
async function heartbeat(db: Db, workerId: string, now: number): Promise<void> {
  const value = JSON.stringify({ workerId, at: new Date(now).toISOString() });
  await executePrepared(
    db,
    sql`
    insert into app_state (key, value, updated_at) values (${`worker:${workerId}`}, ${value}::jsonb, ${new Date(now).toISOString()})
    on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
  );
}
