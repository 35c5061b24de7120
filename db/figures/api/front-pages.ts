/**
 * Reading ranks back from rank spans (SPEC STO-1, DER-7). Spans hold an order key, not a
 * rank (crawler/record/span-plan.ts): the rank of a span at an instant is its place, by
 * key, among the outlet's spans covering that instant. An open span (`to_at` null) covers
 * every capture from its start. Between two captures the page is taken to be the one of
 * the earlier capture.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../client";
import { fromSqlTime, sqlTime } from "../../sql-time";
import { spansOverlapping } from "../../span-overlap";

/** One article on a front page at an instant. */
export interface RankedArticle {
  articleId: number;
  rank: number;
}

/** The front page of an outlet as last captured at or before `at` (rank 1 first); empty before the first capture. */
export async function frontPageAt(db: Executor, outletId: number, at: number): Promise<RankedArticle[]> {
  const rows = await db.execute<{ article_id: number; rank: number }>(sql`
    with c as (
      select at from frontpage_captures where outlet_id = ${outletId} and outcome = 'ok' and at <= ${sqlTime(at)}
      order by at desc limit 1)
    select s.article_id, (row_number() over (order by s.position))::int as rank
    from c cross join lateral ${spansOverlapping(sql`${outletId}::int`, sql`c.at`, sql`c.at`, ["article_id", "position"])} s
    order by s.position`);
  return rows.map((r) => ({ articleId: Number(r.article_id), rank: Number(r.rank) }));
}

/** A stretch during which an article held one rank (for rank-over-time charts): from the capture that first saw it to the one that saw the next rank, or to the span's last confirming capture. */
export interface RankInterval {
  rank: number;
  from: number;
  to: number;
}

/**
 * Per-rank intervals from ranked captures: `ranked` yields (article_id, span_from, at,
 * rank), one row per capture an article's span covers. Consecutive captures of one span
 * at one rank form an interval (gaps and islands); result columns article_id, rank,
 * from_at (first capture at that rank) and to_at: the capture at which the span took its
 * next rank (the page between captures is the earlier capture's), or for the span's last
 * rank its last confirming capture. So the intervals of a span tile it: their lengths add
 * up to the span's time on the front page.
 */
function islands(ranked: SQL): SQL {
  return sql`
    select article_id, rank, from_at,
      coalesce(lead(from_at) over (partition by article_id, span_from order by from_at), to_at) as to_at
    from (
      select article_id, span_from, rank, min(at) as from_at, max(at) as to_at from (
        select article_id, span_from, at, rank,
          row_number() over (partition by article_id, span_from order by at)
          - row_number() over (partition by article_id, span_from, rank order by at) as grp
        from (${ranked}) r) g
      group by article_id, span_from, rank, grp) k`;
}

/**
 * SQL of an outlet's rank intervals (article_id, rank, from_at, to_at) over the captures
 * in [from, to], counted from the last capture at or before `from` so that an interval
 * running through `from` starts at or before it (clip with greatest/least). Intervals
 * ending before `from` are left out. Ranks come from one window over the captures of the
 * period joined with the spans covering them: the spans by index (db/span-overlap.ts), then
 * each span's captures by index.
 */
export function outletRankIntervals(outletId: number, from: string, to: string | SQL): SQL {
  return sql`
    with p as materialized (
      select coalesce((select max(at) from frontpage_captures
                       where outlet_id = ${outletId} and outcome = 'ok' and at <= ${from}::timestamptz), ${from}::timestamptz) as first_at
    ), s as materialized (
      select s.* from p cross join lateral
        ${spansOverlapping(sql`${outletId}::int`, sql`p.first_at`, sql`${to}::timestamptz`, ["article_id", "position", "from_at", "to_at"])} s
    ), i as (${islands(sql`
      select s.article_id, s.from_at as span_from, c.at, (row_number() over (partition by c.at order by s.position))::int as rank
      from s, p cross join lateral (
        -- The captures each span covers, by index (frontpage_captures_outlet_at): far fewer
        -- steps than testing every span against every capture of the period ("offset 0"
        -- keeps the planner from turning it into that).
        select at from frontpage_captures fc
        where fc.outlet_id = ${outletId} and fc.outcome = 'ok'
          and fc.at >= greatest(s.from_at, p.first_at) and fc.at <= least(coalesce(s.to_at, 'infinity'), ${to}::timestamptz)
        offset 0) c`)})
    select article_id, rank, from_at, to_at from i where to_at >= ${from}::timestamptz`;
}

