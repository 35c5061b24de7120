/**
 * An outlet's front-page figures per article over a period (SPEC DER-7): the whole peninsular days
 * from the days the worker keeps (front_page_days), the partial days at either end and the days not
 * yet ranked from the rank intervals of the captures (front-pages.ts); an article whose days all fall in
 * the whole days from its totals (front_page_totals). A year is then a row per article shown instead of
 * a year of captures ranked per request.
 */
import { sql, type SQL } from "drizzle-orm";
import { dayValue, parseDay } from "../../../lib/pages/peninsular-time";
import type { Executor } from "../../client";
import { outletRankIntervals } from "../api/front-pages";
import { idList, time, type Window } from "../page-sql";

/** How a period splits: whole days read from storage [fromDay, toDay), and the stretches ranked per request. */
export interface PeriodSplit {
  days: { fromDay: string; toDay: string } | null;
  ranked: Window[];
}

/** The start of the peninsular day holding `at`. */
function dayStart(at: number): number {
  return parseDay(dayValue(at))!.start;
}

/** Split [start, end) at peninsular midnights; days after `stored` (not ranked through yet) are ranked per request. */
export function splitPeriod({ start, end }: Window, stored: number): PeriodSplit {
  if (!(stored > start)) return { days: null, ranked: [{ start, end }] };
  const firstWhole = dayStart(start) === start ? start : parseDay(dayValue(start))!.end;
  const lastWholeEnd = dayStart(Math.min(end, stored));
  if (firstWhole >= lastWholeEnd) return { days: null, ranked: [{ start, end }] };
  const ranked: Window[] = [];
  if (start < firstWhole) ranked.push({ start, end: firstWhole });
  if (lastWholeEnd < end) ranked.push({ start: lastWholeEnd, end });
  return { days: { fromDay: dayValue(firstWhole), toDay: dayValue(lastWholeEnd) }, ranked };
}

/**
 * How far the outlet's days are complete: the earliest point a span of it is still to be ranked
 * from (index rank_spans_unranked), or the latest capture when all are ranked.
 */
export async function storedThrough(db: Executor, outletId: number): Promise<number> {
  const [row] = await db.execute<{ at: string | Date | null; last: string | Date | null }>(sql`
    select (select coalesce(r.ranked_through, r.from_at) from rank_spans r
            where r.outlet_id = ${outletId} and (r.ranked_through is null or r.to_at is null or r.ranked_through < r.to_at)
            order by coalesce(r.ranked_through, r.from_at) limit 1) as at,
           (select max(at) from frontpage_captures where outlet_id = ${outletId} and outcome = 'ok') as last`);
  return time(row?.at) ?? time(row?.last) ?? Number.NEGATIVE_INFINITY;
}

/**
 * Per article over the period: best rank, milliseconds on the front page and at rank 1, spans
 * clipped to the period (rows: article_id, best_rank, on_ms, lead_ms); of the articles `only` when given.
 */
export function perArticleOverPeriod(outletId: number, split: PeriodSplit, only?: readonly number[]): SQL {
  // Filtered inside each piece: the ranked stretches are read once, so a filter outside would not reach them.
  const among = (column: SQL) => (only ? sql`and ${column} in ${idList(only)}` : sql``);
  const parts: SQL[] = split.ranked.map(({ start, end }, i) => {
    const from = new Date(start).toISOString();
    const to = new Date(end).toISOString();
    // The page between two captures is the earlier one's: the intervals run to the first capture
    // at or after the end and are clipped there, so that the stretch across a boundary counts on
    // both sides as the stored days count it. An interval starting at a boundary between two
    // pieces belongs to the later one.
    const beyond = sql`coalesce((select min(at) from frontpage_captures
      where outlet_id = ${outletId} and outcome = 'ok' and at >= ${to}::timestamptz), ${to}::timestamptz)`;
    const last = i === split.ranked.length - 1 && !(split.days && split.days.fromDay >= dayValue(end));
    return sql`
      select article_id, min(rank) as best_rank,
        sum(extract(epoch from least(to_at, ${to}::timestamptz) - greatest(from_at, ${from}::timestamptz))) * 1000 as on_ms,
        coalesce(sum(extract(epoch from least(to_at, ${to}::timestamptz) - greatest(from_at, ${from}::timestamptz))) filter (where rank = 1), 0) * 1000 as lead_ms
      from (${outletRankIntervals(outletId, from, sql`(${beyond})`)}) i
      where ${last ? sql`from_at <= ${to}::timestamptz` : sql`from_at < ${to}::timestamptz`} ${among(sql`article_id`)}
      group by article_id`;
  });
  if (!split.days) return parts.length === 1 ? parts[0]! : grouped(parts);
  const { fromDay, toDay } = split.days;
  // An article whose stored days all fall in the whole days is one row of its totals (front_page_totals); one whose days
  // cross either end sums its days inside. The totals go out as they are unless the ranked stretches saw the article
  // too: over a year that is ~20 k rows of the busiest generated outlet read from an index, grouping only a few.
  const contained = sql`t.outlet_id = ${outletId} and t.first_day >= ${fromDay}::date and t.last_day < ${toDay}::date ${among(sql`t.article_id`)}`;
  const totals = sql`select t.article_id, t.best_rank, t.front_seconds * 1000 as on_ms, t.lead_seconds * 1000 as lead_ms from front_page_totals t`;
  const crossing = sql`
    select d.article_id, d.best_rank, d.front_seconds * 1000 as on_ms, d.lead_seconds * 1000 as lead_ms
    from front_page_days d
    where d.outlet_id = ${outletId} and d.day >= ${fromDay}::date and d.day < ${toDay}::date ${among(sql`d.article_id`)} and d.article_id in (
      select article_id from front_page_totals where outlet_id = ${outletId} and first_day < ${fromDay}::date and last_day >= ${fromDay}::date
      union all
      select article_id from front_page_totals
      where outlet_id = ${outletId} and first_day >= ${fromDay}::date and first_day < ${toDay}::date and last_day >= ${toDay}::date)`;
  if (parts.length === 0) return sql`${grouped([crossing])} union all ${totals} where ${contained}`;
  return sql`
    with edges as materialized (${sql.join(parts, sql` union all `)})
    ${grouped([sql`select * from edges`, crossing, sql`${totals} where ${contained} and t.article_id in (select article_id from edges)`])}
    union all
    ${totals} where ${contained} and not exists (select 1 from edges e where e.article_id = t.article_id)`;
}

/** Rows per article from `parts` (article_id, best_rank, on_ms, lead_ms), summed per article. */
function grouped(parts: SQL[]): SQL {
  return sql`
    select article_id, min(best_rank) as best_rank, sum(on_ms) as on_ms, sum(lead_ms) as lead_ms
    from (${sql.join(parts, sql` union all `)}) p group by article_id`;
}
