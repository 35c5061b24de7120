/**
 * Reference for tests: the section as it was read from rows before the per-day aggregates
 * (SPEC OPS-8), kept to prove the aggregates give the same figures.
 *
 * An outlet's headline changes (SPEC WEB-1, STO-1): a change is a headline version first
 * seen after an earlier version of the same article, from any source. Counted over a
 * period (by default the last 7 days), with the latest ones and the headline each replaced,
 * for articles first seen from 7 days before the period to its end: older ones are rarely
 * retitled, and the bound keeps the query on the outlet's articles of the period (index
 * articles_outlet_first_seen).
 */
import { sql } from "drizzle-orm";
import { headlineForDisplay, type OutletPolicy } from "../../../../lib/policy";
import type { Executor } from "../../../../db/client";
import { DAY_MS, outletArticlesSeenBetween, time, type Window } from "../../../../db/figures/page-sql";

/** One headline change: the new text and the one it replaced, as they may be cited. */
export interface HeadlineChange {
  articleId: number;
  at: number;
  before: string;
  after: string;
}

/** Changes over the period and the latest of them. */
export interface HeadlineChanges {
  start: number;
  end: number;
  /** Headline versions that replaced an earlier one. */
  changes: number;
  /** Articles with at least one change. */
  changedArticles: number;
  /** Articles seen for the first time in the period, for scale. */
  articlesSeen: number;
  latest: HeadlineChange[];
  /** PUB-6: the texts are replaced by the withheld notice. */
  withheld: boolean;
}

const LATEST = 10;
/** Articles first seen this far back are followed for changes (the feed's window, feeds.ts). */
export const CHANGES_ARTICLE_WINDOW_MS = 14 * DAY_MS;
/** Articles first seen this long before a period are followed for its changes. */
const CHANGES_ARTICLE_LEAD_MS = 7 * DAY_MS;

/** Headline changes of the outlet over the period. */
export async function loadHeadlineChanges(
  db: Executor,
  outletId: number,
  policy: OutletPolicy,
  { start, end: now }: Window,
): Promise<HeadlineChanges> {
  const from = new Date(start).toISOString();
  const to = new Date(now).toISOString();
  const articlesFrom = new Date(start - CHANGES_ARTICLE_LEAD_MS).toISOString();
  // Each article's versions by index (headline_versions_article_hash): over a long period a
  // join lets the planner read the whole headline_versions table instead.
  const changed = sql`
    from articles a cross join lateral (
      select v.* from headline_versions v where v.article_id = a.id and v.first_seen_at >= ${from} and v.first_seen_at <= ${to}
        and exists (select 1 from headline_versions p where p.article_id = v.article_id and p.first_seen_at < v.first_seen_at)
      offset 0) hv
    where ${outletArticlesSeenBetween("a", outletId, articlesFrom, to)}`;
  const [[counts], [seen], latest] = await Promise.all([
    db.execute<{ changes: number; articles: number }>(
      sql`select count(*)::int as changes, count(distinct hv.article_id)::int as articles ${changed}`,
    ),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from articles where ${outletArticlesSeenBetween("articles", outletId, from, to)}`),
    db.execute<{ article_id: string | number; text: string; first_seen_at: string | Date; before: string }>(sql`
      select hv.article_id, hv.text, hv.first_seen_at,
        (select p.text from headline_versions p where p.article_id = hv.article_id and p.first_seen_at < hv.first_seen_at
         order by p.first_seen_at desc, p.id desc limit 1) as before
      ${changed} order by hv.first_seen_at desc, hv.id desc limit ${LATEST}`),
  ]);
  return {
    start,
    end: now,
    changes: counts?.changes ?? 0,
    changedArticles: counts?.articles ?? 0,
    articlesSeen: seen?.n ?? 0,
    withheld: !policy.headlinesVerbatim,
    latest: latest.map((r) => ({
      articleId: Number(r.article_id),
      at: time(r.first_seen_at)!,
      before: headlineForDisplay(policy, r.before),
      after: headlineForDisplay(policy, r.text),
    })),
  };
}
