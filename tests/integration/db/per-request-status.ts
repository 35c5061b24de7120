/**
 * The statements "Estado" and "Cabeceras" ran on every render before the worker stored the outlets'
 * status (db/figures/outlet-status.ts), kept here as they were, so that a test can hold the figures
 * the pages show now equal to them (outlet-status.test.ts).
 */
import { sql } from "drizzle-orm";
import { failureShare, HEALTH_WINDOW_MS, overThreshold } from "../../../lib/collection/health";
import type { Policies } from "../../../lib/policy";
import type { Executor } from "../../../db/client";
import { fromSqlTime, sqlTime } from "../../../db/sql-time";
import { captureCounts, probeCounts, readCounts } from "../../../db/figures/collection-counts";
import { readingStartedAt } from "../../../db/figures/reading-start";
import { loadRobotsStates, originOf } from "../../../db/queries/robots-states";
import type { LagDistribution, SiteVolume, SourceStatus, StatusPage } from "../../../db/queries/site/status-page";
import type { OutletComparison } from "../../../db/queries/site/outlet-comparison";
import { loadHeadlineTestCounts, NO_HEADLINE_CHANGES } from "../../../db/figures/headline-changes";
import { leadsNow } from "../../../db/queries/site/home-page";
import { num, time } from "../../../db/figures/sql-values";
import { loadFramingCounts } from "../../../db/figures/framing-counts";
import { loadHeadlineFeatureCounts } from "../../../db/figures/headline-feature-shares";

const DAY_MS = 24 * 3_600_000;

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
export async function perRequestStatusPage(db: Executor, policies: Policies, now: number): Promise<StatusPage> {
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

type Row = {
  id: number;
  slug: string;
  name: string;
  reading_since: string | Date | null;
  articles: number;
  judged: number;
  read: number;
  agency_articles: number;
  delay_articles: number;
  delay_median_ms: string | number | null;
  captures: number;
  captures_failed: number;
  reads: number;
  reads_failed: number;
  front_closed_since: string | Date | null;
  extraction_failing: boolean;
};

/** The comparison of every active outlet not excluded in full (PUB-6), over the 7 days before `now`. */
export async function perRequestComparison(db: Executor, policies: Policies, now: number): Promise<OutletComparison> {
  const start = now - HEALTH_WINDOW_MS;
  const from = new Date(start).toISOString();
  const to = new Date(now).toISOString();
  const id = sql`o.id`;
  const [rows, leads] = await Promise.all([
    db.execute<Row>(sql`
      select o.id, o.slug, o.name, rs.at as reading_since, f.*, c.attempts as captures, c.failures as captures_failed,
        r.attempts as reads, r.failures as reads_failed, s.front_closed_since, s.extraction_failing
      from outlets o
      left join lateral (select ${readingStartedAt(id)} as at) rs on true
      cross join lateral (
        select count(*)::int as articles,
          count(*) filter (where a.read_outcome = 'open' or a.agency is not null)::int as judged,
          count(*) filter (where a.read_outcome = 'open')::int as read,
          count(a.agency)::int as agency_articles,
          count(*) filter (where a.published_at >= rs.at)::int as delay_articles,
          percentile_cont(0.5) within group (order by extract(epoch from a.first_seen_at - a.published_at) * 1000)
            filter (where a.published_at >= rs.at) as delay_median_ms
        from articles a
        where a.outlet_id = o.id and a.first_seen_at >= ${from}::timestamptz and a.first_seen_at <= ${to}::timestamptz) f
      cross join lateral ${captureCounts(id, from)} c
      cross join lateral ${readCounts(id, from)} r
      cross join lateral (
        select max(closed_since) filter (where kind = 'frontpage') as front_closed_since,
          coalesce(bool_or(extraction_failed_since is not null), false) as extraction_failing
        from sources where outlet_id = o.id and active and not proposed) s
      where o.active
      order by o.name`),
    leadsNow(db, policies),
  ]);
  const visible = rows.filter((r) => !policies.forOutlet(r.id).excluded);
  const annotated = visible.filter((r) => policies.forOutlet(r.id).modelAnnotations).map((r) => r.id);
  const [changes, features, framing] = await Promise.all([
    loadHeadlineTestCounts(db, { outletIds: visible.map((r) => r.id), from: start, to: now }),
    loadHeadlineFeatureCounts(
      db,
      visible.map((r) => r.id),
      { start, end: now },
    ),
    loadFramingCounts(db, annotated, { start, end: now }),
  ]);
  const featuresOf = new Map(features.map((f) => [f.outletId, f]));
  const framingOf = new Map(framing.map((f) => [f.outletId, f]));
  const leadOf = new Map(leads.map((l) => [l.outletSlug, l]));
  return {
    start,
    end: now,
    rows: visible.map((r) => {
      const policy = policies.forOutlet(r.id);
      const readingSince = time(r.reading_since);
      const lead = leadOf.get(r.slug);
      return {
        slug: r.slug,
        name: r.name,
        state: {
          positionsWithheld: !policy.positions,
          noPosition: policy.positions && overThreshold({ attempts: r.captures, failures: r.captures_failed }),
          noBody: overThreshold({ attempts: r.reads, failures: r.reads_failed }),
          frontClosedSince: policy.positions ? time(r.front_closed_since) : null,
          extractionFailing: r.extraction_failing,
        },
        lead: lead?.lead,
        readingSince,
        articles: r.articles,
        readingMs: readingSince === null ? 0 : now - Math.max(start, readingSince),
        judged: r.judged,
        read: r.read,
        agencyArticles: r.agency_articles,
        changes: changes.get(r.id) ?? NO_HEADLINE_CHANGES,
        delayArticles: r.delay_articles,
        delayMedianMs: num(r.delay_median_ms),
        features: featuresOf.get(r.id)!,
        framing: framingOf.get(r.id) ?? null,
      };
    }),
  };
}
