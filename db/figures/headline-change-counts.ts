/**
 * The stored counts of headline tests and rewrites per article (versioned_articles.tests and rewrites), which the
 * outlet page sums over a period instead of reading every version of a year of articles (db/figures/headline-changes.ts).
 * The worker counts a batch of articles at a time (crawler/derive/count-headline-changes.ts): articles first seen
 * COUNT_SETTLED_MS ago or more, none of whose versions was seen in the last COUNT_QUIET_MS (an article still on a
 * front page would have its counts cleared at its next sighting). A count is stored only for the generation it was
 * computed from: a version changed meanwhile bumps the generation (trigger of migration versioned_articles_counts)
 * and the count is dropped; rows a writer holds are skipped and counted in a later batch. Finding the articles left to
 * count reads versioned_articles in key order: about 10 ms a round once the generated year's 140 k are counted.
 */
import { sql } from "drizzle-orm";
import { countHeadlineChanges } from "../../lib/analysis/ab-tests";
import type { Executor } from "../client";
import { sqlTime } from "../sql-time";
import { VERSION_COLUMNS, versionsByArticle } from "./headline-changes";

/** Articles first seen less than this long ago are counted by the pages themselves. */
export const COUNT_SETTLED_MS = 86_400_000;
/** An article whose versions were seen this recently is left for later. */
export const COUNT_QUIET_MS = 3_600_000;

/** Articles counted per statement. */
export const COUNT_BATCH = 1000;

const pgArray = (values: readonly (number | string)[]) => `{${values.join(",")}}`;

/** Counts and stores up to COUNT_BATCH articles' tests and rewrites; returns how many it read (fewer: none left). */
export async function storeHeadlineChangeCounts(db: Executor, { now }: { now: number }): Promise<{ read: number; stored: number }> {
  const rows = await db.execute<{ generation: number } & Parameters<typeof versionsByArticle>[0][number]>(sql`
    select v.outlet_id, v.article_id, v.generation, ${VERSION_COLUMNS}
    from (
      select c.article_id, c.outlet_id, c.generation from versioned_articles c
      where c.tests is null and c.article_seen_at < ${sqlTime(now - COUNT_SETTLED_MS)}::timestamptz
        and not exists (select 1 from headline_versions q where q.article_id = c.article_id and q.last_seen_at > ${sqlTime(now - COUNT_QUIET_MS)}::timestamptz)
      order by c.article_id limit ${COUNT_BATCH}) v
    join headline_versions hv on hv.article_id = v.article_id`);
  const generation = new Map(rows.map((r) => [String(r.article_id), r.generation]));
  const ids: string[] = [];
  const generations: number[] = [];
  const tests: number[] = [];
  const rewrites: number[] = [];
  for (const [id, { versions }] of versionsByArticle(rows)) {
    const counts = countHeadlineChanges(versions);
    ids.push(id);
    generations.push(generation.get(id)!);
    tests.push(counts.tests);
    rewrites.push(counts.rewrites);
  }
  if (ids.length === 0) return { read: 0, stored: 0 };
  const stored = await db.execute<{ article_id: string }>(sql`
    with x as (
      select * from unnest(${pgArray(ids)}::bigint[], ${pgArray(generations)}::int[], ${pgArray(tests)}::smallint[], ${pgArray(rewrites)}::smallint[])
        as x(article_id, generation, tests, rewrites)),
    held as (
      select v.article_id from versioned_articles v join x on x.article_id = v.article_id and x.generation = v.generation
      order by v.article_id for update of v skip locked)
    update versioned_articles v set tests = x.tests, rewrites = x.rewrites
    from x join held on held.article_id = x.article_id
    where v.article_id = x.article_id and v.generation = x.generation
    returning v.article_id`);
  return { read: ids.length, stored: stored.length };
}

/**
 * Counts settled articles not counted yet, batch after batch until none is left, `maxBatches` are done or `signal`
 * aborts: the worker's round (a bounded number), or all of them at once (a generated history, a bench's year).
 * Returns how many articles' counts it stored.
 */
export async function storeSettledHeadlineChangeCounts(
  db: Executor,
  { now, maxBatches = Infinity, signal }: { now: () => number; maxBatches?: number; signal?: AbortSignal },
): Promise<number> {
  let stored = 0;
  for (let i = 0; i < maxBatches && !signal?.aborted; i++) {
    const done = await storeHeadlineChangeCounts(db, { now: now() });
    stored += done.stored;
    if (done.read < COUNT_BATCH) break;
  }
  return stored;
}
