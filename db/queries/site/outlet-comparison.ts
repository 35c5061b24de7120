/**
 * Read model of "Cabeceras" as a comparison table (SPEC WEB-1, WEB-2, WEB-7): every
 * visible outlet with its collection state, what leads its front page now and since when,
 * articles per day, agency share, rewrites and A/B tests, and median publication delay,
 * over the last 7 days. Each figure is computed by the same SQL or function as the outlet
 * page's section it links to, so the two pages agree (db/figures/comparison-figures.ts). The counted figures
 * come from the status the worker stores (outlet-status.ts); the leads and the sources' state are read live.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { HEALTH_WINDOW_MS, overThreshold } from "../../../lib/collection/health";
import type { Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import type { HeadlineTestCounts } from "../../figures/headline-changes";
import { leadsNow, type FrontPageLead } from "./home-page";
import { time } from "../../figures/page-sql";
import type { FramingCounts } from "../../figures/framing-counts";
import type { HeadlineFeatureCounts } from "../../figures/headline-feature-shares";
import { comparisonStatus } from "./outlet-status";
import { intArray } from "../../open-data/sql/api-sql";

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
  front_closed_since: string | Date | null;
  extraction_failing: boolean;
};

/**
/**
 * The comparison of every active outlet not excluded in full (PUB-6), over the 7 days before `now`,
 * or before the instant of the stored figures when the worker keeps them fresh (then `end` is that instant);
 * `outletIds` narrows it to a group's members (docs/outlet-groups.md) before any row is counted.
 */
export async function loadOutletComparison(
  db: Executor,
  policies: Policies,
  now: number,
  outletIds?: readonly number[],
): Promise<OutletComparison> {
  const [rows, leads] = await Promise.all([
    db.execute<Row>(sql`
      select o.id, o.slug, o.name, s.front_closed_since, s.extraction_failing
      from outlets o
      cross join lateral (
        select max(closed_since) filter (where kind = 'frontpage') as front_closed_since,
          coalesce(bool_or(extraction_failed_since is not null), false) as extraction_failing
        from sources where outlet_id = o.id and active and not proposed) s
      where o.active ${outletIds === undefined ? sql`` : sql`and o.id = any(${intArray(outletIds)}::int[])`}
      order by o.name`),
    leadsNow(db, policies, outletIds),
  ]);
  const visible = rows.filter((r) => !policies.forOutlet(r.id).excluded);
  // The counted figures as the worker last stored them (outlet-status.ts), or counted now when none are fresh.
  const figures = await comparisonStatus(db, {
    outletIds: visible.map((r) => r.id),
    annotated: visible.filter((r) => policies.forOutlet(r.id).modelAnnotations).map((r) => r.id),
    now,
  });
  const end = figures.computedAt;
  const start = end - HEALTH_WINDOW_MS;
  const leadOf = new Map(leads.map((l) => [l.outletSlug, l]));
  return {
    start,
    end,
    rows: visible.map((r) => {
      const policy = policies.forOutlet(r.id);
      const f = figures.byOutlet.get(r.id)!;
      const lead = leadOf.get(r.slug);
      return {
        slug: r.slug,
        name: r.name,
        state: {
          positionsWithheld: !policy.positions,
          noPosition: policy.positions && overThreshold({ attempts: f.captures, failures: f.capturesFailed }),
          noBody: overThreshold({ attempts: f.reads, failures: f.readsFailed }),
          frontClosedSince: policy.positions ? time(r.front_closed_since) : null,
          extractionFailing: r.extraction_failing,
        },
        lead: lead?.lead,
        readingSince: f.readingSince,
        articles: f.articles,
        readingMs: f.readingSince === null ? 0 : end - Math.max(start, f.readingSince),
        judged: f.judged,
        read: f.read,
        agencyArticles: f.agencyArticles,
        changes: f.changes,
        delayArticles: f.delayArticles,
        delayMedianMs: f.delayMedianMs,
        features: f.features,
        // PUB-6: stored framing is shown only while the outlet allows model annotations.
        framing: policy.modelAnnotations ? f.framing : null,
      };
    }),
  };
}
