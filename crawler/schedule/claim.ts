/**
 * Due work lives in PostgreSQL (SPEC SCH-4): polls of sources (feeds, sitemaps, front
 * pages, legal notices) and one-time reads of article pages (SCH-3). Workers claim due
 * work with a lease: `FOR UPDATE SKIP LOCKED` lets several worker processes share the
 * tables without waiting on each other or taking the same row, and a lease that expires
 * returns the work of a dead worker to the pool. A restart neither loses nor doubles work.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../db/client";
import { outletsUnder } from "../../db/policies-in-force";
import { fromSqlTime, sqlTime } from "../../db/sql-time";
import type { JobKind } from "../../lib/source-kinds";
import { executePrepared } from "./prepared";

/** A claimed unit of work: one source of one outlet, or one article page to read. */
export interface Job {
  /** Row id in `sources`, or in `articles` for kind "article". */
  sourceId: number;
  outletId: number;
  outletSlug: string;
  /** The outlet's IANA time zone (SCH-2's night is the outlet's own). */
  timezone: string;
  kind: JobKind;
  url: string;
  intervalMinutes: number;
  etag: string | null;
  lastModified: string | null;
  leaseUntil: Date;
  /**
   * The source's failure state as claimed (the lease keeps it ours meanwhile), so the
   * source jobs need not read it again; absent for article reads and hand-made jobs.
   */
  state?: SourceState;
  /** When the job's site allows its next request (`sites.next_allowed_at`), as claimed; a hint, not a permit. */
  siteReadyAt?: number;
}

/** A response's validators for the next conditional request (either may be absent). */
export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

/** What a source's past polls left (SPEC BLK-1, BLK-6). */
export interface SourceState {
  closedSince?: number;
  consecutiveFailures: number;
  failingSince?: number;
}

type Row = {
  id: number;
  outlet_id: number;
  slug: string;
  timezone: string;
  kind: Job["kind"];
  url: string;
  interval_minutes: number;
  etag: string | null;
  last_modified: string | null;
  closed_since: string | Date | null;
  consecutive_failures: number | null;
  failing_since: string | Date | null;
  site_ready_at: string | Date | null;
};

/** The site's pacing time, for the job to wait before its first try (one round trip less). */
const siteReadyAt = (site: ReturnType<typeof sql>) =>
  sql`(select st.next_allowed_at from sites st where st.domain = ${site}) as site_ready_at`;

/** A source poll `s2` (of outlet `o2`) that may run at `now`: active, due, not paused, not leased. */
const pollIsDue = (now: string) => sql`
  s2.active and not s2.proposed and o2.active
  and s2.next_due_at <= ${now}::timestamptz
  and (s2.paused_until is null or s2.paused_until <= ${now}::timestamptz)
  and (s2.lease_until is null or s2.lease_until < ${now}::timestamptz)`;

/**
 * Until when site `site` is busy: the latest end of a lease on one of its sources or article
 * reads that has not ended by `now`, or null when none (the site is free). Scalar subqueries
 * with LIMIT, so each site is one probe of each partial lease index; as a `not exists` in a
 * select list PostgreSQL hashed every leased row instead (their dead index entries included:
 * 0.3 s per claim at 1,000 sites).
 */
const siteBusyUntil = (site: ReturnType<typeof sql>, now: string) => sql`greatest(
  (select busy.lease_until from sources busy where busy.site_domain = ${site} and busy.lease_until >= ${now} order by busy.lease_until desc limit 1),
  (select busy.read_lease_until from articles busy where busy.site_domain = ${site} and busy.read_lease_until >= ${now} order by busy.read_lease_until desc limit 1))`;

/** An article read `a2` (of outlet `o2`, site row `st`) that may run at `now`, leaving aside its time and the site's freedom. */
const readIsOpen = (now: string, budget: number) => sql`
  a2.read_at is null and a2.read_due_at is not null and o2.active
  and (a2.read_lease_until is null or a2.read_lease_until < ${now})
  -- BLK-1, BLK-5: an outlet whose front page is closed to us (a 401, 403 or bot challenge) has
  -- said no; reading its articles would be getting in by another door. A probe that reopens
  -- the front page resumes them.
  and not exists (select 1 from sources fp where fp.outlet_id = a2.outlet_id and fp.kind = 'frontpage' and fp.closed_since is not null)
  -- PUB-7: the publisher declined article reads ("sin lectura de artículos"); evaluated once per claim.
  and a2.outlet_id <> all (array(${outletsUnder("sin-lectura-de-articulos")}))
  and (st.reads_day is distinct from (${now}::timestamptz at time zone 'UTC')::date or st.reads_count < ${budget})`;

