/**
 * Per-site pacing across every worker process (SPEC POL-1), held in PostgreSQL.
 *
 * A site (registrable domain) row carries a lease and `next_allowed_at`. A worker may
 * send a request to a site only while it holds the lease, and may take the lease only
 * when `next_allowed_at` has passed, no live lease exists and the site is not in
 * back-off. On release `next_allowed_at` becomes `end + gap`: the next request starts at
 * least `gap` (random 3–5 s, or the robots.txt Crawl-delay when larger) after this one
 * ended, so starts are at least `gap` apart as the server sees them, whatever the latency.
 * Each step is one conditional statement, so two processes can never both win.
 *
 * The release may come late, or never: its statement can wait in a busy pool for tens of
 * seconds, and a worker can die. So pacing never depends on it. The lease is taken long
 * enough to cover the longest exchange *and* the gap after it (`leaseFor`), and the
 * holder sends only while what is left of its lease still covers both (`leaseCovers`);
 * when a slow database has eaten into it, the holder renews it first (`renewSite`). So
 * nobody else can take the site before this request's end plus its gap, whether the
 * release lands in time, late, or not at all; a late release still records its gap and
 * back-off (it only leaves a lease alone that is no longer its own).
 * The one gap not known before sending is a larger Crawl-delay revealed by the robots.txt
 * response itself: its lease covers the delay in force before it.
 * A publisher's minimum pause (PUB-7 "pausa-minima", applied and not withdrawn) is read from
 * `exclusions` by the acquiring statement itself: every worker paces by it from the first
 * request taken after it applies, and the lease taken is longer by it.
 *
 * The lease may be taken up to `ACQUIRE_AHEAD_MS` before `next_allowed_at`; the holder
 * then waits for that moment itself. Nothing is sent earlier, and nobody else can send
 * meanwhile, so this changes no rule; it takes the database's answer time off the
 * critical path (a busy pool answers in hundreds of milliseconds), so a site's next
 * request starts when the pacing allows, not a round trip later.
 * Two round trips per request: acquire (which opens the request-log line, STO-5, so a
 * request is on record even if the process dies during it) and release-with-outcome
 * (which completes that line and, for a source poll that was answered, writes the
 * source's success: failure state cleared, validators kept for POL-4). Both are prepared
 * statements (crawler/schedule/prepared.ts).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlTime, fromSqlTime } from "../../db/sql-time";
import { executePrepared } from "../schedule/prepared";
import type { RequestOutcome } from "./request-log";
import type { SiteChange } from "./site-state";

/** How long before the site's next allowed moment its lease may be taken (clock ms). */
export const ACQUIRE_AHEAD_MS = 1_000;

/** The outcome of trying to take a site; when taken, the id of the request's log line and when the request may start. */
export type LeaseAttempt =
  | { taken: true; consecutiveFailures: number; logId: number; startAt: number; leaseUntil: number; minPauseMs: number }
  | { taken: false; retryAt: number; backoffUntil?: number };

/** The request about to be sent, for its log line. */
export interface PlannedRequest {
  url: string;
  kind: string;
}

// The statement's last select sees the site as it was before its own update (PostgreSQL runs a
// statement's parts on one snapshot): the new lease's end comes from the update, `taken_until`.
type SiteRow = {
  log_id: number | null;
  taken_until: string | Date | null;
  next_allowed_at: string | Date;
  lease_until: string | Date | null;
  backoff_until: string | Date | null;
  consecutive_failures: number;
  pause_ms: number;
};

/**
 * Try to take `domain` for one request by `workerId`, at most `ACQUIRE_AHEAD_MS` before its
 * next allowed moment, until `leaseMs` plus the publisher's minimum pause in force
 * (`minPauseMs`, 0 when none) after the request may start (`startAt`).
 */
