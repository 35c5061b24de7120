/**
 * Front-page metrics from rank spans (SPEC DER-7) over a period (by default the last 7 days): how long the
 * outlet's links stayed on its front page, their best rank, the time as lead story and
 * the link half-life.
 * Ranks come from the rank intervals of the spans (front-pages.ts): an interval runs from
 * the capture that first saw a rank to the last capture that confirmed it, so a link seen
 * in one capture only counts zero time.
 */
import { sql } from "drizzle-orm";
import { enoughData } from "../../../lib/pages/enough-data";
import type { OutletPolicy } from "../../../lib/policy";
import type { Executor } from "../../client";
import { latestHeadlines } from "./front";
import { perArticleOverPeriod, splitPeriod, storedThrough } from "./front-days";
import { DAY_MS, num, type Window } from "../page-sql";

/** One link's figures over the period. */
export interface FrontPageStay {
  articleId: number;
  headline: string;
  bestRank: number;
  onFrontPageMs: number;
  asLeadMs: number;
}

/** The outlet's front-page figures over the period. */
export interface FrontPageTime {
  start: number;
  end: number;
  /** Distinct articles on the front page in the period. */
  articles: number;
  /** Median time on the front page per article, null when none. */
  medianMs: number | null;
  /** Time with some article at rank 1 (the lead story), summed. */
  leadMs: number;
  /**
   * Link half-life: half of the links that entered the front page between the start and 1 day
   * before the end had left it for good this long after they first appeared (first
   * capture to last capture that showed them); null when too few links entered.
   */
  halfLifeMs: number | null;
  /** Links the half-life is computed over. */
  halfLifeLinks: number;
  /** The articles that stayed longest. */
  longest: FrontPageStay[];
  /** The articles with the best ranks (then longest on the page): the position timelines' stories over the same period. */
  topRanked: { articleId: number; bestRank: number }[];
}

const LONGEST = 10;
/** As many as the position timelines draw (front.ts). */
const TOP_RANKED = 5;

/** DER-7 figures of the outlet over the period, spans clipped to it. */
export async function loadFrontPageTime(
  db: Executor,
  outletId: number,
  policy: OutletPolicy,
  { start, end: now }: Window,
): Promise<FrontPageTime> {
  const from = new Date(start).toISOString();
  const to = new Date(now).toISOString();
  // Whole days from the days the worker keeps, the rest ranked from the captures (front-days.ts).
  const perArticle = perArticleOverPeriod(outletId, splitPeriod({ start, end: now }, await storedThrough(db, outletId)));
  // The per-article figures are computed once for both the summary and the longest stays.
  // Each row is one of the longest (or none).
  const [summaryAndLongest, [half]] = await Promise.all([
    db.execute<{
      articles: number;
      median_ms: string | number | null;
      lead_ms: string | number | null;
      article_id: string | number | null;
      best_rank: number | null;
      on_ms: string | number | null;
      row_lead_ms: string | number | null;
      top: [number, number][] | null;
    }>(sql`
      with t as materialized (${perArticle}), summary as (
        select count(*)::int as articles, percentile_cont(0.5) within group (order by on_ms) as median_ms, sum(lead_ms) as lead_ms,
          (select json_agg(json_build_array(article_id, best_rank) order by best_rank, on_ms desc, article_id)
           from (select * from t order by best_rank, on_ms desc, article_id limit ${TOP_RANKED}) r) as top
        from t)
      select summary.*, l.article_id, l.best_rank, l.on_ms, l.lead_ms as row_lead_ms
      from summary left join lateral (select * from t order by on_ms desc, best_rank, article_id limit ${LONGEST}) l on true
      order by l.on_ms desc, l.best_rank, l.article_id`),
    // Links still on the page count their time so far: a lower bound, above the median while fewer than half remain.
    // Each link's stay is kept by triggers on its spans (front_page_stays), read from its index alone.
    db.execute<{ links: number; half_ms: string | number | null }>(sql`
      select count(*)::int as links,
        percentile_cont(0.5) within group (order by date_part('epoch',
          (case when open then greatest(left_at, ${to}::timestamptz) else left_at end) - entered_at) * 1000) as half_ms
      from front_page_stays
      where outlet_id = ${outletId} and entered_at >= ${from}::timestamptz and entered_at < ${new Date(now - DAY_MS).toISOString()}::timestamptz`),
  ]);
  const summary = summaryAndLongest[0];
  const longest = summaryAndLongest.filter((r) => r.article_id !== null);
  const headlines = await latestHeadlines(
    db,
    policy,
    longest.map((r) => Number(r.article_id)),
  );
  return {
    start,
    end: now,
    articles: summary?.articles ?? 0,
    medianMs: num(summary?.median_ms),
    leadMs: num(summary?.lead_ms) ?? 0,
    halfLifeMs: enoughData("halfLife", half?.links ?? 0) ? num(half?.half_ms) : null,
    halfLifeLinks: half?.links ?? 0,
    topRanked: (summary?.top ?? []).map(([articleId, bestRank]) => ({ articleId: Number(articleId), bestRank: Number(bestRank) })),
    longest: longest.map((r) => ({
      articleId: Number(r.article_id),
      headline: headlines.get(Number(r.article_id)) ?? "(sin titular registrado)",
      bestRank: r.best_rank!,
      onFrontPageMs: Math.round(Number(r.on_ms)),
      asLeadMs: Math.round(Number(r.row_lead_ms)),
    })),
  };
}
