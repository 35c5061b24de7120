/**
 * Headline versions for the open-data API (SPEC WEB-3), in keyset order (first_seen_at,
 * id) over `headline_versions_first_seen`; for one article, over its unique index.
 * Framing (DER-4) joins by the headline's hash.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../client";
import { allOf, epochMicros, intArray, microsToIso, msToIso } from "./api-sql";

/** One headline version as read. */
export type ApiHeadlineVersionRow = {
  id: number;
  article_id: number;
  outlet_id: number;
  text: string;
  text_hash: string;
  first_seen_at: string;
  last_seen_at: string;
  seen_in: string[] | string;
  framing_letter: string | null;
  framing_score: number | null;
  k: number;
};

/** Filters and keyset position of a page of headline versions. */
export interface HeadlineVersionsFilter {
  excluded: readonly number[];
  outletId?: number;
  articleId?: number;
  from?: number;
  to?: number;
  after?: readonly number[];
  /** Only versions matching this search (callers leave out outlets whose headlines are withheld). */
  q?: string;
  limit: number;
}

/** A page of headline versions after `after`, in (first_seen_at, id) order. */
export async function pageApiHeadlineVersions(db: Executor, f: HeadlineVersionsFilter): Promise<ApiHeadlineVersionRow[]> {
  const after = f.after;
  const conditions: (SQL | undefined)[] = [
    f.excluded.length ? sql`not (a.outlet_id = any(${intArray(f.excluded)}::int[]))` : undefined,
    // The version's own copy of its article's outlet (set on insert) reaches index headline_versions_outlet_first_seen.
    f.outletId !== undefined ? sql`a.outlet_id = ${f.outletId} and v.outlet_id = ${f.outletId}` : undefined,
    f.articleId !== undefined ? sql`v.article_id = ${f.articleId}` : undefined,
    f.from !== undefined ? sql`v.first_seen_at >= ${msToIso(f.from)}` : undefined,
    f.to !== undefined ? sql`v.first_seen_at < ${msToIso(f.to)}` : undefined,
    f.q !== undefined ? sql`v.search_words @@ websearch_to_tsquery('spanish', search_fold(${f.q}))` : undefined,
    after ? sql`v.first_seen_at >= ${microsToIso(after[0]!)}` : undefined,
    after ? sql`(v.first_seen_at, v.id) > (${microsToIso(after[0]!)}::timestamptz, ${after[1]!}::bigint)` : undefined,
  ];
  const rows = await db.execute<ApiHeadlineVersionRow>(sql`
    select v.id, v.article_id, a.outlet_id, v.text, v.text_hash, v.first_seen_at, v.last_seen_at, v.seen_in::text[] as seen_in,
           f.letter as framing_letter, f.score as framing_score, ${epochMicros(sql`v.first_seen_at`)} as k
    from headline_versions v
    join articles a on a.id = v.article_id
    left join framing f on f.text_hash = v.text_hash
    where ${allOf(conditions)}
    order by v.first_seen_at, v.id
    limit ${f.limit}`);
  return rows.map((r) => ({ ...r, id: Number(r.id), article_id: Number(r.article_id), k: Number(r.k) }));
}