/**
 * The first moment a free site `d` has a source poll or article read due (a read of a site at
 * its daily budget comes due the next UTC day), or +infinity. Its conditions are the claims'
 * own, time aside, so a site whose wake time has come either has a job to take or is moved
 * past `now`; a write that changes them wakes the site (the triggers).
 */
const siteNextDue = (d: ReturnType<typeof sql>, now: string, budget: number) => sql`least(
    coalesce((select min(greatest(s2.next_due_at, coalesce(s2.paused_until, s2.next_due_at)))
      from sources s2 join outlets o2 on o2.id = s2.outlet_id
      where s2.site_domain = ${d} and s2.active and not s2.proposed and o2.active
        and (s2.lease_until is null or s2.lease_until < ${now})), 'infinity'::timestamptz),
    coalesce((select case when st.reads_day = (${now}::timestamptz at time zone 'UTC')::date and st.reads_count >= ${budget}
                 then greatest(a2.read_due_at, ((st.reads_day + 1)::timestamp at time zone 'UTC')) else a2.read_due_at end
      from articles a2 join outlets o2 on o2.id = a2.outlet_id
      left join sites st on st.domain = a2.site_domain
      where a2.site_domain = ${d} and ${readIsOpen(now, 2147483647)}
      order by a2.read_due_at limit 1), 'infinity'::timestamptz))`;

/**
 * The sites whose wake time has come, `room` of them and a margin (sites found busy or with
 * nothing due are moved on, so the ones behind are reached on the next claims), most
 * overdue first: what a claim reads instead of every site.
 */
const wokenSites = (now: string, room: number) => sql`
  select ss.domain, ss.bumps from site_schedule ss where ss.wake_at <= ${now} order by ss.wake_at limit ${room + WAKE_MARGIN}`;

/** Sites read past those a claim may take (see `wokenSites`). */
const WAKE_MARGIN = 200;

/**
 * The wake times of the sites a claim looked at (`look`: domain, bumps, taken, open,
 * backoff_until, busy_until, until): a taken site sleeps until its lease ends, a busy one
 * until its last lease ends (a release wakes either earlier), one in back-off until it ends,
 * a free one with nothing due until `siteNextDue`: each when that is later than `now`. A
 * site whose row changed since it was read (another statement woke it) or that another
 * statement holds is left as it is.
 */
const settleSites = (now: string, budget: number) => sql`
  settle as (
    select l.domain, l.bumps, case
      when l.taken then l.until
      when not l.open then greatest(coalesce(l.backoff_until, '-infinity'::timestamptz), coalesce(l.busy_until, '-infinity'::timestamptz))
      else ${siteNextDue(sql`l.domain`, now, budget)} end as at
    from look l),
  locked as (
    select ss.domain from site_schedule ss join settle x on x.domain = ss.domain
    where ss.bumps = x.bumps and x.at > ${now}::timestamptz
    for update of ss skip locked),
  settled as (
    update site_schedule ss set wake_at = x.at from settle x
    where ss.domain = x.domain and ss.domain in (select domain from locked)
    returning ss.domain)`;

/**
 * LOCK_RECHECK: the rows to claim are chosen on the statement's snapshot, and another worker
 * may claim (or finish) one of them and commit before this statement locks it; `skip locked`
 * only skips rows still locked. So the conditions that make a row claimable are repeated in
 * the `for update` query's own WHERE, which PostgreSQL re-evaluates on the row's latest
 * version when it changed since the snapshot: without them the row is claimed a second time
 * and its work done twice (seen with three workers: article pages read twice, feeds polled
 * twice within their interval).
 *
 * Claim up to `limit` due jobs for `workerId` until `now + leaseMs`: at most one per
 * site, none of a site that is in back-off or already has a job running (its requests
 * would only queue behind the site's lease); source polls first, most overdue first,
 * then article reads of sites still within today's budget.
 */
export async function claimDueJobs(
  db: Db,
  p: { workerId: string; now: number; leaseMs: number; limit: number; articleDailyBudget?: number },
): Promise<Job[]> {
  // No transaction: each statement claims on its own (`skip locked`, leases), and `db.execute`
  // sends unnamed statements, which PostgreSQL plans for the values of each call (a generic
  // plan, which misjudged the number of due rows, only comes with named prepared statements).
  return claimIn(db, p);
}

/**
 * The woken sites with what decides a claim on each: its back-off, until when it is busy,
 * whether it is open, and its most overdue due job (`due.id` and `dueColumn`), from the
 * `due` join that follows this fragment.
 */
const candidatesOf = (now: string, dueColumn: SQL) => sql`
      select w.domain, w.bumps, due.id, ${dueColumn}, st.backoff_until, busy.until as busy_until,
        (st.backoff_until is null or st.backoff_until <= ${now}) and busy.until is null as open
      from woken w
      left join sites st on st.domain = w.domain
      cross join lateral (select ${siteBusyUntil(sql`w.domain`, now)} as until) busy`;

