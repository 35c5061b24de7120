/**
 * Due work lives in PostgreSQL (SPEC SCH-4). Workers claim due sources with a lease:
 * `FOR UPDATE SKIP LOCKED` lets several worker processes share the table without
 * waiting on each other or taking the same row, and a lease that expires returns the
 * work of a dead worker to the pool. A restart neither loses nor doubles work.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/** A claimed unit of work: one source of one outlet. */
export interface Job {
  sourceId: number;
  outletId: number;
  outletSlug: string;
  kind: "feed" | "sitemap" | "frontpage" | "legal";
  url: string;
  intervalMinutes: number;
  etag: string | null;
  lastModified: string | null;
  leaseUntil: Date;
}

/**
 * Claim up to `limit` due sources of active outlets for `workerId` until `now + leaseMs`:
 * at most one per site, none of a site that is in back-off or already has a job running
 * (its requests would only queue behind the site's lease), most overdue first.
 */
export async function claimDueJobs(db: Db, p: { workerId: string; now: number; leaseMs: number; limit: number }): Promise<Job[]> {
  // postgres.js takes timestamps as ISO strings in raw SQL.
  const now = new Date(p.now).toISOString();
  const until = new Date(p.now + p.leaseMs);
  const rows = await db.execute<{
    id: number; outlet_id: number; slug: string; kind: Job["kind"]; url: string; interval_minutes: number;
    etag: string | null; last_modified: string | null;
  }>(sql`
    update sources s set lease_owner = ${p.workerId}, lease_until = ${until.toISOString()}
    from outlets o
    where o.id = s.outlet_id and s.id in (
      select id from sources where id in (
        select id from (
          select s2.id, s2.next_due_at,
                 row_number() over (partition by s2.site_domain order by s2.next_due_at, s2.id) as nth
          from sources s2
          join outlets o2 on o2.id = s2.outlet_id
          left join sites st on st.domain = s2.site_domain
          where s2.active and not s2.proposed and o2.active
            and s2.next_due_at <= ${now}
            and (s2.paused_until is null or s2.paused_until <= ${now})
            and (s2.lease_until is null or s2.lease_until < ${now})
            and (st.backoff_until is null or st.backoff_until <= ${now})
            and not exists (select 1 from sources busy where busy.site_domain = s2.site_domain and busy.lease_until >= ${now})
        ) ranked
        where nth = 1
        order by next_due_at
        limit ${p.limit})
      for update skip locked)
    returning s.id, s.outlet_id, o.slug, s.kind, s.url, s.interval_minutes, s.etag, s.last_modified`);
  return rows.map((r) => ({
    sourceId: r.id, outletId: r.outlet_id, outletSlug: r.slug, kind: r.kind, url: r.url,
    intervalMinutes: r.interval_minutes, etag: r.etag, lastModified: r.last_modified, leaseUntil: until,
  }));
}

/** Finish a job: release the lease and set when the source is next due; a lost lease changes nothing. */
export async function completeJob(db: Db, p: { job: Job; workerId: string; nextDueAt: number }): Promise<boolean> {
  const rows = await db.execute(sql`
    update sources set lease_owner = null, lease_until = null, next_due_at = ${new Date(p.nextDueAt).toISOString()}
    where id = ${p.job.sourceId} and lease_owner = ${p.workerId}
    returning id`);
  return rows.length === 1;
}

/** When the next source becomes due (for an idle-cheap sleep), or undefined when none is scheduled. */
export async function nextDueAt(db: Db): Promise<number | undefined> {
  const [row] = await db.execute<{ at: Date | string | null }>(sql`
    select min(greatest(s.next_due_at, coalesce(s.paused_until, s.next_due_at), coalesce(s.lease_until, s.next_due_at))) as at
    from sources s join outlets o on o.id = s.outlet_id
    where s.active and not s.proposed and o.active`);
  return row?.at ? new Date(row.at).getTime() : undefined;
}
