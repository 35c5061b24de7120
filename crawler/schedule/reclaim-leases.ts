/**
 * SCH-4: the jobs a worker held when it died (SIGKILL, a crashed machine) are handed back
 * as soon as its heartbeat is clearly stale, not when their 10-minute leases run out.
 * Only job leases are reclaimed: a site's lease (POL-1, one request at a time per site)
 * always runs to its own end, so a worker that is merely slow can never share a site.
 * A worker beats at least every ~40 s of clock time (a round, or an idle sleep of 30 s);
 * two minutes without a beat means it is gone.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlTime } from "../../db/sql-time";

/** Clock time without a heartbeat after which a worker is taken for dead. */
export const DEAD_AFTER_MS = 120_000;

/**
 * The reclaimer the worker's housekeeping runs; returns how many job leases it handed back.
 * `deadAfterMs` is clock time: on a clock running faster than real time (tests, the demo) it
 * is scaled like the leases, so a worker busy for a real moment is never taken for dead.
 */
export function createLeaseReclaimer(o: { db: Db; now: () => number; workerId: string; deadAfterMs?: number }) {
  const deadAfterMs = o.deadAfterMs ?? DEAD_AFTER_MS;
  return async function reclaimDeadLeases(): Promise<number> {
    const now = o.now();
    const [row] = await o.db.execute<{ n: number }>(sql`
      with dead as (
        -- Never this worker itself: it is alive, whatever its last beat says.
        delete from app_state where key like 'worker:%' and key <> ${`worker:${o.workerId}`} and updated_at < ${sqlTime(now - deadAfterMs)}
        returning substr(key, 8) as id
      ), jobs as (
        update sources set lease_until = ${sqlTime(now)}
        where lease_owner in (select id from dead) and lease_until > ${sqlTime(now)} returning id
      ), reads as (
        update articles set read_lease_until = ${sqlTime(now)}
        where read_lease_owner in (select id from dead) and read_lease_until > ${sqlTime(now)} returning id
      )
      select ((select count(*) from jobs) + (select count(*) from reads))::int as n`);
    return row?.n ?? 0;
  };
}
