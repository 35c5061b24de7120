/**
 * Read model of "Estado" (SPEC WEB-1, BLK-2, BLK-7, DER-8, EXT-6): how collection is going, outlet by
 * outlet and source by source, over the last 7 days; our collection lag; and our request
 * volume per site and hour, the public proof of our pace. Outlets under `total` are left out.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { failureShare, HEALTH_WINDOW_MS, overThreshold } from "../../../lib/collection/health";
import type { Policies } from "../../../lib/policy";
import type { SourceKind } from "../../../lib/source-kinds";
import type { Executor } from "../../client";
import { fromSqlTime, sqlTime } from "../../sql-time";
import { captureCounts, probeCounts, readCounts } from "../collection-counts";
import { readingStartedAt } from "../reading-start";
import { loadRobotsStates, originOf } from "../robots-states";

const DAY_MS = 24 * 3_600_000;

export interface SourceStatus {
  kind: SourceKind;
  url: string;
  lastSuccessAt?: number;
  lastFailureAt?: number;
  closedSince?: number;
  pausedUntil?: number;
  dead: boolean;
  /** EXT-6: answered polls in a row whose extraction failed, since this instant. */
  extractionFailedSince?: number;
  extractionFailures: number;
}

export interface OutletStatus {
  id: number;
  slug: string;
  name: string;
  sources: SourceStatus[];
  /** Front-page captures in 7 days and the share that failed (BLK-7). */
  captures: number;
  captureFailureShare: number;
  /** EXT-6: median article links of its successful captures in the period (none: undefined). */
  medianLinks?: number;
  /** EXT-6: the latest failed extraction of any of its sources (front page, feeds, sitemaps). */
  lastExtractionFailureAt?: number;
  noPosition: boolean;
  /** Article reads in 7 days and the share that failed (BLK-7). */
  reads: number;
  readFailureShare: number;
  noBody: boolean;
  /** BLK-2: hourly probes of a closed front page in 7 days, and the share answered. */
  probes: number;
  probesAnswered: number;
  /** "sin posición" asked by the outlet (PUB-1): its front page is not captured at all. */
  positionsWithheld: boolean;
  /** robots.txt of its front-page host (an origin): what it allows us and when we last checked it. */
  robotsHost?: string;
  robotsAccess?: string;
  robotsFetchedAt?: number;
  /** A TDM reservation (TDMRep: file, header or meta) recorded on any of its pages (SIG-1). */
  tdmReserved: boolean;
}

/**
 * Percentiles of a lag, in minutes, over the articles the start-up rule counts (reading-start.ts):
 * `articles` of them; the percentiles are null when there are none.
 */
export interface LagDistribution {
  outletSlug: string;
  outletName: string;
  kind: Exclude<SourceKind, "legal">;
  articles: number;
  p50: number | null;
  p90: number | null;
}

/** Requests per site in the last 24 hours: total, busiest hour, and the pacing bound. */
export interface SiteVolume {
  site: string;
  requests: number;
  busiestHour: number;
  busiestHourStart?: number;
}

export interface StatusPage {
  now: number;
  since: number;
  outlets: OutletStatus[];
  lag: LagDistribution[];
  volume: SiteVolume[];
}

async function outletRows(db: Executor, since: number) {
  const from = new Date(since).toISOString();
  const id = sql`o.id`;
  return db.execute<{
    id: number;
    slug: string;
    name: string;
    homepage: string;
    captures: number;
    captures_failed: number;
    reads: number;
    reads_failed: number;
    probes: number;
    probes_answered: number;
    tdm_reserved: boolean;
    median_links: number | null;
    last_extraction_failure_at: string | null;
  }>(sql`
    select o.id, o.slug, o.name, o.homepage,
      c.attempts as captures, c.failures as captures_failed, m.median_links, r.attempts as reads, r.failures as reads_failed,
      (select max(s.last_extraction_failure_at) from sources s where s.outlet_id = o.id and s.active and not s.proposed) as last_extraction_failure_at,
      p.total as probes, p.answered as probes_answered,
      exists (select 1 from signals sg where sg.outlet_id = o.id and sg.kind = 'tdm-reservation' and sg.value = '1') as tdm_reserved
    from outlets o
    cross join lateral ${captureCounts(id, from)} c
    cross join lateral ${readCounts(id, from)} r
    cross join lateral ${probeCounts(id, from)} p
    left join lateral (
      select (percentile_cont(0.5) within group (order by link_count) filter (where outcome = 'ok'))::float8 as median_links
      from frontpage_captures fc where fc.outlet_id = o.id and fc.at >= ${sqlTime(since)}) m on true
    where o.active
    order by o.name`);
}

async function sourceRows(db: Executor) {
  return db.execute<{
    outlet_id: number;
    kind: SourceStatus["kind"];
    url: string;
    last_success_at: string | null;
    last_failure_at: string | null;
    closed_since: string | null;
    paused_until: string | null;
    dead: boolean;
    extraction_failed_since: string | null;
    extraction_failures: number;
  }>(sql`
    select s.outlet_id, s.kind, s.url, s.last_success_at, s.last_failure_at, s.closed_since, s.paused_until, s.dead,
      s.extraction_failed_since, s.extraction_failures
    from sources s join outlets o on o.id = s.outlet_id and o.active
    where s.active and not s.proposed
    order by s.outlet_id, s.kind, s.url`);
}

