/** The `stories` dataset (SPEC WEB-3, DER-2, DER-5): counts over shown outlets only (PUB-6). */
import { pageApiStories, type ApiStoryRow } from "../sql/stories";
import { loadStoryProminence } from "../sql/prominence";
import { publishedProminence } from "../../../lib/analysis/prominence";
import { isoOrNull } from "../sql/api-sql";
import { excludedIds, outletIdOf, policyOf, type ApiContext } from "../context";
import { nextKey, type Dataset, type Record_ } from "./types";

/** Field names, in CSV order. */
export const STORY_FIELDS = ["id", "first_seen_at", "last_seen_at", "key_terms", "outlet_count", "article_count", "prominence"] as const;

/** A story as published; its key terms are our own words (DER-5), its prominence (DER-9) over the outlets whose positions may be shown. */
export function storyRecord(r: ApiStoryRow, prominence: ReadonlyMap<number, number>): Record_ {
  return {
    id: r.id,
    first_seen_at: isoOrNull(r.first_seen_at),
    last_seen_at: isoOrNull(r.last_seen_at),
    key_terms: r.key_terms ?? [],
    outlet_count: r.outlet_count,
    article_count: r.article_count,
    prominence: publishedProminence(prominence.get(r.id) ?? 0),
  };
}

/** DER-9: weighted minutes of the stories, over the outlets whose positions may be shown. */
function prominenceOf(ctx: ApiContext, rows: readonly ApiStoryRow[]): Promise<Map<number, number>> {
  return loadStoryProminence(
    ctx.db,
    rows.map((r) => r.id),
    (outletId) => policyOf(ctx, outletId).positions,
  );
}

/** Stories in id order; filters: outlet (stories it covered), from/to (stories active in the range). */
export const storiesDataset: Dataset = {
  name: "stories",
  fields: STORY_FIELDS,
  params: ["outlet", "group", "from", "to", "limit", "cursor"],
  cursorLength: 1,
  ranged: false,
  async page(ctx, q, after, limit) {
    const rows = await pageApiStories(ctx.db, {
      excluded: excludedIds(ctx),
      outletId: q.outlet === undefined ? undefined : outletIdOf(ctx, q.outlet),
      from: q.from,
      to: q.to,
      afterId: after?.[0],
      limit,
    });
    const prominence = await prominenceOf(ctx, rows);
    return { items: rows.map((r) => storyRecord(r, prominence)), next: nextKey(rows, limit, (r) => [r.id]) };
  },
};

/** One story as published, or undefined (unknown, or none of its articles shown). */
export async function findStory(ctx: ApiContext, id: number): Promise<Record_ | undefined> {
  const [row] = await pageApiStories(ctx.db, { excluded: excludedIds(ctx), id, limit: 1 });
  return row && storyRecord(row, await prominenceOf(ctx, [row]));
}
