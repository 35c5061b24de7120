/**
 * The worker's story step (SPEC DER-2, DER-5): loads the fingerprints of the window,
 * places the new ones with the pure `clusterStories`, and stores the result — new
 * `stories` rows, `articles.story_id`, each touched story's dates, outlet count and key
 * terms; stories found to be one are merged into the older. One worker at a time (a transaction-scoped advisory lock; others skip the round),
 * and idempotent: a fingerprint is pending until the round that placed it commits.
 */
import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client";
import { transactionRetryingConflicts } from "../../db/conflict-retry";
import { fromSqlTime, sqlTime } from "../../db/sql-time";
import { DEFAULT_CLUSTER_OPTIONS, type ClusterOptions, type Merge, type Placement } from "../../lib/analysis/cluster";
import { documentFrequency, keyTerms } from "../../lib/analysis/story-terms";
import { modelMaySee } from "./model-scope";
import { placeInWindow } from "./story-window";

/**
 * What the clustering reads: the fingerprints of outlets a model may see (PUB-1), with a lede
 * or without (an item seen only on a front page): titles alone score pairwise F1 0.650 on the
 * labelled real set's held-out split, and on the calibrated simulator (docs/stories.md). A
 * fingerprint recorded before its outlet asked for «sin anotación de modelo» is left out from
 * the moment the request applies, before the worker's purge deletes it (model-scope-purge.ts).
 */
const CLUSTERED = modelMaySee();

/** Advisory lock key of the story step ("stories" in ASCII). */
const LOCK_KEY = 0x73746f72;

/** Insert the new stories of a round; returns new-story key → id. */
async function createStories(tx: Executor, placements: Placement[], now: number): Promise<Map<number, number>> {
  const keys = [...new Set(placements.flatMap((p) => ("newStory" in p ? [p.newStory] : [])))];
  const ids = new Map<number, number>();
  if (keys.length === 0) return ids;
  const rows = await tx.execute<{ id: string | number }>(sql`
    insert into stories (first_seen_at, last_seen_at)
    select ${sqlTime(now)}::timestamptz, ${sqlTime(now)}::timestamptz from generate_series(1, ${keys.length})
    returning id`);
  keys.forEach((key, i) => ids.set(key, Number(rows[i]!.id)));
  return ids;
}

/**
 * Stories found to be part of an older one: their articles move to it, and each keeps its
 * row with `merged_into`, so its page redirects to the survivor (and so does any story that
 * pointed at it) and no list shows it again: lists count a story through its articles.
 */
async function mergeStories(tx: Executor, merges: readonly Merge[]): Promise<void> {
  if (merges.length === 0) return;
  const from = `{${merges.map((m) => m.from).join(",")}}`;
  const into = `{${merges.map((m) => m.into).join(",")}}`;
  await tx.execute(sql`update articles a set story_id = v.into_id
    from unnest(${from}::bigint[], ${into}::bigint[]) as v(from_id, into_id) where a.story_id = v.from_id`);
  await tx.execute(sql`update stories s set merged_into = v.into_id, outlet_count = 0
    from unnest(${from}::bigint[], ${into}::bigint[]) as v(from_id, into_id) where s.id = v.from_id or s.merged_into = v.from_id`);
}

/** Document frequencies of the window's headlines, reused for a while (they drift slowly). */
export interface TermCache {
  at: number;
  window?: ReturnType<typeof documentFrequency>;
}

/** How long a window's document frequencies are reused. */
const TERM_CACHE_MS = 30 * 60_000;

