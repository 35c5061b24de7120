/**
 * The story step's window (SPEC DER-2), loaded compactly. The window holds every
 * fingerprint from a day before the earliest pending article on, up to the 72 h that
 * retention keeps (STO-4): tens of thousands of rows for a few hundred outlets, loaded
 * every round. They are read in chunks by article id and each fingerprint's tokens kept as
 * an `Int32Array` (4 bytes a token, 10–40 tokens), so the driver's rows never pile up.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { fromSqlTime, sqlTime } from "../../db/sql-time";
import { clusterStoriesInSlices, type ClusterItem, type ClusterOptions, type Merge, type Placement } from "../../lib/analysis/cluster";
import { fingerprintTokensOfAll, hasLede } from "../../lib/analysis/fingerprint";

/** Rows read per statement. @default 2,000 */
const CHUNK_ROWS = 2_000;

type FingerprintRow = {
  article_id: string | number;
  outlet_id: number;
  at: string | Date;
  token_hashes: number[];
  story_id: string | number | null;
  pending: boolean;
};

/**
 * The cluster items of the fingerprints that pass `where` (given the aliases `f` for
 * story_fingerprints and `a` for articles) and whose `articleTime` is at or after `from`,
 * in article id order.
 */
export async function loadStoryWindow(
  tx: Executor,
  p: { where: SQL; articleTime: SQL; from: number; chunkRows?: number },
): Promise<ClusterItem[]> {
  const chunkRows = p.chunkRows ?? CHUNK_ROWS;
  const items: ClusterItem[] = [];
  let after = 0;
  for (;;) {
    const rows = await tx.execute<FingerprintRow>(sql`
      select f.article_id, a.outlet_id, ${p.articleTime} as at, f.token_hashes, a.story_id,
        f.clustered_at is null as pending
      from story_fingerprints f join articles a on a.id = f.article_id
      where ${p.where} and ${p.articleTime} >= ${sqlTime(p.from)} and f.article_id > ${after}::bigint
      order by f.article_id limit ${chunkRows}`);
    // One block of tokens per chunk, not an Int32Array per article.
    const tokens = fingerprintTokensOfAll(rows.map((r) => r.token_hashes));
    for (const [i, r] of rows.entries()) {
      items.push({
        articleId: Number(r.article_id),
        outletId: r.outlet_id,
        at: fromSqlTime(r.at)!,
        tokens: tokens[i]!,
        storyId: r.story_id === null ? null : Number(r.story_id),
        pending: r.pending,
        withDescription: hasLede(r.token_hashes),
      });
    }
    if (rows.length < chunkRows) return items;
    after = Number(rows[rows.length - 1]!.article_id);
  }
}

/** What a round keeps of its window once the articles are placed: ids only. */
export interface WindowPlacements {
  placements: Placement[];
  merges: Merge[];
  pending: number[];
  window: number[];
}

/**
 * Load the window and place its pending articles; only ids are returned, so the items are
 * let go before the round's writes, which take longer than the placing itself.
 */
export async function placeInWindow(
  tx: Executor,
  p: { where: SQL; articleTime: SQL; from: number; options: ClusterOptions },
): Promise<WindowPlacements> {
  const items = await loadStoryWindow(tx, p);
  // In slices: at thousands of outlets a window takes minutes to place, and the worker's jobs
  // (their timers, sockets and statements) must keep running meanwhile.
  return {
    ...(await clusterStoriesInSlices(items, p.options)),
    pending: items.filter((i) => i.pending).map((i) => i.articleId),
    window: items.map((i) => i.articleId),
  };
}
