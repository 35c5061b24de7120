/**
 * Reference for tests: the headline analysis of a period (SPEC DER-1, DER-4) read from rows alone, as it was before
 * the days' stored counts (db/figures/analysis-days.ts): of the headline versions of the articles each outlet first
 * saw in the period, the features' counts and clickbait formulas (where the markers apply: Spanish or unknown
 * language), and the framed versions per letter and model.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../../../db/client";
import type { Window } from "../../../../db/figures/page-sql";

/** One outlet's analysis over the period, in a shape every reader's figures can be built from. */
export interface AnalysisByRows {
  headlines: number;
  otherLanguage: number;
  questions: number;
  quotes: number;
  numbers: number;
  clickbait: number;
  /** Formula id → versions. */
  formulas: Map<string, number>;
  /** `letter model` → versions. */
  framing: Map<string, number>;
}

/** The analysis of `outletId`'s articles first seen in [start, end], read from rows. */
export async function analysisByRows(db: Executor, outletId: number, { start, end }: Window): Promise<AnalysisByRows> {
  const seen = sql`a.outlet_id = ${outletId} and a.first_seen_at >= ${new Date(start).toISOString()}::timestamptz
    and a.first_seen_at <= ${new Date(end).toISOString()}::timestamptz`;
  const applies = sql`(f.language is null or f.language = 'es')`;
  const [counts] = await db.execute<Omit<AnalysisByRows, "formulas" | "framing">>(sql`
    select count(*) filter (where ${applies})::int as "headlines", count(*) filter (where not ${applies})::int as "otherLanguage",
      count(*) filter (where ${applies} and f.is_question)::int as "questions", count(*) filter (where ${applies} and f.has_quote)::int as "quotes",
      count(*) filter (where ${applies} and f.has_number)::int as "numbers",
      count(*) filter (where ${applies} and cardinality(f.clickbait_patterns) > 0)::int as "clickbait"
    from articles a join headline_versions hv on hv.article_id = a.id join headline_features f on f.text_hash = hv.text_hash
    where ${seen}`);
  const formulas = await db.execute<{ id: string; n: number }>(sql`
    select p.id, count(*)::int as n
    from articles a join headline_versions hv on hv.article_id = a.id join headline_features f on f.text_hash = hv.text_hash
    cross join lateral unnest(f.clickbait_patterns) as p(id)
    where ${seen} and ${applies} group by p.id`);
  const framing = await db.execute<{ key: string; n: number }>(sql`
    select f.letter || ' ' || f.model_sha256 as key, count(*)::int as n
    from articles a join headline_versions hv on hv.article_id = a.id join framing f on f.text_hash = hv.text_hash
    where ${seen} group by 1`);
  return {
    ...counts!,
    formulas: new Map(formulas.map((r) => [r.id, r.n])),
    framing: new Map(framing.map((r) => [r.key, r.n])),
  };
}
