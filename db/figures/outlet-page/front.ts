/**
 * An outlet's front page from its rank spans (SPEC STO-1, WEB-1): what it shows now (the
 * spans still open at its latest successful capture) and the positions over a period
 * (by default the last 24 hours) of the stories that ranked highest in it.
 */
import { sql } from "drizzle-orm";
import { headlineForDisplay, type OutletPolicy } from "../../../lib/policy";
import type { Executor } from "../../client";
import { outletRankIntervals, rankHistories } from "../api/front-pages";
import { perArticleOverPeriod, splitPeriod, storedThrough } from "./front-days";
import { idList, num, time, type Window } from "../page-sql";

/** One link of the front page now. */
export interface FrontPageItem {
  articleId: number;
  rank: number;
  /** The headline as it may be cited (PUB-6), from its latest version. */
  headline: string;
  /** Holding this rank since (epoch ms). */
  rankSince: number;
  /** First seen anywhere on the front page (epoch ms). */
  onFrontPageSince: number | null;
}

/** The front page at the latest successful capture. */
export interface FrontPageNow {
  capturedAt: number | null;
  items: FrontPageItem[];
}

/** Links shown from the front page now (the whole page is a link away: /cabeceras/<slug>/portada). */
const FRONT_PAGE_LINKS = 10;
/** Stories drawn in the position timelines. */
const TIMELINE_STORIES = 5;

/** The latest headline of each article, as the policy lets us cite it. */
export async function latestHeadlines(db: Executor, policy: OutletPolicy, articleIds: readonly number[]): Promise<Map<number, string>> {
  if (articleIds.length === 0) return new Map();
  const rows = await db.execute<{ article_id: string | number; text: string }>(sql`
    select distinct on (article_id) article_id, text from headline_versions
    where article_id in ${idList(articleIds)}
    order by article_id, last_seen_at desc, id desc`);
  return new Map(rows.map((r) => [Number(r.article_id), headlineForDisplay(policy, r.text)]));
}

/** The links open at the outlet's latest successful capture, by rank. */
export async function loadFrontPageNow(db: Executor, outletId: number, policy: OutletPolicy): Promise<FrontPageNow> {
  const [last] = await db.execute<{ at: string | Date | null }>(sql`
    select max(at) as at from frontpage_captures where outlet_id = ${outletId} and outcome = 'ok'`);
  const capturedAt = time(last?.at);
  if (capturedAt === null) return { capturedAt: null, items: [] };
  // The open spans hold the page now; each one's rank and since when it has held it come
  // from the rank intervals over the captures since the oldest of them opened.
  const [oldest] = await db.execute<{ at: string | Date | null }>(sql`
    select min(from_at) as at from rank_spans where outlet_id = ${outletId} and to_at is null`);
  const since = time(oldest?.at);
  if (since === null) return { capturedAt, items: [] };
  const now = new Date(capturedAt).toISOString();
  const rows = await db.execute<{
    article_id: string | number;
    rank: number;
    from_at: string | Date;
    first_seen_frontpage_at: string | Date | null;
  }>(sql`
    select i.article_id, i.rank, i.from_at, a.first_seen_frontpage_at
    from (
      -- An interval ends at the capture where its span took its next rank (front-pages.ts),
      -- so at the latest capture a link that moved has two intervals ending there: the one
      -- it left and the one it holds now, which starts there. Only the latter is the page now.
      select distinct on (article_id) article_id, rank, from_at
      from (${outletRankIntervals(outletId, new Date(since).toISOString(), now)}) r
      where r.to_at = ${now}::timestamptz
      order by article_id, from_at desc
    ) i join articles a on a.id = i.article_id
    order by i.rank limit ${FRONT_PAGE_LINKS}`);
  const headlines = await latestHeadlines(
    db,
    policy,
    rows.map((r) => Number(r.article_id)),
  );
  return {
    capturedAt,
    items: rows.map((r) => ({
      articleId: Number(r.article_id),
      rank: r.rank,
      headline: headlines.get(Number(r.article_id)) ?? "(sin titular registrado)",
      rankSince: time(r.from_at)!,
      onFrontPageSince: time(r.first_seen_frontpage_at),
    })),
  };
}

