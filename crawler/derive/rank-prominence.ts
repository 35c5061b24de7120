/**
 * Stored prominence (SPEC DER-9): the worker ranks the captures each rank span covers and adds
 * the span's weighted minutes to `rank_spans.weighted_minutes`, and their sum to the article's
 * (`articles.weighted_minutes`, in the same statement), so that lists, pages, the API and the
 * exports read a column instead of re-ranking a week of front pages per request.
 *
 * A span's prominence is the sum, over each pair of consecutive captures it covers, of the time
 * between them weighted by its rank at the earlier one (the page between two captures is the
 * earlier capture's: the same tiling as the rank intervals of db/figures/api/front-pages.ts). That
 * sum is additive, so a span is ranked in steps: `ranked_through` is the capture it has been
 * ranked through, and the next step starts from that capture. A step takes, per outlet, at most
 * `maxCaptures` captures from the earliest point any of its spans is ranked through, so a
 * backlog (a new installation, a long stop) is caught up a window at a time.
 *
 * The weight is computed in the database; `positionWeightSql` is the SQL of
 * lib/analysis/prominence.ts positionWeight (a test holds them equal). A step updates a span
 * only if it is still ranked through the point the step read, so two workers ranking at once
 * never count a stretch twice.
 *
 * The same step keeps each article's front-page days (db/schema/front-page-days.ts): best rank and
 * time on the page, at rank 1 and in the top 10 per peninsular day, from the same stretches; and
 * each ranked capture's rank-1 article (`frontpage_captures.lead_article_id`), which the day's leads read.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { spansOverlapping } from "../../db/span-overlap";
import { unrankedSpan } from "../../db/schema/rank-span-unranked";

/** SQL of positionWeight(rank) = 1 / log2(rank + 1), for a rank of 1 or more. */
export function positionWeightSql(rank: SQL): SQL {
  return sql`(ln(2) / ln((${rank})::float8 + 1))`;
}

const unranked = (alias: string) => unrankedSpan(sql.raw(`${alias}.to_at`), sql.raw(`${alias}.ranked_through`));
const since = (alias: string) => sql.raw(`coalesce(${alias}.ranked_through, ${alias}.from_at)`);

/** The calendar the days follow: the site's (peninsular time, lib/pages/peninsular-time.ts). */
const DAY_ZONE = sql.raw(`'Europe/Madrid'`);

/** Captures per outlet a step ranks at most, by default. */
const MAX_CAPTURES = 300;

/**
 * The moved spans' stretches added to their articles' front-page days (db/schema/front-page-days.ts):
 * each stretch split at peninsular midnights, and each ranked capture counted as shown on its day
 * (a link seen in one capture has a best rank and no time, as in the rank intervals). The capture a
 * step starts from was the previous step's last: its rank counts again (a minimum), its stretch once.
 */
function frontPageDaysUpsert(): SQL {
  return sql`
      insert into front_page_days as f (article_id, outlet_id, day, best_rank, front_seconds, lead_seconds, top10_seconds)
      select p.article_id, p.outlet_id, p.day, min(p.rank), sum(p.seconds),
        coalesce(sum(p.seconds) filter (where p.rank = 1), 0), coalesce(sum(p.seconds) filter (where p.rank <= 10), 0)
      from (
        select t.article_id, t.outlet_id, g.d::date as day, t.rank,
          coalesce(greatest(0, extract(epoch from
            least(coalesce(t.next_at, t.at), (g.d + interval '1 day') at time zone ${DAY_ZONE}) - greatest(t.at, g.d at time zone ${DAY_ZONE}))), 0) as seconds
        from stretches t join moved m on m.article_id = t.article_id and m.from_at = t.span_from
        cross join lateral generate_series(
          date_trunc('day', t.at at time zone ${DAY_ZONE}), date_trunc('day', coalesce(t.next_at - interval '1 microsecond', t.at) at time zone ${DAY_ZONE}), interval '1 day') g(d)
      ) p
      group by p.article_id, p.outlet_id, p.day
      on conflict (article_id, day) do update set
        best_rank = least(f.best_rank, excluded.best_rank),
        front_seconds = f.front_seconds + excluded.front_seconds,
        lead_seconds = f.lead_seconds + excluded.lead_seconds,
        top10_seconds = f.top10_seconds + excluded.top10_seconds`;
}

/** One step over every outlet; returns the spans it moved forward. */
export async function rankProminenceStep(db: Executor, { maxCaptures = MAX_CAPTURES }: { maxCaptures?: number } = {}): Promise<number> {
  const [row] = await db.execute<{ n: number }>(prominenceStepStatement(maxCaptures));
  return row?.n ?? 0;
}

