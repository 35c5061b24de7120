/**
 * The worker loop: schedule → gate → (fetch → parse → record), until the signal aborts.
 * It is idle-cheap: when nothing is due it sleeps until the next due time (capped, so
 * outlets added meanwhile are seen), never busy-polls. Shutdown waits for the job in
 * hand to end, then releases what is left; leases cover a worker killed outright.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Clock } from "../lib/clock";
import { errorMessage, type Logger } from "../lib/log";
import type { Pipeline } from "./pipeline";
import { claimDueJobs, completeJob, nextDueAt, type Job } from "./schedule/claim";

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
  /** Lease length of a claimed job. @default 120_000 */
  leaseMs?: number;
  /** Jobs claimed at a time. @default 8 */
  batch?: number;
}

/** Counters of a finished run, for tests and the shutdown log line. */
export interface WorkerStats { claimed: number; completed: number; skipped: number; failed: number }

/** Run until `signal` aborts; resolves after a clean shutdown. */
export async function runWorker(o: WorkerOptions): Promise<WorkerStats> {
  const { db, clock, log, workerId, signal } = o;
  const maxIdleMs = o.maxIdleMs ?? 30_000;
  const stats: WorkerStats = { claimed: 0, completed: 0, skipped: 0, failed: 0 };
  log.info("worker.started", { workerId });
  while (!signal.aborted) {
    await heartbeat(db, workerId, clock.now());
    const jobs = await claimDueJobs(db, { workerId, now: clock.now(), leaseMs: o.leaseMs ?? 120_000, limit: o.batch ?? 8 });
    stats.claimed += jobs.length;
    for (const job of jobs) {
      if (signal.aborted) {
        await release(db, job, workerId);
        continue;
      }
      await runJob(o, job, stats);
    }
    if (jobs.length === 0) {
      const next = await nextDueAt(db);
      const wait = Math.min(maxIdleMs, next === undefined ? maxIdleMs : Math.max(0, next - clock.now()));
      await clock.sleep(Math.max(wait, 50), signal);
    }
  }
  await db.execute(sql`delete from app_state where key = ${`worker:${workerId}`}`).catch(() => undefined);
  log.info("worker.stopped", { workerId, ...stats });
  return stats;
}

async function runJob(o: WorkerOptions, job: Job, stats: WorkerStats): Promise<void> {
  const { db, clock, log, pipeline, workerId, signal } = o;
  const interval = job.intervalMinutes * 60_000;
  try {
    const verdict = await pipeline.gate(job, clock.now());
    if (verdict.kind === "skip") {
      stats.skipped++;
      log.debug("job.skipped", { source: job.sourceId, kind: job.kind, why: verdict.why });
      await completeJob(db, { job, workerId, nextDueAt: clock.now() + interval });
      return;
    }
    if (verdict.kind === "wait") {
      await completeJob(db, { job, workerId, nextDueAt: verdict.until });
      return;
    }
    const result = await pipeline.run(job, signal);
    stats.completed++;
    log.info("job.done", { source: job.sourceId, kind: job.kind, outlet: job.outletSlug, outcome: result.outcome });
    await completeJob(db, { job, workerId, nextDueAt: result.nextDueAt ?? clock.now() + interval });
  } catch (error) {
    stats.failed++;
    log.error("job.failed", { source: job.sourceId, kind: job.kind, error: errorMessage(error) });
    // A failure in our own code must not stop the worker nor hammer the source: retry at its interval.
    await completeJob(db, { job, workerId, nextDueAt: clock.now() + interval }).catch(() => undefined);
  }
}

/** Give a claimed but unstarted job back without changing when it is due. */
async function release(db: Db, job: Job, workerId: string): Promise<void> {
  await db.execute(sql`update sources set lease_owner = null, lease_until = null where id = ${job.sourceId} and lease_owner = ${workerId}`);
}

/** Record that this worker is alive (shown by /healthz and the admin). */
async function heartbeat(db: Db, workerId: string, now: number): Promise<void> {
  const value = JSON.stringify({ workerId, at: new Date(now).toISOString() });
  await db.execute(sql`
    insert into app_state (key, value, updated_at) values (${`worker:${workerId}`}, ${value}::jsonb, ${new Date(now).toISOString()})
    on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`);
}