export async function acquireSite(
  db: Db,
  p: { domain: string; workerId: string; now: number; leaseMs: number; request: PlannedRequest },
): Promise<LeaseAttempt> {
  const now = sqlTime(p.now);
  const rows = await executePrepared<SiteRow>(
    db,
    sql`
    with pause as (
      select coalesce(max(min_pause_seconds), 0)::int * 1000 as ms from exclusions
      where domain = ${p.domain} and scope = 'pausa-minima' and applied_at is not null and withdrawn_at is null),
    taken as (
      update sites set lease_owner = ${p.workerId},
        lease_until = greatest(next_allowed_at, ${now}::timestamptz) + (${p.leaseMs}::int + (select ms from pause)) * interval '1 millisecond'
      where domain = ${p.domain} and next_allowed_at <= ${sqlTime(p.now + ACQUIRE_AHEAD_MS)}::timestamptz
        and (lease_until is null or lease_until <= ${now})
        and (backoff_until is null or backoff_until <= ${now})
      returning domain, lease_until),
    logged as (
      insert into fetch_log (at, site_domain, url, kind, outcome, worker_id)
      select ${now}, ${p.domain}, ${p.request.url}, ${p.request.kind}, 'in-flight', ${p.workerId} from taken
      returning id)
    select (select id from logged) as log_id, (select lease_until from taken) as taken_until,
      next_allowed_at, lease_until, backoff_until, consecutive_failures, (select ms from pause) as pause_ms
    from sites where domain = ${p.domain}`,
  );
  const row = rows[0];
  if (!row) {
    // First request to this site: create its row, then try again at once.
    await db.execute(sql`insert into sites (domain, next_allowed_at) values (${p.domain}, ${sqlTime(0)}) on conflict do nothing`);
    return { taken: false, retryAt: p.now };
  }
  if (row.log_id !== null) {
    return {
      taken: true,
      consecutiveFailures: row.consecutive_failures,
      logId: Number(row.log_id),
      startAt: Math.max(p.now, fromSqlTime(row.next_allowed_at) ?? 0),
      leaseUntil: fromSqlTime(row.taken_until)!,
      minPauseMs: Number(row.pause_ms),
    };
  }
  const backoffUntil = fromSqlTime(row.backoff_until);
  const inBackoff = backoffUntil !== undefined && backoffUntil > p.now ? backoffUntil : undefined;
  const retryAt = Math.max(fromSqlTime(row.next_allowed_at) ?? 0, fromSqlTime(row.lease_until) ?? 0, inBackoff ?? 0, p.now + 1);
  return { taken: false, retryAt, backoffUntil: inBackoff };
}

/** How long to lease a site for one request: its longest exchange, a margin for the database's delays, and the gap after it. */
export function leaseFor(p: { exchangeMs: number; marginMs: number; gapMs: number }): number {
  return p.exchangeMs + p.marginMs + p.gapMs;
}

/** Whether a lease ending at `leaseUntil` may still start a request at `now`: it must outlast the longest exchange and the gap after it. */
export function leaseCovers(p: { leaseUntil: number; now: number; exchangeMs: number; gapMs: number }): boolean {
  return p.leaseUntil - p.now >= p.exchangeMs + p.gapMs;
}

/**
 * Extend our lease on `domain` to `leaseMs` past `now` (or past the site's turn), before
 * sending on a lease a slow database has shortened. Returns the new end, or undefined when
 * the lease is no longer ours: nothing was sent, so the request's log line is taken back.
 */
export async function renewSite(
  db: Db,
  p: { domain: string; workerId: string; now: number; leaseMs: number; logId: number },
): Promise<number | undefined> {
  const rows = await executePrepared<{ lease_until: string | Date | null }>(
    db,
    sql`
    with renewed as (
      update sites set lease_until = greatest(next_allowed_at, ${sqlTime(p.now)}::timestamptz) + ${p.leaseMs}::int * interval '1 millisecond'
      where domain = ${p.domain} and lease_owner = ${p.workerId}
      returning lease_until),
    taken_back as (
      delete from fetch_log where id = ${p.logId} and not exists (select 1 from renewed) returning id)
    select (select lease_until from renewed) as lease_until`,
  );
  return fromSqlTime(rows[0]?.lease_until ?? null);
}

