/**
 * The crawler's figures for the operator (SPEC OPS-5), read from the database when asked —
 * never counted in a process, so every site process and every scrape agrees: requests by
 * outcome and bytes (the request log), blocks, polls running late, workers alive (their
 * heartbeats), failed extractions, and the size of each table. `/metrics` serves the current
 * figures to Prometheus; `/admin/metricas` charts the last 24 hours.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import { sqlTime } from "../../sql-time";

/** The request log's outcomes that mean a site refused us (BLK-1). */
export const BLOCK_OUTCOMES = ["blocked", "challenge"] as const;
/** The window the per-minute rates are averaged over. */
export const RATE_WINDOW_MINUTES = 5;
/** A poll this late past its due time counts as late (the claim loop wakes at least every 30 s). */
const LATE_AFTER_MS = 60_000;
/** A worker without a heartbeat this long (clock time) is gone, as the lease reclaimer judges (crawler/schedule/reclaim-leases.ts). */
export const ALIVE_WITHIN_MS = 120_000;

/** The figures at one moment. */
export interface CurrentMetrics {
  /** Requests per minute over the last `RATE_WINDOW_MINUTES`, by outcome (every outcome seen in the window). */
  requestsPerMinute: { outcome: string; perMinute: number }[];
  bytesPerMinute: number;
  blocksPerMinute: number;
  /** Sites whose resources are closed now (a 401/403 or a challenge; BLK-1). */
  closedSites: number;
  /** Polls of sources that could run (site neither closed nor backing off) past their due time by over a minute, and the latest one's delay. */
  latePolls: number;
  maxLagSeconds: number;
  workersAlive: number;
  /** Active sources whose latest answered poll failed to extract (EXT-6). */
  sourcesFailingExtraction: number;
  /** Failed front-page extractions over the rate window, per minute. */
  failedExtractionsPerMinute: number;
  /** Each table's size on disk with its indexes and TOAST, largest first. */
  tableBytes: { table: string; bytes: number }[];
}

/**
 * The figures at `now` (the site's clock). `timeScale` is the clock's speed (the demo's, tests'):
 * heartbeats are judged over `ALIVE_WITHIN_MS` of real time, as the lease reclaimer does.
 */
export async function readCurrentMetrics(db: Executor, now: number, timeScale = 1): Promise<CurrentMetrics> {
  const at = sqlTime(now);
  const from = sqlTime(now - RATE_WINDOW_MINUTES * 60_000);
  const [outcomes, [state], tables] = await Promise.all([
    db.execute<{ outcome: string; n: number; bytes: string }>(sql`
      select outcome, count(*)::int as n, coalesce(sum(bytes), 0)::bigint as bytes
      from fetch_log where at > ${from} and at <= ${at} group by outcome order by outcome`),
    db.execute<{ closed: number; late: number; lag_s: number | null; alive: number; failing: number; failed_captures: number }>(sql`
      with late as (
        select s.next_due_at from sources s
        join outlets o on o.id = s.outlet_id and o.active
        left join sites st on st.domain = s.site_domain
        where s.active and not s.proposed and not s.dead and s.closed_since is null
          and s.next_due_at < ${sqlTime(now - LATE_AFTER_MS)}
          and (s.paused_until is null or s.paused_until <= ${at}) and (s.lease_until is null or s.lease_until <= ${at})
          and (st.domain is null or (st.closed_since is null and (st.backoff_until is null or st.backoff_until <= ${at}))))
      select
        (select count(*)::int from sites where closed_since is not null) as closed,
        (select count(*)::int from late) as late,
        (select extract(epoch from ${at}::timestamptz - min(next_due_at))::float8 from late) as lag_s,
        (select count(*)::int from app_state where key like 'worker:%' and updated_at > ${sqlTime(now - ALIVE_WITHIN_MS * timeScale)}) as alive,
        (select count(*)::int from sources where active and not proposed and extraction_failures > 0) as failing,
        (select count(*)::int from frontpage_captures where outcome = 'extraction-failed' and at > ${from} and at <= ${at}) as failed_captures`),
    db.execute<{ table: string; bytes: string }>(sql`
      select relname as table, pg_total_relation_size(relid)::bigint as bytes
      from pg_stat_user_tables where schemaname = current_schema() order by 2 desc, 1`),
  ]);
  const perMinute = (n: number) => n / RATE_WINDOW_MINUTES;
  return {
    requestsPerMinute: outcomes.map((o) => ({ outcome: o.outcome, perMinute: perMinute(o.n) })),
    bytesPerMinute: perMinute(outcomes.reduce((n, o) => n + Number(o.bytes), 0)),
    blocksPerMinute: perMinute(
      outcomes.filter((o) => (BLOCK_OUTCOMES as readonly string[]).includes(o.outcome)).reduce((n, o) => n + o.n, 0),
    ),
    closedSites: state!.closed,
    latePolls: state!.late,
    maxLagSeconds: Math.max(0, Math.round(state!.lag_s ?? 0)),
    workersAlive: state!.alive,
    sourcesFailingExtraction: state!.failing,
    failedExtractionsPerMinute: perMinute(state!.failed_captures),
    tableBytes: tables.map((t) => ({ table: t.table, bytes: Number(t.bytes) })),
  };
}

/** One hour of the last 24. */
export interface MetricsHour {
  /** The hour's start (epoch ms). */
  start: number;
  requests: number;
  /** Requests by outcome, the outcomes seen in the 24 hours. */
  byOutcome: Record<string, number>;
  bytes: number;
  blocks: number;
  failedExtractions: number;
}

/** The last 24 whole hours up to `now` (the current hour last, partial), oldest first; empty hours are zeros. */
export async function readMetricsHistory(db: Executor, now: number): Promise<MetricsHour[]> {
  const HOUR = 3_600_000;
  const last = Math.floor(now / HOUR) * HOUR;
  const first = last - 23 * HOUR;
  const [requests, captures] = await Promise.all([
    db.execute<{ slot: number; outcome: string; n: number; bytes: string }>(sql`
      select floor((extract(epoch from at) * 1000 - ${first}) / ${HOUR})::int as slot, outcome, count(*)::int as n, coalesce(sum(bytes), 0)::bigint as bytes
      from fetch_log where at >= ${sqlTime(first)} and at <= ${sqlTime(now)} group by 1, 2`),
    db.execute<{ slot: number; n: number }>(sql`
      select floor((extract(epoch from at) * 1000 - ${first}) / ${HOUR})::int as slot, count(*)::int as n from frontpage_captures
      where outcome = 'extraction-failed' and at >= ${sqlTime(first)} and at <= ${sqlTime(now)} group by 1`),
  ]);
  const hours = Array.from({ length: 24 }, (_, i): MetricsHour => ({
    start: first + i * HOUR,
    requests: 0,
    byOutcome: {},
    bytes: 0,
    blocks: 0,
    failedExtractions: 0,
  }));
  const outcomes = [...new Set(requests.map((r) => r.outcome))].sort();
  for (const h of hours) for (const o of outcomes) h.byOutcome[o] = 0;
  for (const r of requests) {
    const h = hours[r.slot];
    if (!h) continue;
    h.requests += r.n;
    h.byOutcome[r.outcome] = (h.byOutcome[r.outcome] ?? 0) + r.n;
    h.bytes += Number(r.bytes);
    if ((BLOCK_OUTCOMES as readonly string[]).includes(r.outcome)) h.blocks += r.n;
  }
  for (const c of captures) {
    const h = hours[c.slot];
    if (h) h.failedExtractions += c.n;
  }
  return hours;
}
