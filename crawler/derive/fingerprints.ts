/**
 * Story fingerprints at record time (SPEC DER-2, STO-2, STO-3): the headline and, when the
 * source gave one, the lede are turned into token hashes in memory; only the hashes are
 * written, and the text goes out of scope with the caller's parse result.
 * An article is fingerprinted when first recorded; its first lede (feed or article page)
 * replaces a headline-only fingerprint, so each article costs at most a few signatures.
 * An outlet under «sin anotación de modelo» gets none (PUB-1): story grouping is a model.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";
import { storyFingerprint } from "../../lib/analysis/fingerprint";
import { modelMaySee } from "./model-scope";

/** An article's text as seen now, in memory only. */
export interface FingerprintInput {
  articleId: number;
  headline: string;
  lede?: string;
}

/**
 * Writes the fingerprints of `items` captured at `at`, except those of outlets no model may see. Without a lede, an existing
 * fingerprint is kept; with one, it replaces the stored signature, which goes back to
 * the clustering queue unless the article already belongs to a story (membership stays).
 */
export async function recordFingerprints(db: Executor, p: { at: number; items: FingerprintInput[] }): Promise<void> {
  const rows = p.items.filter((i) => i.headline.trim() !== "" || (i.lede ?? "").trim() !== "");
  if (rows.length === 0) return;
  const at = sqlTime(p.at);
  for (const withLede of [false, true]) {
    const part = rows.filter((r) => (r.lede !== undefined && r.lede.trim() !== "") === withLede);
    if (part.length === 0) continue;
    // Array parameters (ids, where each fingerprint ends, and every fingerprint end to end), cut apart in SQL: one parse, not one literal per row.
    // The ids are unnested (`unnest … with ordinality`), whose row count the planner reads from the array: it joins each to its
    // article by key. With `generate_subscripts` it assumed 1,000 rows and hashed every article instead (3 s a call on a year).
    const fingerprints = part.map((r) => storyFingerprint(r.headline, r.lede).fingerprint);
    const ends: number[] = [];
    fingerprints.reduce((end, f) => (ends.push(end + f.length), end + f.length), 0);
    const values = sql`(select u.article_id, flat[coalesce(ends[u.i - 1], 0) + 1 : ends[u.i]] as token_hashes
      from (select ${`{${part.map((r) => r.articleId).join(",")}}`}::bigint[] as ids, ${`{${ends.join(",")}}`}::int[] as ends,
        ${`{${fingerprints.map((m) => m.join(",")).join(",")}}`}::int[] as flat) p,
        unnest(p.ids) with ordinality as u(article_id, i))`;
    await db.execute(
      withLede
        ? sql`
        insert into story_fingerprints (article_id, token_hashes, captured_at)
        select v.article_id, v.token_hashes, ${at} from ${values} as v
        join articles a on a.id = v.article_id where ${modelMaySee()}
        on conflict (article_id) do update set token_hashes = excluded.token_hashes, captured_at = excluded.captured_at,
          clustered_at = case when (select story_id from articles where id = excluded.article_id) is null then null else story_fingerprints.clustered_at end`
        : sql`
        insert into story_fingerprints (article_id, token_hashes, captured_at)
        select v.article_id, v.token_hashes, ${at} from ${values} as v
        join articles a on a.id = v.article_id where ${modelMaySee()}
        on conflict (article_id) do nothing`,
    );
  }
}