/** How a request ended, to complete its log line. */
export interface RequestEnd {
  startedAt: number;
  status?: number;
  bytes: number;
  durationMs: number;
  outcome: RequestOutcome;
  url: string;
}

/**
 * A source poll that was answered (ok or not-modified, SPEC BLK-1, BLK-6, POL-4): its
 * failure state is cleared and the response's validators kept for the next conditional request.
 */
export interface AnsweredSource {
  id: number;
  at: number;
  etag?: string;
  lastModified?: string;
}

/**
 * Release `domain` after a request that ended at `endedAt` (the next may start `gapMs`
 * later), fold its outcome into the site's state, and complete its request-log line.
 * The gap and the outcome are written even when the lease has meanwhile passed to another
 * worker (a release that waited past its lease); only the lease itself is left alone then.
 */
export async function releaseSite(
  db: Db,
  p: {
    domain: string;
    workerId: string;
    endedAt: number;
    gapMs: number;
    change: SiteChange;
    logId: number;
    end: RequestEnd;
    answered?: AnsweredSource;
  },
): Promise<void> {
  const { change, end, answered } = p;
  const startsBackoff = change.backoffUntil !== undefined;
  // One statement shape for every request (a prepared statement): without a source, `answered` updates no row.
  await executePrepared(
    db,
    sql`
    with logged as (
      update fetch_log set at = ${sqlTime(end.startedAt)}, url = ${end.url}, status = ${end.status ?? null}, bytes = ${Math.round(end.bytes)},
        duration_ms = ${Math.round(end.durationMs)}, outcome = ${end.outcome}
      where id = ${p.logId} returning id),
    answered as (
      update sources set last_success_at = ${answered ? sqlTime(answered.at) : null}::timestamptz, consecutive_failures = 0, failing_since = null,
        paused_until = null, closed_since = null, dead = false,
        etag = coalesce(${answered?.etag ?? null}::text, etag),
        last_modified = coalesce(${answered?.lastModified ?? null}::text, last_modified)
      where id = ${answered?.id ?? null}::int returning id)
    update sites set
      lease_owner = case when lease_owner = ${p.workerId} then null else lease_owner end,
      lease_until = case when lease_owner = ${p.workerId} then null else lease_until end,
      next_allowed_at = greatest(next_allowed_at, ${sqlTime(p.endedAt + p.gapMs)}::timestamptz),
      consecutive_failures = ${change.consecutiveFailures},
      backoff_until = case when ${startsBackoff} then ${startsBackoff ? sqlTime(change.backoffUntil!) : null}::timestamptz else backoff_until end,
      backoff_reason = case when ${startsBackoff} then ${change.reason ?? null} else backoff_reason end
    where domain = ${p.domain}`,
  );
}

/** The largest gap `pacingGap` can draw with these settings: what a lease reserves before the draw. */
export function largestPacingGap(p: { maxMs: number; crawlDelaySeconds?: number; minPauseMs?: number }): number {
  return Math.max(p.maxMs, Math.ceil((p.crawlDelaySeconds ?? 0) * 1000), p.minPauseMs ?? 0);
}

/**
 * The pacing gap for the next request: random in [min, max], or the robots.txt Crawl-delay,
 * or the publisher's minimum pause (PUB-7 "pausa-minima"), whichever is largest.
 */
export function pacingGap(p: {
  minMs: number;
  maxMs: number;
  crawlDelaySeconds?: number;
  minPauseMs?: number;
  random: () => number;
}): number {
  const gap = p.minMs + Math.floor(p.random() * (p.maxMs - p.minMs + 1));
  return Math.max(gap, Math.ceil((p.crawlDelaySeconds ?? 0) * 1000), p.minPauseMs ?? 0);
}
