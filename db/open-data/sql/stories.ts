/**
 * Stories (clusters of articles across outlets, DER-2) for the open-data API (SPEC
 * WEB-3), in id order. Counts include only the outlets that may be shown, and a story
 * with no shown article does not exist here (PUB-6).
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../client";
import { allOf, intArray, msToIso } from "./api-sql";

/** One story as read. */
export type ApiStoryRow = {
  id: number;
  first_seen_at: string;
  last_seen_at: string;
  key_terms: string[];
  outlet_count: number;
  article_count: number;
};

/** Filters and keyset position of a page of stories. */
export interface StoriesFilter {
  excluded: readonly number[];
  outletId?: number;
  from?: number;
  to?: number;
  /** Rows after this id. */
  afterId?: number;
  id?: number;
  limit: number;
}

/** A page of stories after `afterId`, in id order. */
export async function pageApiStories(db: Executor, f: StoriesFilter): Promise<ApiStoryRow[]> {
  const shown = f.excluded.length ? sql`and not (a.outlet_id = any(${intArray(f.excluded)}::int[]))` : sql``;
  const conditions: (SQL | undefined)[] = [
    f.id !== undefined ? sql`s.id = ${f.id}` : undefined,
    f.afterId !== undefined ? sql`s.id > ${f.afterId}` : undefined,
    f.from !== undefined ? sql`s.last_seen_at >= ${msToIso(f.from)}` : undefined,
    f.to !== undefined ? sql`s.first_seen_at < ${msToIso(f.to)}` : undefined,
    f.outletId !== undefined ? sql`exists (select 1 from articles o where o.story_id = s.id and o.outlet_id = ${f.outletId})` : undefined,
  ];
  const rows = await db.execute<ApiStoryRow>(sql`
    select s.id, s.first_seen_at, s.last_seen_at, s.key_terms, c.outlet_count, c.article_count
    from stories s
    cross join lateral (
      select count(distinct a.outlet_id)::int as outlet_count, count(*)::int as article_count
      from articles a where a.story_id = s.id ${shown}) c
    where ${allOf(conditions)} and c.article_count > 0
    order by s.id
    limit ${f.limit}`);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