/** DER-8: declared publication → first seen, per outlet and source kind, over the window. */
async function lagRows(db: Executor, since: number): Promise<(LagDistribution & { outletId: number })[]> {
  const rows = await db.execute<{
    outlet_id: number;
    slug: string;
    name: string;
    kind: LagDistribution["kind"];
    articles: number;
    p50: number | null;
    p90: number | null;
  }>(sql`
    with starts as (
      select o.id as outlet_id, ${readingStartedAt(sql`o.id`)} as at from outlets o where o.active
    ), lags as (
      select a.outlet_id, k.kind, extract(epoch from (k.seen - a.published_at)) / 60 as minutes, a.published_at >= st.at as counted
      from articles a
      join starts st on st.outlet_id = a.outlet_id
      cross join lateral (values ('feed', a.first_seen_feed_at), ('sitemap', a.first_seen_sitemap_at), ('frontpage', a.first_seen_frontpage_at)) k(kind, seen)
      where a.first_seen_at >= ${sqlTime(since)} and a.published_at is not null and k.seen is not null and k.seen >= a.published_at
    )
    -- The start-up rule: the backlog found when we started reading an outlet is not counted.
    select l.outlet_id, o.slug, o.name, l.kind, count(*) filter (where counted)::int as articles,
      (percentile_cont(0.5) within group (order by minutes) filter (where counted))::float8 as p50,
      (percentile_cont(0.9) within group (order by minutes) filter (where counted))::float8 as p90
    from lags l join outlets o on o.id = l.outlet_id and o.active
    group by l.outlet_id, o.slug, o.name, l.kind
    order by o.name, l.kind`);
  return rows.map((r) => ({
    outletId: r.outlet_id,
    outletSlug: r.slug,
    outletName: r.name,
    kind: r.kind,
    articles: r.articles,
    p50: r.p50,
    p90: r.p90,
  }));
}

/** Our requests per site over the last 24 hours, with the busiest clock hour. */
async function volumeRows(db: Executor, now: number): Promise<SiteVolume[]> {
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

/** Everything "Estado" shows, over the 7 days before `now` (volume: the last 24 hours). */
export async function readStatusPage(db: Executor, policies: Policies, now: number): Promise<StatusPage> {
  const since = now - HEALTH_WINDOW_MS;
  const [outlets, sources, lag, volume] = await Promise.all([
    outletRows(db, since),
    sourceRows(db),
    lagRows(db, since),
    volumeRows(db, now),
  ]);
  const visible = outlets.filter((o) => !policies.forOutlet(o.id).excluded);
  // The robots.txt of each outlet's front-page host (its home page's when it has no front-page source).
  const frontOrigin = new Map(
    visible.map((o) => {
      const front = sources.find((s) => s.outlet_id === o.id && s.kind === "frontpage");
      return [o.id, originOf(front?.url ?? o.homepage)];
    }),
  );
  const robots = await loadRobotsStates(
    db,
    [...frontOrigin.values()].filter((x): x is string => x !== undefined),
  );
  const robotsOf = (outletId: number) => {
    const origin = frontOrigin.get(outletId);
    return origin === undefined ? undefined : robots.get(origin);
  };
  const visibleIds = new Set(visible.map((o) => o.id));
  const visibleSites = new Set(sources.filter((s) => visibleIds.has(s.outlet_id)).map((s) => new URL(s.url).hostname));
  return {
    now,
    since,
    outlets: visible.map((o) => {
      const captures = { attempts: o.captures, failures: o.captures_failed };
      const reads = { attempts: o.reads, failures: o.reads_failed };
      const captureFailureShare = failureShare(captures) ?? 0;
      const readFailureShare = failureShare(reads) ?? 0;
      return {
        id: o.id,
        slug: o.slug,
        name: o.name,
        sources: sources
          .filter((s) => s.outlet_id === o.id)
          .map((s) => ({
            kind: s.kind,
            url: s.url,
            dead: s.dead,
            lastSuccessAt: fromSqlTime(s.last_success_at),
            lastFailureAt: fromSqlTime(s.last_failure_at),
            closedSince: fromSqlTime(s.closed_since),
            pausedUntil: fromSqlTime(s.paused_until),
            extractionFailedSince: fromSqlTime(s.extraction_failed_since),
            extractionFailures: s.extraction_failures,
          })),
        captures: o.captures,
        captureFailureShare,
        noPosition: overThreshold(captures),
        medianLinks: policies.forOutlet(o.id).positions ? (o.median_links ?? undefined) : undefined,
        lastExtractionFailureAt: fromSqlTime(o.last_extraction_failure_at),
        reads: o.reads,
        readFailureShare,
        noBody: overThreshold(reads),
        probes: o.probes,
        probesAnswered: o.probes_answered,
        positionsWithheld: !policies.forOutlet(o.id).positions,
        robotsHost: frontOrigin.get(o.id),
        robotsAccess: robotsOf(o.id)?.access ?? undefined,
        robotsFetchedAt: robotsOf(o.id)?.checkedAt ?? undefined,
        tdmReserved: o.tdm_reserved,
      };
    }),
    lag: lag.filter((l) => visibleIds.has(l.outletId)).map(({ outletId: _, ...rest }) => rest),
    // A site shared by an excluded outlet and a visible one still shows: it is our own behaviour.
    volume: volume.filter((v) => [...visibleSites].some((host) => host === v.site || host.endsWith(`.${v.site}`))),
  };
}
