/**
 * The counted figures of "Cabeceras" (SPEC WEB-1, WEB-2, WEB-7): per outlet, the articles first seen
 * in the 7 days before `now`, their agency share, publication delay, headline changes, headline
 * features and framing letters, and its captures and reads. Each is computed by the same SQL or
 * function as the outlet page's section it links to, so the two pages agree. The worker stores them
 * (db/figures/outlet-status.ts); the page computes them itself only when no fresh copy is stored.
 */
// Shared with the worker (its status chore: crawler/derive/outlet-status.ts), so not marked server-only.
import { sql } from "drizzle-orm";
import { HEALTH_WINDOW_MS } from "../../lib/collection/health";
import type { Executor } from "../client";
import { captureCounts, readCounts } from "./collection-counts";
import { loadFramingCounts, type FramingCounts } from "./framing-counts";
import { loadHeadlineTestCounts, NO_HEADLINE_CHANGES, type HeadlineTestCounts } from "./headline-changes";
import { loadHeadlineFeatureCounts, type HeadlineFeatureCounts } from "./headline-feature-shares";
import { idList, num, time } from "./sql-values";
import { readingStartedAt } from "./reading-start";

/** One outlet's counted figures over the window. */
export interface ComparisonFigures {
  /** When we first saw an article of the outlet; null before that. */
  readingSince: number | null;
  /** Articles first seen in the period. */
  articles: number;
  /** Agency share: articles we could judge, of them those whose body we read, and agency copy (agency-share.ts). */
  judged: number;
  read: number;
  agencyArticles: number;
  /** Articles counted for the delay (reading-start.ts) and their median delay. */
  delayArticles: number;
  delayMedianMs: number | null;
  /** Front-page captures and article reads, and how many failed (BLK-7). */
  captures: number;
  capturesFailed: number;
  reads: number;
  readsFailed: number;
  /** Headline changes of the articles first seen in the period (headline-changes.ts). */
  changes: HeadlineTestCounts;
  /** DER-1: headline features of those articles (headline-feature-shares.ts). */
  features: HeadlineFeatureCounts;
  /** DER-4: framing letters of the same headlines; null for the outlets not in `annotated` (PUB-6). */
  framing: FramingCounts | null;
}

type Row = {
  id: number;
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
};

/** The figures of outlets `outletIds` over the 7 days before `now`, framing only for `annotated` (PUB-6), by outlet id. */
export async function countComparison(
  db: Executor,
  { outletIds, annotated, now }: { outletIds: readonly number[]; annotated: readonly number[]; now: number },
): Promise<Map<number, ComparisonFigures>> {
  if (outletIds.length === 0) return new Map();
  const start = now - HEALTH_WINDOW_MS;
  const from = new Date(start).toISOString();
  const to = new Date(now).toISOString();
  const id = sql`o.id`;
  const [rows, changes, features, framing] = await Promise.all([
    db.execute<Row>(sql`
      select o.id, rs.at as reading_since, f.*, c.attempts as captures, c.failures as captures_failed,
        r.attempts as reads, r.failures as reads_failed
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
      where o.id in ${idList(outletIds)}`),
    loadHeadlineTestCounts(db, { outletIds, from: start, to: now }),
    loadHeadlineFeatureCounts(db, outletIds, { start, end: now }),
    loadFramingCounts(db, annotated, { start, end: now }),
  ]);
  const featuresOf = new Map(features.map((f) => [f.outletId, f]));
  const framingOf = new Map(framing.map((f) => [f.outletId, f]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        readingSince: time(r.reading_since),
        articles: r.articles,
        judged: r.judged,
        read: r.read,
        agencyArticles: r.agency_articles,
        delayArticles: r.delay_articles,
        delayMedianMs: num(r.delay_median_ms),
        captures: r.captures,
        capturesFailed: r.captures_failed,
        reads: r.reads,
        readsFailed: r.reads_failed,
        changes: changes.get(r.id) ?? NO_HEADLINE_CHANGES,
        features: featuresOf.get(r.id)!,
        framing: framingOf.get(r.id) ?? null,
      },
    ]),
  );
}
