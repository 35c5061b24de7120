/**
 * An outlet's headline changes (SPEC WEB-1, STO-1): a change is a headline version first
 * seen after an earlier version of the same article, from any source. Counted over a
 * period (by default the last 7 days), with the latest ones and the headline each replaced,
 * for articles first seen from 7 days before the period to its end: older ones are rarely
 * retitled. The changes are read from headline_changes, which triggers keep as versions are
 * recorded (migration outlet_page_aggregates), so a year is a few thousand rows.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { headlineForDisplay, type OutletPolicy } from "../../../lib/policy";
import type { Executor } from "../../client";
import { DAY_MS, time, type Window } from "../../figures/page-sql";
import { periodDays, withinEdges } from "../../figures/period-days";

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

const LATEST = 5;
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
  // The changes the triggers keep with their article's first sighting (headline_changes, index
  // headline_changes_outlet_at): a year is an index-only scan of some twenty thousand entries.
  const where = sql`
    where c.outlet_id = ${outletId} and c.at >= ${from}::timestamptz and c.at <= ${to}::timestamptz
      and c.article_seen_at >= ${articlesFrom}::timestamptz and c.article_seen_at <= ${to}::timestamptz`;
  const split = periodDays({ start, end: now });
  const seenDays = split.days
    ? sql`(select coalesce(sum(articles), 0) from outlet_day_agency
           where outlet_id = ${outletId} and day >= ${split.days.fromDay}::date and day < ${split.days.toDay}::date) +`
    : sql``;
  const [[counts], [seen], latest] = await Promise.all([
    db.execute<{ changes: number; articles: number }>(
      sql`select count(*)::int as changes, count(distinct c.article_id)::int as articles from headline_changes c ${where}`,
    ),
    // Articles first seen in the period: whole days from the daily counts, the ends from the articles.
    db.execute<{ n: number }>(sql`
      select (${seenDays} (select count(*) from articles where outlet_id = ${outletId} and ${withinEdges(sql`first_seen_at`, split)}))::int as n`),
    db.execute<{ article_id: string | number; text: string; first_seen_at: string | Date; before: string }>(sql`
      select c.article_id, hv.text, hv.first_seen_at,
        (select p.text from headline_versions p where p.article_id = hv.article_id and p.first_seen_at < hv.first_seen_at
         order by p.first_seen_at desc, p.id desc limit 1) as before
      from headline_changes c join headline_versions hv on hv.id = c.version_id
      ${where} order by c.at desc, c.version_id desc limit ${LATEST}`),
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
