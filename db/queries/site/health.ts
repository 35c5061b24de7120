/**
 * What `/healthz` answers (SPEC OPS-4): active outlets, and workers alive — a heartbeat within
 * `ALIVE_WITHIN_MS` of real time, judged on the site's clock as the lease reclaimer and
 * `/metrics` judge it (heartbeats are stamped on the workers' clock, which the demo and tests
 * run faster than real time; the database's `now()` would keep a dead worker alive for hours).
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import { sqlTime } from "../../sql-time";
import { ALIVE_WITHIN_MS } from "../admin/metrics";

export interface Health {
  workers: number;
  outlets: number;
}

export async function readHealth(db: Executor, now: number, timeScale = 1): Promise<Health> {
  const [row] = await db.execute<{ workers: number; outlets: number }>(sql`
    select (select count(*)::int from app_state where key like 'worker:%' and updated_at > ${sqlTime(now - ALIVE_WITHIN_MS * timeScale)}) as workers,
           (select count(*)::int from outlets where active) as outlets`);
  return { workers: row?.workers ?? 0, outlets: row?.outlets ?? 0 };
}