/** The candidate sites whose wake time the claim settles: taken, not open, or with nothing due. */
const sitesLooked = (until: Date) => sql`
      select c.domain, c.bumps, c.domain in (select site_domain from claimed) as taken, c.open, c.backoff_until, c.busy_until,
        ${until.toISOString()}::timestamptz as until
      from candidates c
      where c.domain in (select site_domain from claimed) or not c.open or c.id is null`;

async function claimIn(
  db: Executor,
  p: { workerId: string; now: number; leaseMs: number; limit: number; articleDailyBudget?: number },
): Promise<Job[]> {
  const now = sqlTime(p.now); // postgres.js takes timestamps as ISO strings in raw SQL
  const until = new Date(p.now + p.leaseMs);
  const budget = p.articleDailyBudget ?? 500;
  // Driven by the sites whose wake time has come (`site_schedule`), not by every site: each
  // free one's most overdue source is its first entry on `sources_site_due`. The cost follows
  // the sites woken since the last claim (a job ended, work came due), not the sites held.
  const polls = await db.execute<Row>(sql`
    -- SCH-4: claim of source polls
    with woken as (${wokenSites(now, p.limit)}),
    candidates as (${candidatesOf(now, sql`due.next_due_at`)}
      left join lateral (
        select s2.id, s2.next_due_at
        from sources s2 join outlets o2 on o2.id = s2.outlet_id
        where s2.site_domain = w.domain and ${pollIsDue(now)}
        order by s2.next_due_at, s2.id
        limit 1) due on true),
    claimed as (
      update sources s set lease_owner = ${p.workerId}, lease_until = ${until.toISOString()}
      from outlets o
      where o.id = s.outlet_id and s.id in (
        select id from sources where id in (
          select id from candidates where open and id is not null order by next_due_at limit ${p.limit})
          -- Checked again on the row as locked (see LOCK_RECHECK).
          and next_due_at <= ${now} and (lease_until is null or lease_until < ${now})
        for update skip locked)
      returning s.id, s.outlet_id, o.slug, o.timezone, s.kind, s.url, s.interval_minutes, s.etag, s.last_modified,
        s.closed_since, s.consecutive_failures, s.failing_since, s.site_domain, ${siteReadyAt(sql`s.site_domain`)}),
    -- A free site with a due poll that was not taken (limit, or locked meanwhile) keeps its wake time.
    look as (${sitesLooked(until)}),
    ${settleSites(now, budget)}
    select * from claimed`);
  const room = p.limit - polls.length;
  const reads =
    room <= 0
      ? []
      : await db.execute<Row>(sql`
    -- SCH-3: claim of article reads
    with woken as (${wokenSites(now, room)}),
    candidates as (${candidatesOf(now, sql`due.read_due_at`)}
      left join lateral (
        select a2.id, a2.read_due_at
        from articles a2 join outlets o2 on o2.id = a2.outlet_id
        where a2.site_domain = w.domain and a2.read_due_at <= ${now} and ${readIsOpen(now, budget)}
        order by a2.read_due_at, a2.id
        limit 1) due on true),
    claimed as (
      update articles a set read_lease_owner = ${p.workerId}, read_lease_until = ${until.toISOString()}
      from outlets o
      where o.id = a.outlet_id and a.id in (
        select id from articles where id in (
          select id from candidates where open and id is not null order by read_due_at limit ${room})
          -- Checked again on the row as locked (see LOCK_RECHECK).
          and read_at is null and read_due_at <= ${now} and (read_lease_until is null or read_lease_until < ${now})
        for update skip locked)
      returning a.id, a.outlet_id, o.slug, o.timezone, 'article' as kind, a.url, 60 as interval_minutes, null as etag, null as last_modified,
        null as closed_since, null as consecutive_failures, null as failing_since, a.site_domain, ${siteReadyAt(sql`a.site_domain`)}),
    look as (${sitesLooked(until)}),
    ${settleSites(now, budget)}
    select * from claimed`);
  return [...polls, ...reads].map((r) => jobOf(r, until));
}

function jobOf(r: Row, until: Date): Job {
  return {
    sourceId: r.id,
    outletId: r.outlet_id,
    outletSlug: r.slug,
    timezone: r.timezone,
    kind: r.kind,
    url: r.url,
    intervalMinutes: r.interval_minutes,
    etag: r.etag,
    lastModified: r.last_modified,
    leaseUntil: until,
    ...(r.kind === "article"
      ? {}
      : {
          state: {
            closedSince: fromSqlTime(r.closed_since),
            consecutiveFailures: r.consecutive_failures ?? 0,
            failingSince: fromSqlTime(r.failing_since),
          },
        }),
    ...(r.site_ready_at === null ? {} : { siteReadyAt: fromSqlTime(r.site_ready_at) }),
  };
}

