/**
 * Read model of "Cabeceras" as a comparison table (SPEC WEB-1, WEB-2, WEB-7): every
 * visible outlet with its collection state, what leads its front page now and since when,
 * articles per day, agency share, rewrites and A/B tests, and median publication delay,
 * over the last 7 days. Each figure is computed by the same SQL or function as the outlet
 * page's section it links to, so the two pages agree. Three statements for all outlets:
 * the leads (home-page.ts), the per-outlet figures (one lateral row per outlet, by index),
 * the headline changes (headline-changes.ts); then the headline features and framing letters.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { HEALTH_WINDOW_MS, overThreshold } from "../../../lib/collection/health";
import type { Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import { captureCounts, readCounts } from "../collection-counts";
import { loadHeadlineTestCounts, NO_HEADLINE_CHANGES, type HeadlineTestCounts } from "../outlet-page/headline-changes";
import { leadsNow, type FrontPageLead } from "./home-page";
import { num, time } from "../page-sql";
import { loadFramingCounts, type FramingCounts } from "../framing-counts";
import { loadHeadlineFeatureCounts, type HeadlineFeatureCounts } from "../outlet-page/headline-feature-shares";
import { readingStartedAt } from "../reading-start";
import { intArray } from "../api/api-sql";

/** The collection state of an outlet, in the words "Estado" uses. */
export interface ComparisonState {
  positionsWithheld: boolean;
  noPosition: boolean;
  noBody: boolean;
  frontClosedSince: number | null;
  extractionFailing: boolean;
}

/** One outlet's row. */
export interface OutletComparisonRow {
  slug: string;
  name: string;
  state: ComparisonState;
  lead: FrontPageLead["lead"];
  /** When we first saw an article of the outlet; null before that. */
  readingSince: number | null;
  /** Articles first seen in the period, and the hours of it we were reading the outlet. */
  articles: number;
  readingMs: number;
  /** Agency share: articles we could judge, and of them agency copy (agency-share.ts). */
  judged: number;
  /** Of the judged, articles whose body we read: the unbiased part of the sample (lib/pages/share-sample.ts). */
  read: number;
  agencyArticles: number;
  /** Headline changes of the articles first seen in the period (headline-changes.ts). */
  changes: HeadlineTestCounts;
  /** Articles counted for the delay (declared, published since we started reading: reading-start.ts) and their median delay. */
  delayArticles: number;
  delayMedianMs: number | null;
  /** DER-1: headline features of the articles first seen in the period (headline-feature-shares.ts). */
  features: HeadlineFeatureCounts;
  /** DER-4: framing letters of the same headlines (framing-counts.ts); null under "sin anotación de modelo" (PUB-6). */
  framing: FramingCounts | null;
}

/** The table and its period. */
export interface OutletComparison {
  start: number;
  end: number;
  rows: OutletComparisonRow[];
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

/**
 * The comparison of every active outlet not excluded in full (PUB-6), over the 7 days before `now`;
 * `outletIds` narrows it to a group's members (docs/outlet-groups.md) before any row is counted.
 */
export async function loadOutletComparison(
  db: Executor,
  policies: Policies,
  now: number,
  outletIds?: readonly number[],
): Promise<OutletComparison> {
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
      where o.active ${outletIds === undefined ? sql`` : sql`and o.id = any(${intArray(outletIds)}::int[])`}
      order by o.name`),
    leadsNow(db, policies, outletIds),
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
