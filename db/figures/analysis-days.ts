/**
 * The headline analysis of each outlet's day (SPEC DER-1, DER-4), stored so that a page over a long period sums a row
 * per day instead of joining a year of versions to their features and framing (outlet_day_analysis). The triggers of
 * migration outlet_day_analysis append a row to outlet_day_analysis_changes for every change that moves a day; the
 * worker computes the recorded days from rows here, and deletes the change rows its statement saw, in the same
 * statement. A change committed after that statement began keeps its row, so its day is computed again. Readers take a
 * day from the stored counts only while no change row names it (clean days), and read the others from rows.
 */
// Shared with the worker (crawler/derive/analysis-days.ts), so not marked server-only.
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../client";
import { periodDays, withinEdges } from "./period-days";
import type { Window } from "./sql-values";

/** Recorded days computed per statement. */
export const ANALYSIS_DAYS_BATCH = 200;

/** A headline the features' markers apply to (Spanish, or language unknown); `f` is headline_features. */
export const MARKERS_APPLY = sql`(f.language is null or f.language = 'es')`;

/**
 * Computes and stores up to ANALYSIS_DAYS_BATCH of the recorded days, oldest change first; returns how many it
 * stored (fewer: none left).
 */
export async function storeAnalysisDays(db: Executor): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    with picked as materialized (
      select outlet_id, day, max(id) as upto from outlet_day_analysis_changes
      group by outlet_id, day order by min(id) limit ${ANALYSIS_DAYS_BATCH}),
    w as materialized (
      select p.outlet_id, p.day, p.upto, (p.day::timestamp at time zone 'Europe/Madrid') as from_at,
        ((p.day + 1)::timestamp at time zone 'Europe/Madrid') as to_at
      from picked p where exists (select 1 from outlets o where o.id = p.outlet_id)),
    stored as (
      insert into outlet_day_analysis as d (outlet_id, day, headlines, other_language, questions, quotes, numbers, clickbait, formulas, framing)
      select w.outlet_id, w.day, s.headlines, s.other_language, s.questions, s.quotes, s.numbers, s.clickbait,
        coalesce(fm.formulas, '{}'::jsonb), coalesce(fr.framing, '[]'::jsonb)
      from w
      cross join lateral (${featureCounts(sql`w.outlet_id`, sql`w.from_at`, sql`w.to_at`)}) s
      cross join lateral (
        select jsonb_object_agg(id, n) as formulas from (${formulaCounts(sql`w.outlet_id`, sql`w.from_at`, sql`w.to_at`)}) q) fm
      cross join lateral (
        select jsonb_agg(jsonb_build_array(letter, model_sha256, n) order by letter, model_sha256) as framing
        from (${framingCounts(sql`w.outlet_id`, sql`w.from_at`, sql`w.to_at`)}) q) fr
      order by w.outlet_id, w.day
      on conflict (outlet_id, day) do update set headlines = excluded.headlines, other_language = excluded.other_language,
        questions = excluded.questions, quotes = excluded.quotes, numbers = excluded.numbers, clickbait = excluded.clickbait,
        formulas = excluded.formulas, framing = excluded.framing
      returning 1),
    seen as (
      delete from outlet_day_analysis_changes c using picked p
      where c.outlet_id = p.outlet_id and c.day = p.day and c.id <= p.upto)
    select count(*)::int as n from stored`);
  return rows[0]?.n ?? 0;
}

/** The versions of the articles of `outletId` first seen in [from, to), with their features `f`. */
function withFeatures(outletId: SQL, from: SQL, to: SQL): SQL {
  return sql`
    from articles a join headline_versions hv on hv.article_id = a.id join headline_features f on f.text_hash = hv.text_hash
    where a.outlet_id = ${outletId} and a.first_seen_at >= ${from} and a.first_seen_at < ${to}`;
}

/** One row: the features' counts of those versions (headlines, other_language, questions, quotes, numbers, clickbait). */
function featureCounts(outletId: SQL, from: SQL, to: SQL): SQL {
  return sql`
    select count(*) filter (where ${MARKERS_APPLY})::int as headlines,
      count(*) filter (where not ${MARKERS_APPLY})::int as other_language,
      count(*) filter (where ${MARKERS_APPLY} and f.is_question)::int as questions,
      count(*) filter (where ${MARKERS_APPLY} and f.has_quote)::int as quotes,
      count(*) filter (where ${MARKERS_APPLY} and f.has_number)::int as numbers,
      count(*) filter (where ${MARKERS_APPLY} and cardinality(f.clickbait_patterns) > 0)::int as clickbait
    ${withFeatures(outletId, from, to)}`;
}

/** Rows (id, n): versions per clickbait formula, among those the markers apply to. */
function formulaCounts(outletId: SQL, from: SQL, to: SQL): SQL {
  return sql`
    select p.id, count(*)::int as n
    from (select f.clickbait_patterns ${withFeatures(outletId, from, to)} and ${MARKERS_APPLY}) x
    cross join lateral unnest(x.clickbait_patterns) as p(id)
    group by p.id`;
}

/** Rows (letter, model_sha256, n): framed versions per letter and model. */
function framingCounts(outletId: SQL, from: SQL, to: SQL): SQL {
  return sql`
    select fr.letter, fr.model_sha256, count(*)::int as n
    from articles a join headline_versions hv on hv.article_id = a.id join framing fr on fr.text_hash = hv.text_hash
    where a.outlet_id = ${outletId} and a.first_seen_at >= ${from} and a.first_seen_at < ${to}
    group by fr.letter, fr.model_sha256`;
}

/**
 * How a period's headline analysis is read for some outlets, as two CTE bodies: `clean`, the stored days inside the
 * period with no change recorded (rows of outlet_day_analysis), and `uncovered` (id, outlet_id), the period's articles
 * outside those days, whose versions are read from rows. The readers name them `clean` and `uncovered`.
 */
export function analysisPeriod(outletIds: readonly number[], window: Window): SQL {
  const split = periodDays(window);
  const ids = sql`array[${sql.join(
    outletIds.map((id) => sql`${id}::int`),
    sql`, `,
  )}]`;
  const clean = split.days
    ? sql`
      select d.* from outlet_day_analysis d
      where d.outlet_id = any(${ids}) and d.day >= ${split.days.fromDay}::date and d.day < ${split.days.toDay}::date
        and not exists (select 1 from outlet_day_analysis_changes c where c.outlet_id = d.outlet_id and c.day = d.day)`
    : sql`select d.* from outlet_day_analysis d where false`;
  // The period's edges, and each whole day not clean, read as ranges of articles_outlet_first_seen (no per-row test of
  // a year of articles; "offset 0" keeps the days chosen first and each read as its own range). Materialised: the
  // versions are joined to the uncovered articles only.
  const notClean = split.days
    ? sql`
      union all
      select a.id, a.outlet_id from (
        select o.id as outlet_id, g.day::date as day
        from unnest(${ids}) as o(id)
        cross join generate_series(${split.days.fromDay}::date, ${split.days.toDay}::date - 1, interval '1 day') as g(day)
        where not exists (select 1 from clean where clean.outlet_id = o.id and clean.day = g.day::date) offset 0) m
      cross join lateral (
        select a.id, a.outlet_id from articles a
        where a.outlet_id = m.outlet_id and a.first_seen_at >= (m.day::timestamp at time zone 'Europe/Madrid')
          and a.first_seen_at < ((m.day + 1)::timestamp at time zone 'Europe/Madrid') offset 0) a`
    : sql``;
  return sql`
    clean as materialized (${clean}),
    uncovered as materialized (
      select a.id, a.outlet_id from articles a where a.outlet_id = any(${ids}) and ${withinEdges(sql`a.first_seen_at`, split)}
      ${notClean})`;
}
