/**
 * Reading ranks back from rank spans (SPEC STO-1, DER-7). Spans hold an order key, not a
 * rank (crawler/record/span-plan.ts): the rank of a span at an instant is its place, by
 * key, among the outlet's spans covering that instant. An open span (`to_at` null) covers
 * every capture from its start. Between two captures the page is taken to be the one of
 * the earlier capture.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../client";
import { fromSqlTime, sqlTime } from "../sql-time";

/** One article on a front page at an instant. */
export interface RankedArticle { articleId: number; rank: number }

/** The front page of an outlet as last captured at or before `at` (rank 1 first); empty before the first capture. */
export async function frontPageAt(db: Executor, outletId: number, at: number): Promise<RankedArticle[]> {
  const rows = await db.execute<{ article_id: number; rank: number }>(sql`
    with c as (
      select at from frontpage_captures where outlet_id = ${outletId} and outcome = 'ok' and at <= ${sqlTime(at)}
      order by at desc limit 1)
    select s.article_id, (row_number() over (order by s.position))::int as rank
    from rank_spans s, c where s.outlet_id = ${outletId} and (s.to_at >= c.at or s.to_at is null) and s.from_at <= c.at
    order by s.position`);
  return rows.map((r) => ({ articleId: Number(r.article_id), rank: Number(r.rank) }));
}

/** A stretch of captures during which an article held one rank (for rank-over-time charts). */
export interface RankInterval { rank: number; from: number; to: number }

/** An article's rank over time on its outlet's front page, one interval per rank held. */
export async function rankHistory(db: Executor, articleId: number): Promise<RankInterval[]> {
  const rows = await db.execute<{ at: string | Date; rank: number }>(sql`
    select c.at, 1 + (select count(*) from rank_spans o
                      where o.outlet_id = s.outlet_id and o.from_at <= c.at and (o.to_at >= c.at or o.to_at is null) and o.position < s.position)::int as rank
    from rank_spans s
    join frontpage_captures c on c.outlet_id = s.outlet_id and c.outcome = 'ok' and c.at >= s.from_at and (c.at <= s.to_at or s.to_at is null)
    where s.article_id = ${articleId}
    order by c.at`);
  const out: RankInterval[] = [];
  for (const r of rows) {
    const at = fromSqlTime(r.at)!;
    const last = out.at(-1);
    if (last && last.rank === Number(r.rank)) last.to = at;
    else out.push({ rank: Number(r.rank), from: at, to: at });
  }
  return out;
}