/** Several articles' rank over time (rankHistory), by article id; articles never on a front page are absent. */
export async function rankHistories(db: Executor, articleIds: readonly number[]): Promise<Map<number, RankInterval[]>> {
  const out = new Map<number, RankInterval[]>();
  if (articleIds.length === 0) return out;
  const ids = sql.join(
    articleIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // The rank at a capture is 1 + the spans of lower position covering it. Rather than test every capture against
  // every span covering it, the captures of each of the articles' spans are merged, in time order, with the lower
  // spans' starts (+1, before a capture at the same instant) and ends (-1, after it): the rank at a capture is 1 +
  // the running sum. A story of 50 outlets: about 8 k rows in one window, where the pairs were 170 k.
  const rows = await db.execute<{ article_id: string | number; rank: number; from_at: string | Date; to_at: string | Date }>(sql`
    with mine as materialized (
      select article_id, outlet_id, position, from_at, to_at from rank_spans where article_id in (${ids})
    ), b as materialized (
      select outlet_id, min(from_at) as first_at, max(coalesce(to_at, 'infinity')) as last_at, max(position) as max_position
      from mine group by outlet_id
    ), c as materialized (
      -- The outlet's captures over the articles' spans, by index (frontpage_captures_outlet_at).
      select b.outlet_id, fc.at from b cross join lateral (
        select fc.at from frontpage_captures fc
        where fc.outlet_id = b.outlet_id and fc.outcome = 'ok' and fc.at >= b.first_at and fc.at <= b.last_at offset 0) fc
    ), placed as materialized (
      -- The spans placed above any of the articles' own (db/span-overlap.ts; "offset 0" as in outletRankIntervals).
      select o.* from b cross join lateral (
        select * from ${spansOverlapping(sql`b.outlet_id`, sql`b.first_at`, sql`b.last_at`, ["outlet_id", "position", "from_at", "to_at"])} o
        where o.position < b.max_position offset 0) o
    ), above as materialized (
      select m.article_id, m.from_at as span_from, s.from_at, s.to_at
      from mine m join placed s on s.outlet_id = m.outlet_id and s.position < m.position
        and s.from_at <= coalesce(m.to_at, 'infinity') and (s.to_at >= m.from_at or s.to_at is null)
    ), stream as (
      select m.article_id, m.from_at as span_from, c.at, 1 as step, 0 as delta
      from mine m join c on c.outlet_id = m.outlet_id and c.at >= m.from_at and c.at <= coalesce(m.to_at, 'infinity')
      union all
      select article_id, span_from, from_at, 0, 1 from above
      union all
      select article_id, span_from, to_at, 2, -1 from above where to_at is not null
    ), ranked as (
      select article_id, span_from, at, step,
        (1 + sum(delta) over (partition by article_id, span_from order by at, step))::int as rank
      from stream
    ), i as (${islands(sql`select article_id, span_from, at, rank from ranked where step = 1`)})
    select article_id, rank, from_at, to_at from i order by article_id, from_at`);
  for (const r of rows) {
    const id = Number(r.article_id);
    const list = out.get(id) ?? [];
    list.push({ rank: Number(r.rank), from: fromSqlTime(r.from_at)!, to: fromSqlTime(r.to_at)! });
    out.set(id, list);
  }
  return out;
}

/** An article's rank over time on its outlet's front page, one interval per rank held. */
export async function rankHistory(db: Executor, articleId: number): Promise<RankInterval[]> {
  return (await rankHistories(db, [articleId])).get(articleId) ?? [];
}
