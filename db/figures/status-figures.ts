/**
 * The collection figures of "Estado" (SPEC BLK-2, BLK-7, DER-8, EXT-6, POL-1), counted from the
 * captures, reads, probes and request log of the 7 days (volume: 24 hours) before `now`, for every
 * active outlet asked for. The worker stores them (db/figures/outlet-status.ts); the page counts them itself
 * only when no fresh copy is stored. No policy is applied here: the page applies the one in force.
 */
// Shared with the worker (its status chore: crawler/derive/outlet-status.ts), so not marked server-only.
import { sql } from "drizzle-orm";
import { HEALTH_WINDOW_MS } from "../../lib/collection/health";
import type { SourceKind } from "../../lib/source-kinds";
import type { Executor } from "../client";
import { fromSqlTime, sqlTime } from "../sql-time";
import { captureCounts, probeCounts, readCounts } from "./collection-counts";
import { idList } from "./sql-values";
import { readingStartedAt } from "./reading-start";

const DAY_MS = 24 * 3_600_000;

/** DER-8: the lag of one source kind, in minutes, over the articles the start-up rule counts (reading-start.ts). */
export interface LagFigures {
  kind: Exclude<SourceKind, "legal">;
  articles: number;
  p50: number | null;
  p90: number | null;
}

/** One outlet's counts over the window. */
export interface CollectionFigures {
  /** Front-page captures and how many failed (BLK-7). */
  captures: number;
  capturesFailed: number;
  /** EXT-6: median article links of its successful captures; null without any. */
  medianLinks: number | null;
  /** Article reads and how many failed (BLK-7). */
  reads: number;
  readsFailed: number;
  /** BLK-2: hourly probes of a closed front page, and how many were answered. */
  probes: number;
  probesAnswered: number;
  /** A TDM reservation recorded on any of its pages (SIG-1). */
  tdmReserved: boolean;
  /** Per source kind with any dated article, in kind order. */
  lag: LagFigures[];
}

/** Requests per site in the last 24 hours: total, busiest hour, and when that hour began. */
export interface SiteVolume {
  site: string;
  requests: number;
  busiestHour: number;
  busiestHourStart?: number;
}

/** The counts of outlets `outletIds` over the 7 days before `now`, by outlet id. */
export async function countCollection(db: Executor, outletIds: readonly number[], now: number): Promise<Map<number, CollectionFigures>> {
  if (outletIds.length === 0) return new Map();
  const since = now - HEALTH_WINDOW_MS;
  const from = new Date(since).toISOString();
  const id = sql`o.id`;
  const [rows, lags] = await Promise.all([
    db.execute<{
      id: number;
      captures: number;
      captures_failed: number;
      reads: number;
      reads_failed: number;
      probes: number;
      probes_answered: number;
      tdm_reserved: boolean;
      median_links: number | null;
    }>(sql`
      select o.id, c.attempts as captures, c.failures as captures_failed, m.median_links, r.attempts as reads, r.failures as reads_failed,
        p.total as probes, p.answered as probes_answered,
        exists (select 1 from signals sg where sg.outlet_id = o.id and sg.kind = 'tdm-reservation' and sg.value = '1') as tdm_reserved
      from outlets o
      cross join lateral ${captureCounts(id, from)} c
      cross join lateral ${readCounts(id, from)} r
      cross join lateral ${probeCounts(id, from)} p
      left join lateral (
        select (percentile_cont(0.5) within group (order by link_count) filter (where outcome = 'ok'))::float8 as median_links
        from frontpage_captures fc where fc.outlet_id = o.id and fc.at >= ${sqlTime(since)}) m on true
      where o.id in ${idList(outletIds)}`),
    // The reading starts are materialised: inlined, each of the window's articles would look its outlet's up again.
    db.execute<{ outlet_id: number; kind: LagFigures["kind"]; articles: number; p50: number | null; p90: number | null }>(sql`
      with starts as materialized (
        select o.id as outlet_id, ${readingStartedAt(sql`o.id`)} as at from outlets o where o.id in ${idList(outletIds)}
      ), lags as (
        select a.outlet_id, k.kind, extract(epoch from (k.seen - a.published_at)) / 60 as minutes, a.published_at >= st.at as counted
        from articles a
        join starts st on st.outlet_id = a.outlet_id
        cross join lateral (values ('feed', a.first_seen_feed_at), ('sitemap', a.first_seen_sitemap_at), ('frontpage', a.first_seen_frontpage_at)) k(kind, seen)
        where a.first_seen_at >= ${sqlTime(since)} and a.published_at is not null and k.seen is not null and k.seen >= a.published_at
      )
      -- The start-up rule: the backlog found when we started reading an outlet is not counted.
      select l.outlet_id, l.kind, count(*) filter (where counted)::int as articles,
        (percentile_cont(0.5) within group (order by minutes) filter (where counted))::float8 as p50,
        (percentile_cont(0.9) within group (order by minutes) filter (where counted))::float8 as p90
      from lags l
      group by l.outlet_id, l.kind
      order by l.outlet_id, l.kind`),
  ]);
  const lagOf = new Map<number, LagFigures[]>();
  for (const l of lags) {
    const list = lagOf.get(l.outlet_id) ?? [];
    list.push({ kind: l.kind, articles: l.articles, p50: l.p50, p90: l.p90 });
    lagOf.set(l.outlet_id, list);
  }
  return new Map(
    rows.map((r) => [
      r.id,
      {
        captures: r.captures,
        capturesFailed: r.captures_failed,
        medianLinks: r.median_links,
        reads: r.reads,
        readsFailed: r.reads_failed,
        probes: r.probes,
        probesAnswered: r.probes_answered,
        tdmReserved: r.tdm_reserved,
        lag: lagOf.get(r.id) ?? [],
      },
    ]),
  );
}

/** Our requests per site over the 24 hours before `now`, with the busiest clock hour; most requests first. */
export async function countVolume(db: Executor, now: number): Promise<SiteVolume[]> {
  const rows = await db.execute<{ site_domain: string; requests: number; busiest: number; busiest_at: string | null }>(sql`
    with hourly as (
      select site_domain, date_trunc('hour', at) as hour, count(*) as n
      from fetch_log where at >= ${sqlTime(now - DAY_MS)} and outcome <> 'robots-disallowed'
      group by site_domain, date_trunc('hour', at)
    )
    select site_domain, sum(n)::int as requests, max(n)::int as busiest,
      (array_agg(hour order by n desc, hour desc))[1] as busiest_at
    from hourly group by site_domain order by requests desc, site_domain`);
  return rows.map((r) => ({
    site: r.site_domain,
    requests: r.requests,
    busiestHour: r.busiest,
    busiestHourStart: fromSqlTime(r.busiest_at),
  }));
}