/**
 * Finish a source poll and, in the same statement, claim the most overdue due poll of the
 * same site for `workerId`, if any (the rules of `claimDueJobs`: active, not paused, not
 * leased, site not in back-off). The site stays in one worker's hands while it has due
 * polls, so its next request waits only for its pacing, not for the next claim round.
 */
export async function completeAndClaimNext(
  db: Db,
  p: { job: Job; workerId: string; nextDueAt: number; validators?: Validators; now: number; leaseMs: number },
): Promise<{ completed: boolean; next?: Job }> {
  const now = sqlTime(p.now);
  const until = new Date(p.now + p.leaseMs);
  const [row] = await executePrepared<Row & { completed: boolean }>(
    db,
    sql`
    with done as (
      update sources set lease_owner = null, lease_until = null, next_due_at = ${sqlTime(p.nextDueAt)}::timestamptz, ${storeValidators(p.validators)}
      where id = ${p.job.sourceId}::int and lease_owner = ${p.workerId}::text returning id, site_domain
    ), following as (
      select s2.id from sources s2 join outlets o2 on o2.id = s2.outlet_id
      where s2.site_domain = (select site_domain from done) and s2.id <> ${p.job.sourceId}::int
        and ${pollIsDue(now)}
        and not exists (select 1 from sites st where st.domain = s2.site_domain and st.backoff_until > ${now}::timestamptz)
      order by s2.next_due_at, s2.id
      limit 1
      for update of s2 skip locked
    ), taken as (
      update sources s set lease_owner = ${p.workerId}::text, lease_until = ${until.toISOString()}::timestamptz
      from outlets o
      where o.id = s.outlet_id and s.id = (select id from following)
      returning s.id, s.outlet_id, o.slug, o.timezone, s.kind, s.url, s.interval_minutes, s.etag, s.last_modified,
        s.closed_since, s.consecutive_failures, s.failing_since, ${siteReadyAt(sql`s.site_domain`)}
    )
    select exists (select 1 from done) as completed, taken.* from (select 1) as one left join taken on true`,
  );
  const completed = row?.completed === true;
  return { completed, ...(row && row.id !== null ? { next: jobOf(row, until) } : {}) };
}

/** POL-4: a completed poll's new validators (one statement shape whether or not there are any). */
const storeValidators = (v: Validators | undefined) =>
  sql`etag = coalesce(${v?.etag ?? null}::text, etag), last_modified = coalesce(${v?.lastModified ?? null}::text, last_modified)`;

/**
 * Finish a job: release the lease and set when it is next due (for an article read:
 * when to try again, or never once read); a lost lease changes nothing.
 */
export async function completeJob(db: Db, p: { job: Job; workerId: string; nextDueAt: number; validators?: Validators }): Promise<boolean> {
  const rows =
    p.job.kind === "article"
      ? await executePrepared(
          db,
          sql`
        update articles set read_lease_owner = null, read_lease_until = null,
          read_due_at = case when read_at is null then ${sqlTime(p.nextDueAt)}::timestamptz else null end
        where id = ${p.job.sourceId} and read_lease_owner = ${p.workerId} returning id`,
        )
      : await executePrepared(
          db,
          sql`
        update sources set lease_owner = null, lease_until = null, next_due_at = ${sqlTime(p.nextDueAt)}::timestamptz, ${storeValidators(p.validators)}
        where id = ${p.job.sourceId}::int and lease_owner = ${p.workerId}::text returning id`,
        );
  return rows.length === 1;
}

/** A source's or an article read's earliest moment to run: due, not paused, not leased (the `*_wake` indexes' expressions). */
const sourceWake = sql`greatest(s.next_due_at, coalesce(s.paused_until, s.next_due_at), coalesce(s.lease_until, s.next_due_at))`;
const readWake = sql`greatest(a.read_due_at, coalesce(a.read_lease_until, a.read_due_at))`;

/**
 * When the next job becomes due (for an idle-cheap sleep), or undefined when none is scheduled.
 * Each side is the first entry of its `*_wake` index (a source of an inactive outlet is
 * stepped over), so the cost does not grow with the number of sources or unread articles.
 */
export async function nextDueAt(db: Db): Promise<number | undefined> {
  const [row] = await db.execute<{ at: Date | string | null }>(nextDueAtQuery());
  return fromSqlTime(row?.at);
}

/** The statement behind `nextDueAt` (its plan is tested). */
export function nextDueAtQuery() {
  return sql`
    select least(
      (select ${sourceWake} from sources s
       where s.active and not s.proposed and exists (select 1 from outlets o where o.id = s.outlet_id and o.active)
       order by ${sourceWake} limit 1),
      (select ${readWake} from articles a
       where a.read_at is null and a.read_due_at is not null
       order by ${readWake} limit 1)) as at`;
}