/** One article's spans in a timeline. */
export interface TimelineSeries {
  articleId: number;
  headline: string;
  bestRank: number;
  spans: { fromAt: number; toAt: number; rank: number }[];
}

/** Position timelines of the top stories over a period. */
export interface TopStoryTimelines {
  start: number;
  end: number;
  series: TimelineSeries[];
}

/** The stories with the best ranks over the period and all their spans in it. */
export async function loadTopStoryTimelines(
  db: Executor,
  outletId: number,
  policy: OutletPolicy,
  { start, end: now }: Window,
  /** The stories already chosen over the same period (front-time.ts `topRanked`), so a period of whole days is not ranked twice. */
  chosen?: { articleId: number; bestRank: number }[],
): Promise<TopStoryTimelines> {
  const split = splitPeriod({ start, end: now }, await storedThrough(db, outletId));
  if (split.days) {
    const top =
      chosen?.slice(0, TIMELINE_STORIES) ??
      (
        await db.execute<{ article_id: string | number; best_rank: number }>(sql`
          select article_id, best_rank from (${perArticleOverPeriod(outletId, split)}) t
          order by best_rank, on_ms desc, article_id limit ${TIMELINE_STORIES}`)
      ).map((r) => ({ articleId: Number(r.article_id), bestRank: num(r.best_rank)! }));
    return storedTimelines(db, policy, { start, end: now }, top);
  }
  const from = new Date(start).toISOString();
  const to = new Date(now).toISOString();
  // One statement: the period's rank intervals are computed once, for choosing the top
  // articles and for drawing them (over a year they are most of the page's cost).
  const rows = await db.execute<{
    article_id: string | number;
    best: number;
    rank: number;
    from_at: string | Date;
    to_at: string | Date;
  }>(sql`
    with i as materialized (${outletRankIntervals(outletId, from, to)}), top as (
      select article_id, min(rank) as best,
        sum(extract(epoch from least(to_at, ${to}::timestamptz) - greatest(from_at, ${from}::timestamptz))) as seconds
      from i group by article_id order by best, seconds desc, article_id limit ${TIMELINE_STORIES})
    select i.article_id, top.best, i.rank, i.from_at, i.to_at from i join top using (article_id)
    order by top.best, top.seconds desc, i.article_id, i.from_at`);
  const top = [...new Map(rows.map((r) => [Number(r.article_id), r])).values()];
  const ids = top.map((r) => Number(r.article_id));
  if (ids.length === 0) return { start, end: now, series: [] };
  const spans = rows;
  const headlines = await latestHeadlines(db, policy, ids);
  return {
    start,
    end: now,
    series: top.map((t) => {
      const articleId = Number(t.article_id);
      return {
        articleId,
        bestRank: num(t.best)!,
        headline: headlines.get(articleId) ?? "(sin titular registrado)",
        spans: spans
          .filter((s) => Number(s.article_id) === articleId)
          .map((s) => ({ fromAt: time(s.from_at)!, toAt: time(s.to_at)!, rank: s.rank })),
      };
    }),
  };
}

/**
 * A period holding whole days (a chosen week, month or year): the top stories from the stored days
 * (front-days.ts), and only their rank histories ranked, clipped to the period. Each story's history
 * is ranked on its own: together, the captures between the first one's and the last one's (months
 * apart over a year) would all be ranked.
 */
async function storedTimelines(
  db: Executor,
  policy: OutletPolicy,
  { start, end }: Window,
  top: { articleId: number; bestRank: number }[],
): Promise<TopStoryTimelines> {
  const ids = top.map((t) => t.articleId);
  if (ids.length === 0) return { start, end, series: [] };
  const [histories, headlines] = await Promise.all([
    Promise.all(ids.map((id) => rankHistories(db, [id]))).then((maps) => new Map(maps.flatMap((m) => [...m]))),
    latestHeadlines(db, policy, ids),
  ]);
  return {
    start,
    end,
    series: top.map(({ articleId, bestRank }) => ({
      articleId,
      bestRank,
      headline: headlines.get(articleId) ?? "(sin titular registrado)",
      spans: (histories.get(articleId) ?? [])
        .filter((r) => r.to >= start && r.from <= end)
        .map((r) => ({ fromAt: Math.max(r.from, start), toAt: Math.min(r.to, end), rank: r.rank })),
    })),
  };
}
