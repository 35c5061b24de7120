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

/** A headline the markers apply to. */
const APPLIES = sql`(f.language is null or f.language = 'es')`;

/** Counts per outlet in `outletIds` over `window` (articles first seen in it); every outlet asked for is in the answer. */
export async function loadHeadlineFeatureCounts(
  db: Executor,
  outletIds: readonly number[],
  { start, end }: Window,
): Promise<HeadlineFeatureCounts[]> {
  if (outletIds.length === 0) return [];
  const from = new Date(start).toISOString(),
    to = new Date(end).toISOString();
  const versions = sql`
    from unnest(array[${sql.join(
      outletIds.map((id) => sql`${id}::int`),
      sql`, `,
    )}]) as o(id)
    cross join lateral (
      select f.* from articles a join headline_versions hv on hv.article_id = a.id join headline_features f on f.text_hash = hv.text_hash
      where a.outlet_id = o.id and a.first_seen_at >= ${from}::timestamptz and a.first_seen_at <= ${to}::timestamptz
    ) f`;
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
      select o.id as outlet_id,
        count(*) filter (where ${APPLIES})::int as headlines,
        count(*) filter (where not ${APPLIES})::int as other,
        count(*) filter (where ${APPLIES} and f.is_question)::int as questions,
        count(*) filter (where ${APPLIES} and f.has_quote)::int as quotes,
        count(*) filter (where ${APPLIES} and f.has_number)::int as numbers,
        count(*) filter (where ${APPLIES} and cardinality(f.clickbait_patterns) > 0)::int as clickbait
      ${versions} group by o.id`),
    db.execute<{ outlet_id: number; id: string; n: number }>(sql`
      select o.id as outlet_id, p.id, count(*)::int as n
      ${versions} cross join lateral unnest(f.clickbait_patterns) as p(id)
      where ${APPLIES} group by o.id, p.id order by n desc, p.id`),
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
