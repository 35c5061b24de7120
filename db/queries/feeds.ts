/**
 * What the Atom feeds list (SPEC WEB-6): an outlet's headline rewrites, and a story's new
 * outlets, rewrites and front-page arrivals. Headlines only, as the policy lets us cite
 * them (PUB-6). Reads go through indexes: an outlet's recent articles
 * (articles_outlet_first_seen), a story's articles (articles_story), versions by article.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { headlineForDisplay, type OutletPolicy, type Policies } from "../../lib/policy";
import type { Executor } from "../client";
import { CHANGES_ARTICLE_WINDOW_MS } from "./outlet-page/headlines";
import { notExcluded, outletArticlesSeenBetween, time } from "../figures/page-sql";

/** Entries per feed. */
export const FEED_ENTRIES = 50;

/** One event of a feed: `key` is stable (built from record ids and first-seen instants). */
export interface FeedEvent {
  key: string;
  at: number;
  articleId: number;
  headline: string;
  before?: string;
  outletName?: string;
  kind: "rewrite" | "outlet" | "front-page";
}

/** The key of a headline version, the same in every feed: its article and when it was first seen. */
const versionKey = (articleId: number, firstSeen: number) => `titular/${articleId}/${firstSeen}`;

/** The latest headline rewrites of an outlet's articles first seen in the last 14 days (as its page counts them). */
export async function loadOutletRewrites(db: Executor, outletId: number, policy: OutletPolicy, now: number): Promise<FeedEvent[]> {
  const rows = await db.execute<{ article_id: string | number; text: string; first_seen_at: string | Date; before: string }>(sql`
    select hv.article_id, hv.text, hv.first_seen_at,
      (select p.text from headline_versions p where p.article_id = hv.article_id and p.first_seen_at < hv.first_seen_at
       order by p.first_seen_at desc, p.id desc limit 1) as before
    from headline_versions hv join articles a on a.id = hv.article_id
    where ${outletArticlesSeenBetween("a", outletId, new Date(now - CHANGES_ARTICLE_WINDOW_MS).toISOString(), new Date(now).toISOString())}
      and hv.first_seen_at <= ${new Date(now).toISOString()}::timestamptz
      and exists (select 1 from headline_versions p where p.article_id = hv.article_id and p.first_seen_at < hv.first_seen_at)
    order by hv.first_seen_at desc, hv.id desc limit ${FEED_ENTRIES}`);
  return rows.map((r) => {
    const articleId = Number(r.article_id);
    const at = time(r.first_seen_at)!;
    return {
      key: versionKey(articleId, at),
      at,
      articleId,
      kind: "rewrite",
      headline: headlineForDisplay(policy, r.text),
      before: headlineForDisplay(policy, r.before),
    };
  });
}

/** A story's events, newest first: each outlet's first article, each headline rewrite, each front-page arrival (unless positions are withheld). */
export async function loadStoryEvents(db: Executor, policies: Policies, storyId: number): Promise<FeedEvent[]> {
  const rows = await db.execute<{
    id: string | number;
    outlet_id: number;
    name: string;
    first_seen_at: string | Date;
    first_seen_frontpage_at: string | Date | null;
    versions: { text: string; first_seen_at: string }[];
  }>(sql`
    select a.id, a.outlet_id, o.name, a.first_seen_at, a.first_seen_frontpage_at,
      (select json_agg(json_build_object('text', v.text, 'first_seen_at', v.first_seen_at) order by v.first_seen_at, v.id)
       from headline_versions v where v.article_id = a.id) as versions
    from articles a join outlets o on o.id = a.outlet_id
    where a.story_id = ${storyId} ${notExcluded(sql`a.outlet_id`, policies.excludedOutletIds)}
    order by a.first_seen_at, a.id`);
  const events: FeedEvent[] = [];
  const outletsSeen = new Set<number>();
  for (const r of rows) {
    const policy = policies.forOutlet(r.outlet_id);
    const articleId = Number(r.id);
    const versions = (r.versions ?? []).map((v) => ({ text: headlineForDisplay(policy, v.text), at: time(v.first_seen_at)! }));
    const headlineAt = (at: number) =>
      [...versions].reverse().find((v) => v.at <= at)?.text ?? versions[0]?.text ?? "(sin titular registrado)";
    const firstSeen = time(r.first_seen_at)!;
    if (!outletsSeen.has(r.outlet_id)) {
      outletsSeen.add(r.outlet_id);
      events.push({
        key: `historia/${storyId}/cabecera/${r.outlet_id}`,
        at: firstSeen,
        articleId,
        kind: "outlet",
        outletName: r.name,
        headline: headlineAt(firstSeen),
      });
    }
    versions.slice(1).forEach((v, i) =>
      events.push({
        key: versionKey(articleId, v.at),
        at: v.at,
        articleId,
        kind: "rewrite",
        outletName: r.name,
        headline: v.text,
        before: versions[i]!.text,
      }),
    );
    const front = time(r.first_seen_frontpage_at);
    if (front !== null && policy.positions) {
      events.push({
        key: `portada/${articleId}`,
        at: front,
        articleId,
        kind: "front-page",
        outletName: r.name,
        headline: headlineAt(front),
      });
    }
  }
  return events.sort((x, y) => y.at - x.at || x.key.localeCompare(y.key)).slice(0, FEED_ENTRIES);
}

/** A story's key terms (its name on the site), or undefined when there is no such story. */
export async function loadStoryKeyTerms(db: Executor, storyId: number): Promise<string[] | undefined> {
  const [row] = await db.execute<{ key_terms: string[] }>(sql`select key_terms from stories where id = ${storyId}`);
  return row?.key_terms;
}
