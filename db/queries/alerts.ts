/**
 * What the placement alerts list (lib/pages/alert-params.ts): the articles whose headline has
 * the alert's words and that reached the top N of their front page, when they first did; and
 * the headlines rewritten more than H hours after the article was published. Arrivals and
 * headlines of the last 14 days, headlines as the policy lets us cite them (PUB-6), outlets that
 * withhold positions or literal headlines left out where the alert would reveal them.
 * Reads: the latest first arrivals in the top N from the reaches the triggers keep
 * (front_page_reaches, by time), then each one's headlines by article, tested by their stored words;
 * the latest late changes from the headline changes the triggers keep (headline_changes, by time).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { headlineForDisplay, type Policies } from "../../lib/policy";
import type { Executor } from "../client";
import type { FeedEvent } from "./feeds";
import { FEED_ENTRIES } from "./feeds";
import { DAY_MS, idList, time } from "../figures/page-sql";

/** How far back an alert looks: articles first seen in the last 14 days, as the outlet feeds do. */
export const ALERT_WINDOW_MS = 14 * DAY_MS;
/**
 * First arrivals in the top N examined per request, newest first, for their words (a feed shows 50
 * entries): a bound on the work of one request, so a rare word lists what it finds among these.
 */
export const REACHES_EXAMINED = 2_000;

/** The alert's outlets: those asked for (or all), visible, and allowed by `may`. */
async function alertOutlets(
  db: Executor,
  policies: Policies,
  slugs: readonly string[],
  may: (p: ReturnType<Policies["forOutlet"]>) => boolean,
): Promise<{ id: number; slug: string; name: string }[]> {
  const rows = await db.execute<{ id: number; slug: string; name: string }>(sql`
    select id, slug, name from outlets where active ${slugs.length ? sql`and slug = any(${`{${slugs.join(",")}}`}::text[])` : sql``} order by name`);
  return rows.filter((o) => {
    const p = policies.forOutlet(o.id);
    return !p.excluded && may(p);
  });
}

/** Articles whose headline matches `q` that reached the top `top` of their front page: the first time each did. */
export async function loadPlacementAlert(
  db: Executor,
  policies: Policies,
  p: { q: string; outlets: readonly string[]; top: number; now: number },
): Promise<(FeedEvent & { rank: number; headlineMatched: boolean })[]> {
  // Searching the words of a headline the outlet asked us not to reproduce would reveal it.
  const outlets = await alertOutlets(db, policies, p.outlets, (x) => x.positions && x.headlinesVerbatim);
  if (outlets.length === 0) return [];
  const since = new Date(p.now - ALERT_WINDOW_MS).toISOString();
  const until = new Date(p.now).toISOString();
  const rows = await db.execute<{ article_id: string; outlet_id: number; reached_at: string | Date; rank: number; matched: string[] }>(sql`
    with words as materialized (select websearch_to_tsquery('spanish', search_fold(${p.q})) as q), reached as (
      -- The latest first arrivals in the top N, newest first: an article's first time there is its
      -- reach at rank ≤ N whose previous reach (if any) was below N (db/schema/front-page-reaches.ts).
      select r.article_id, r.outlet_id, r.reached_at, r.rank from front_page_reaches r
      where r.reached_at >= ${since}::timestamptz and r.reached_at <= ${until}::timestamptz and r.rank <= ${p.top}
        and (r.previous_rank is null or r.previous_rank > ${p.top}) and r.outlet_id in ${idList(outlets.map((o) => o.id))}
      order by r.reached_at desc, r.article_id desc limit ${REACHES_EXAMINED}
    )
    select f.article_id::text, f.outlet_id, f.reached_at, f.rank, m.matched from reached f
    cross join lateral (
      -- Its headlines seen in the window that have the words, by their stored words (no parsing per request).
      select array_agg(hv.id::text) as matched from headline_versions hv, words w
      where hv.article_id = f.article_id and hv.first_seen_at >= ${since}::timestamptz and hv.first_seen_at <= ${until}::timestamptz
        and hv.search_words @@ w.q) m
    where m.matched is not null
    order by f.reached_at desc, f.article_id desc limit ${FEED_ENTRIES}`);
  if (rows.length === 0) return [];
  const headlines = await db.execute<{ id: string; article_id: string; text: string; first_seen_at: string | Date }>(sql`
    select id::text, article_id::text, text, first_seen_at from headline_versions where article_id in ${idList(rows.map((r) => r.article_id))}
    order by article_id, first_seen_at, id`);
  const names = new Map(outlets.map((o) => [o.id, o.name]));
  return rows
    .map((r) => {
      const at = time(r.reached_at)!;
      const versions = headlines.filter((h) => h.article_id === r.article_id);
      const then = [...versions].reverse().find((h) => time(h.first_seen_at)! <= at) ?? versions[0];
      const policy = policies.forOutlet(r.outlet_id);
      return {
        key: `alerta/puesto/${r.article_id}/${at}`,
        at,
        articleId: Number(r.article_id),
        headline: headlineForDisplay(policy, then?.text ?? "(sin titular registrado)"),
        outletName: names.get(r.outlet_id),
        rank: r.rank,
        // The words may be in another version of the headline than the one it had when it got there.
        headlineMatched: then !== undefined && r.matched.includes(then.id),
        kind: "front-page" as const,
      };
    })
    .sort((a, b) => b.at - a.at || b.articleId - a.articleId)
    .slice(0, FEED_ENTRIES);
}

