/**
 * Headline features per outlet over a period (SPEC DER-1, WEB-5): of the headline versions of
 * the articles first seen in it, how many are questions, carry quoted speech, a number, or one
 * of the clickbait formulas, and which formulas. Only headlines in Spanish (or of unknown
 * language) count: the markers are Spanish, so one in another language is "no aplicable"
 * (DER-12) and only its number is reported. Driven per outlet by articles_outlet_first_seen.
 */
// Shared with the worker (its status chore: crawler/derive/outlet-status.ts), so not marked server-only.
import { sql } from "drizzle-orm";
import type { Executor } from "../client";
import { analysisPeriod, MARKERS_APPLY } from "./analysis-days";
import type { Window } from "./sql-values";

/** One outlet's counts; shares are these over `headlines`. */
export interface HeadlineFeatureCounts {
  outletId: number;
  /** Headlines the features apply to (Spanish or unknown language). */
  headlines: number;
  /** Headlines in another language: "no aplicable", not counted. */
  otherLanguage: number;
  questions: number;
  quotes: number;
  numbers: number;
  /** Headlines matching at least one clickbait formula. */
  clickbait: number;
  /** Headlines per formula id, most first. */
  formulas: { id: string; count: number }[];
}

/** Counts per outlet in `outletIds` over `window` (articles first seen in it); every outlet asked for is in the answer. */
export async function loadHeadlineFeatureCounts(
  db: Executor,
  outletIds: readonly number[],
  { start, end }: Window,
): Promise<HeadlineFeatureCounts[]> {
  if (outletIds.length === 0) return [];
  // Whole days with no change since the worker computed them from their stored counts, the rest from rows.
  const period = analysisPeriod(outletIds, { start, end });
  // Per uncovered article, its versions' features by key ("offset 0" keeps it a loop: joined, the planner would size it
  // from the CTE's guess, half the period's articles, and scan all of headline_features).
  const versions = sql`
    from uncovered u cross join lateral (
      select f.* from headline_versions hv join headline_features f on f.text_hash = hv.text_hash where hv.article_id = u.id offset 0) f`;
  const [counts, formulas] = await Promise.all([
    db.execute<{
      outlet_id: number;
      headlines: number;
      other: number;
      questions: number;
      quotes: number;
      numbers: number;
      clickbait: number;
    }>(sql`
      with ${period}
      select outlet_id, sum(headlines)::int as headlines, sum(other)::int as other, sum(questions)::int as questions,
        sum(quotes)::int as quotes, sum(numbers)::int as numbers, sum(clickbait)::int as clickbait
      from (
        select outlet_id, headlines, other_language as other, questions, quotes, numbers, clickbait from clean
        union all
        select u.outlet_id,
          count(*) filter (where ${MARKERS_APPLY})::int as headlines,
          count(*) filter (where not ${MARKERS_APPLY})::int as other,
          count(*) filter (where ${MARKERS_APPLY} and f.is_question)::int as questions,
          count(*) filter (where ${MARKERS_APPLY} and f.has_quote)::int as quotes,
          count(*) filter (where ${MARKERS_APPLY} and f.has_number)::int as numbers,
          count(*) filter (where ${MARKERS_APPLY} and cardinality(f.clickbait_patterns) > 0)::int as clickbait
        ${versions} group by u.outlet_id) x
      group by outlet_id`),
    db.execute<{ outlet_id: number; id: string; n: number }>(sql`
      with ${period}
      select outlet_id, id, sum(n)::int as n from (
        select c.outlet_id, e.key as id, e.value::int as n from clean c cross join lateral jsonb_each_text(c.formulas) e
        union all
        select u.outlet_id, p.id, count(*)::int as n
        ${versions} cross join lateral unnest(f.clickbait_patterns) as p(id)
        where ${MARKERS_APPLY} group by u.outlet_id, p.id) y
      group by outlet_id, id order by n desc, id`),
  ]);
  const byOutlet = new Map(counts.map((c) => [c.outlet_id, c]));
  return outletIds.map((outletId) => {
    const c = byOutlet.get(outletId);
    return {
      outletId,
      headlines: c?.headlines ?? 0,
      otherLanguage: c?.other ?? 0,
      questions: c?.questions ?? 0,
      quotes: c?.quotes ?? 0,
      numbers: c?.numbers ?? 0,
      clickbait: c?.clickbait ?? 0,
      formulas: formulas.filter((f) => f.outlet_id === outletId).map((f) => ({ id: f.id, count: f.n })),
    };
  });
}