/** The statement of one step (one row, `n`: the spans moved), for callers holding a raw client. */
export function prominenceStepStatement(maxCaptures = MAX_CAPTURES): SQL {
  return sql`
    with o as materialized (
      -- Per outlet, the earliest point a span is ranked through (index rank_spans_unranked).
      select o.id as outlet_id, d.since from outlets o cross join lateral (
        select ${since("r")} as since from rank_spans r
        where r.outlet_id = o.id and (${unranked("r")}) order by ${since("r")} limit 1) d
    ), w as materialized (
      -- The captures of this step; an outlet with none after that point has nothing to rank.
      select o.outlet_id, min(c.at) as lo, max(c.at) as hi from o cross join lateral (
        select at from frontpage_captures fc
        where fc.outlet_id = o.outlet_id and fc.outcome = 'ok' and fc.at >= o.since order by fc.at limit ${maxCaptures}) c
      group by o.outlet_id having count(*) > 1
    ), due as materialized (
      -- The spans this step moves forward: unranked, ranked through a point inside the window.
      select r.outlet_id, r.article_id, r.from_at, r.position, ${since("r")} as since,
        least(coalesce(r.to_at, 'infinity'), w.hi) as through
      from w cross join lateral (
        select * from rank_spans r where r.outlet_id = w.outlet_id and (${unranked("r")}) and ${since("r")} <= w.hi offset 0) r
    ), s as materialized (
      -- Every span covering the window below the lowest due one: a rank counts the spans above.
      select s.outlet_id, s.article_id, s.position, s.from_at, s.to_at, w.lo, w.hi from w cross join lateral (
        select * from ${spansOverlapping(sql`w.outlet_id`, sql`w.lo`, sql`w.hi`, ["article_id", "outlet_id", "position", "from_at", "to_at"])} s
        where s.position <= (select max(d.position) from due d where d.outlet_id = w.outlet_id) offset 0) s
    ), ranked as (
      select s.outlet_id, s.article_id, s.from_at as span_from, c.at,
        row_number() over (partition by s.outlet_id, c.at order by s.position) as rank
      from s cross join lateral (
        -- The captures each span covers, by index (frontpage_captures_outlet_at).
        select at from frontpage_captures fc
        where fc.outlet_id = s.outlet_id and fc.outcome = 'ok'
          and fc.at >= greatest(s.from_at, s.lo) and fc.at <= least(coalesce(s.to_at, 'infinity'), s.hi) offset 0) c
    ), stretches as (
      select d.outlet_id, r.article_id, r.span_from, r.at, r.rank, lead(r.at) over (partition by r.article_id, r.span_from order by r.at) as next_at
      from ranked r join due d on d.article_id = r.article_id and d.from_at = r.span_from and r.at >= d.since
    ), added as (
      select d.article_id, d.from_at, d.since, d.through,
        coalesce(sum(extract(epoch from t.next_at - t.at) / 60 * ${positionWeightSql(sql`t.rank`)}), 0) as minutes
      from due d left join stretches t on t.article_id = d.article_id and t.span_from = d.from_at and t.next_at is not null
      group by d.article_id, d.from_at, d.since, d.through
    ), moved as (
      update rank_spans r set weighted_minutes = r.weighted_minutes + a.minutes, ranked_through = a.through
      from added a
      where r.article_id = a.article_id and r.from_at = a.from_at and ${since("r")} = a.since
        and (a.through > a.since or r.ranked_through is null)
      returning r.article_id, r.from_at, a.minutes
    ), per_article as (
      update articles x set weighted_minutes = x.weighted_minutes + m.minutes
      from (select article_id, sum(minutes) as minutes from moved group by article_id) m
      where x.id = m.article_id and m.minutes > 0
    ), per_day as (
      ${frontPageDaysUpsert()}
    ), leads as (
      -- Each ranked capture's rank 1, for the day's leads: s holds every span placed as high as the
      -- lowest-placed due one or higher, so a rank 1 found here is the page's.
      update frontpage_captures fc set lead_article_id = r.article_id
      from ranked r
      where r.rank = 1 and fc.outlet_id = r.outlet_id and fc.at = r.at and fc.outcome = 'ok'
        and fc.lead_article_id is distinct from r.article_id)
    select count(*)::int as n from moved`;
}

/** Steps until every span is ranked through the latest capture, at most `maxSteps`; returns spans moved. */
export async function rankProminence(
  db: Executor,
  o: { maxCaptures?: number; maxSteps?: number; signal?: AbortSignal } = {},
): Promise<number> {
  let moved = 0;
  for (let step = 0; step < (o.maxSteps ?? Infinity) && !o.signal?.aborted; step++) {
    const n = await rankProminenceStep(db, o);
    if (n === 0) break;
    moved += n;
  }
  return moved;
}