/** Headlines rewritten more than `hours` after their article was published (its declared date, or when we first saw it if earlier). */
export async function loadLateRewrites(
  db: Executor,
  policies: Policies,
  p: { outlets: readonly string[]; hours: number; now: number },
): Promise<(FeedEvent & { hoursAfter: number })[]> {
  const outlets = await alertOutlets(db, policies, p.outlets, () => true);
  if (outlets.length === 0) return [];
  const rows = await db.execute<{
    article_id: string;
    outlet_id: number;
    text: string;
    first_seen_at: string | Date;
    published: string | Date;
    before: string;
  }>(sql`
    with late as (
      -- The headline changes (versions after an article's first) kept by triggers, newest first, late
      -- ones picked from the index alone: it carries when each article was published.
      select c.version_id, c.article_id, c.outlet_id, c.at, c.article_published_at from headline_changes c
      where c.at >= ${new Date(p.now - ALERT_WINDOW_MS).toISOString()}::timestamptz and c.at <= ${new Date(p.now).toISOString()}::timestamptz
        and c.outlet_id in ${idList(outlets.map((o) => o.id))} and c.at > c.article_published_at + ${p.hours} * interval '1 hour'
      order by c.at desc, c.version_id desc limit ${FEED_ENTRIES}
    )
    select l.article_id::text, l.outlet_id, hv.text, l.at as first_seen_at, l.article_published_at as published,
      (select b.text from headline_versions b where b.article_id = l.article_id and b.first_seen_at < l.at
       order by b.first_seen_at desc, b.id desc limit 1) as before
    from late l join headline_versions hv on hv.id = l.version_id
    order by l.at desc, l.version_id desc`);
  const names = new Map(outlets.map((o) => [o.id, o.name]));
  return rows.map((r) => {
    const policy = policies.forOutlet(r.outlet_id);
    const at = time(r.first_seen_at)!;
    return {
      key: `titular/${r.article_id}/${at}`,
      at,
      articleId: Number(r.article_id),
      headline: headlineForDisplay(policy, r.text),
      before: headlineForDisplay(policy, r.before),
      outletName: names.get(r.outlet_id),
      kind: "rewrite" as const,
      hoursAfter: (at - time(r.published)!) / 3_600_000,
    };
  });
}