/** Dates, outlet count and key terms of the touched stories, from their members. */
export async function refreshStories(
  tx: Executor,
  p: { storyIds: number[]; windowArticles: number[]; now: number; cache: TermCache },
): Promise<void> {
  const { storyIds, windowArticles, cache } = p;
  if (storyIds.length === 0) return;
  const list = `{${storyIds.join(",")}}`;
  await tx.execute(sql`
    update stories s set first_seen_at = m.first_seen_at, last_seen_at = m.last_seen_at, outlet_count = m.outlets
    from (
      select a.story_id, min(a.first_seen_at) as first_seen_at, greatest(max(a.first_seen_at), max(h.last_seen_at)) as last_seen_at,
        count(distinct a.outlet_id)::int as outlets
      from articles a left join headline_versions h on h.article_id = a.id
      where a.story_id = any(${list}::bigint[]) group by a.story_id
    ) m where s.id = m.story_id`);
  // DER-5: key terms against the headlines of the window (their first version each).
  if (!cache.window || Math.abs(p.now - cache.at) > TERM_CACHE_MS) {
    const texts = await tx.execute<{ text: string }>(sql`
      select distinct on (h.article_id) h.text from headline_versions h
      where h.article_id = any(${`{${windowArticles.join(",")}}`}::bigint[]) order by h.article_id, h.first_seen_at`);
    cache.window = documentFrequency(texts.map((h) => h.text));
    cache.at = p.now;
  }
  const window = cache.window;
  const headlines = await tx.execute<{ article_id: string | number; story_id: string | number | null; text: string }>(sql`
    select distinct on (h.article_id) h.article_id, a.story_id, h.text
    from headline_versions h join articles a on a.id = h.article_id
    where a.story_id = any(${list}::bigint[])
    order by h.article_id, h.first_seen_at`);
  const members = new Map<number, string[]>();
  for (const h of headlines) {
    const id = h.story_id === null ? undefined : Number(h.story_id);
    if (id !== undefined && storyIds.includes(id)) members.set(id, [...(members.get(id) ?? []), h.text]);
  }
  for (const [id, texts] of members) {
    const terms = keyTerms(texts, window);
    await tx.execute(
      sql`update stories set key_terms = ${`{${terms.map((t) => `"${t.replace(/["\\]/g, "")}"`).join(",")}}`}::text[] where id = ${id}`,
    );
  }
}

/**
 * One round of the story step at `now`: returns how many articles it placed (0 when
 * nothing was pending or another worker holds the lock).
 */
export async function clusterPendingStories(db: Db, p: { now: number; options?: ClusterOptions; cache?: TermCache }): Promise<number> {
  const cache = p.cache ?? { at: 0 };
  const options = p.options ?? DEFAULT_CLUSTER_OPTIONS;
  const articleTime = sql`least(coalesce(a.published_at, a.first_seen_at), a.first_seen_at)`;
  // Fingerprints of articles already in a story (pulled in by a match, or placed before a new lede) are done.
  await db.execute(sql`update story_fingerprints f set clustered_at = ${sqlTime(p.now)} from articles a
    where a.id = f.article_id and f.clustered_at is null and a.story_id is not null`);
  const [pending] = await db.execute<{ earliest: string | Date | null }>(sql`
    select min(${articleTime}) as earliest from story_fingerprints f join articles a on a.id = f.article_id
    where f.clustered_at is null and ${CLUSTERED}`);
  const earliest = fromSqlTime(pending?.earliest);
  if (earliest === undefined) return 0;
  return transactionRetryingConflicts(db, async (tx) => {
    const [lock] = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as locked`);
    if (!lock?.locked) return 0;
    // An article's time is when it was published (declared), else first seen: a first crawl
    // records a day of articles at once, and their capture times say nothing about the news.
    // Only the window before the earliest pending article is loaded (retention bounds the rest).
    const {
      placements,
      merges,
      pending: placed,
      window,
    } = await placeInWindow(tx, { where: CLUSTERED, articleTime, from: earliest - options.windowMs, options });
    const created = await createStories(tx, placements, p.now);
    const assigned = placements.map((pl) => ({
      articleId: pl.articleId,
      storyId: "storyId" in pl ? pl.storyId : created.get(pl.newStory)!,
    }));
    if (assigned.length > 0) {
      await tx.execute(sql`
        update articles a set story_id = v.story_id
        from unnest(${`{${assigned.map((x) => x.articleId).join(",")}}`}::bigint[], ${`{${assigned.map((x) => x.storyId).join(",")}}`}::bigint[]) as v(article_id, story_id)
        where a.id = v.article_id and a.story_id is null and ${modelMaySee()}`);
    }
    await tx.execute(
      sql`update story_fingerprints set clustered_at = ${sqlTime(p.now)} where article_id = any(${`{${placed.join(",")}}`}::bigint[])`,
    );
    await mergeStories(tx, merges);
    await refreshStories(tx, {
      storyIds: [...new Set([...assigned.map((x) => x.storyId), ...merges.map((m) => m.into)])],
      windowArticles: window,
      now: p.now,
      cache,
    });
    return assigned.length + merges.length;
  });
}
