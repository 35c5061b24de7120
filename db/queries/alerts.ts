/**
 * What the placement alerts list (lib/pages/alert-params.ts): the articles whose headline has
 * the alert's words and that reached the top N of their front page, when they first did; and
 * the headlines rewritten more than H hours after the article was published. Articles of the
 * last 14 days, headlines as the policy lets us cite them (PUB-6), outlets that withhold
 * positions or literal headlines left out where the alert would reveal them.
 * Reads: words by the (outlet, words) index of headline versions, spans by article, captures
 * by (outlet, at), the spans covering a capture by db/span-overlap.ts; the captures the worker has
 * ranked are skipped for an article whose stored days never reached the top N (front_page_days).
 */
import "server-only";
import { sql } from "drizzle-orm";
import { headlineForDisplay, type Policies } from "../../lib/policy";
import type { Executor } from "../client";
import { spansOverlapping } from "../span-overlap";
import type { FeedEvent } from "./feeds";
import { FEED_ENTRIES } from "./feeds";
import { DAY_MS, idList, time } from "./page-sql";

/** How far back an alert looks: articles first seen in the last 14 days, as the outlet feeds do. */
export const ALERT_WINDOW_MS = 14 * DAY_MS;
/** Matching articles examined per request, newest first (a feed shows 50 entries). */
const MATCHED_ARTICLES = 200;

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
    with matched as materialized (
      select hv.article_id, max(hv.first_seen_at) as last_seen, array_agg(hv.id::text) as version_ids from headline_versions hv
      where hv.outlet_id in ${idList(outlets.map((o) => o.id))} and hv.first_seen_at >= ${since}::timestamptz and hv.first_seen_at <= ${until}::timestamptz
        and to_tsvector('spanish', search_fold(hv.text)) @@ websearch_to_tsquery('spanish', search_fold(${p.q}))
      group by hv.article_id order by last_seen desc limit ${MATCHED_ARTICLES}
    ), reached as (
      select s.article_id, s.outlet_id, c.at, c.rank, m.version_ids
      from matched m join rank_spans s on s.article_id = m.article_id
      cross join lateral (
        -- Where the scan can start: the worker has ranked the span's captures through \`ranked_through\`
        -- and kept each day's best rank (front_page_days), so an article that never stood in the top
        -- \`top\` there needs only its captures since, which the worker has not ranked yet.
        select case when exists (select 1 from front_page_days d where d.article_id = s.article_id and d.best_rank <= ${p.top})
          then s.from_at else coalesce(s.ranked_through, s.from_at) end as scan_from) f
      cross join lateral (
        -- The span's first capture at which fewer than \`top\` spans stood above it: the spans above it
        -- over the stretch scanned are read once, each capture counts those it falls in, and the
        -- first capture in time order that qualifies is the answer.
        select fc.at, 1 + count(o.position)::int as rank
        from frontpage_captures fc
        left join (
          select a.position, a.from_at, a.to_at
          from ${spansOverlapping(sql`s.outlet_id`, sql`f.scan_from`, sql`coalesce(s.to_at, ${until}::timestamptz)`, ["position", "from_at", "to_at"])} a
          where a.position < s.position) o on o.from_at <= fc.at and (o.to_at >= fc.at or o.to_at is null)
        where fc.outlet_id = s.outlet_id and fc.outcome = 'ok' and fc.at >= f.scan_from and fc.at <= coalesce(s.to_at, ${until}::timestamptz)
        group by fc.at
        having count(o.position) < ${p.top}
        order by fc.at limit 1) c
    )
    select distinct on (article_id) article_id::text, outlet_id, at as reached_at, rank, version_ids as matched from reached
    order by article_id, at`);
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
    select hv.article_id::text, a.outlet_id, hv.text, hv.first_seen_at, p.published,
      (select b.text from headline_versions b where b.article_id = hv.article_id and b.first_seen_at < hv.first_seen_at
       order by b.first_seen_at desc, b.id desc limit 1) as before
    from headline_versions hv join articles a on a.id = hv.article_id
    cross join lateral (select least(coalesce(a.published_at, a.first_seen_at), a.first_seen_at) as published) p
    where hv.outlet_id in ${idList(outlets.map((o) => o.id))}
      and hv.first_seen_at >= ${new Date(p.now - ALERT_WINDOW_MS).toISOString()}::timestamptz
      and hv.first_seen_at <= ${new Date(p.now).toISOString()}::timestamptz
      and hv.first_seen_at > p.published + ${p.hours} * interval '1 hour'
      and exists (select 1 from headline_versions b where b.article_id = hv.article_id and b.first_seen_at < hv.first_seen_at)
    order by hv.first_seen_at desc, hv.id desc limit ${FEED_ENTRIES}`);
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
