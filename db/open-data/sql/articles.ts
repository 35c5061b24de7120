/**
 * Articles for the open-data API (SPEC WEB-3), in keyset order (first_seen_at, id):
 * served by `articles_first_seen` or, for one outlet, `articles_outlet_first_seen`.
 * The current headline is the version seen last.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../client";
import { allOf, epochMicros, intArray, microsToIso, msToIso } from "./api-sql";

/** One article as read. */
export type ApiArticleRow = {
  id: number;
  outlet_id: number;
  url: string;
  published_at: string | null;
  modified_at: string | null;
  first_seen_at: string;
  first_seen_in: string;
  first_seen_feed_at: string | null;
  first_seen_sitemap_at: string | null;
  first_seen_frontpage_at: string | null;
  section: string | null;
  authors: string[];
  is_free: boolean | null;
  agency: string | null;
  story_id: number | null;
  headline: string | null;
  headline_versions: number;
  /** Sort key: first_seen_at in epoch µs. */
  k: number;
};

/** Filters and keyset position of a page of articles. */
export interface ArticlesFilter {
  excluded: readonly number[];
  outletId?: number;
  storyId?: number;
  from?: number;
  to?: number;
  /** Rows after this (first_seen_at µs, id). */
  after?: readonly number[];
  ids?: readonly number[];
  /** Only articles with a headline version matching this search (callers leave out outlets whose headlines are withheld). */
  q?: string;
  limit: number;
}

const columns = sql`
  a.id, a.outlet_id, a.url, a.published_at, a.modified_at, a.first_seen_at, a.first_seen_in::text as first_seen_in,
  a.first_seen_feed_at, a.first_seen_sitemap_at, a.first_seen_frontpage_at, a.section, a.authors, a.is_free, a.agency,
  a.story_id, h.text as headline, coalesce(h.versions, 0)::int as headline_versions, ${epochMicros(sql`a.first_seen_at`)} as k`;

const currentHeadline = sql`
  left join lateral (
    select (array_agg(v.text order by v.last_seen_at desc, v.id desc))[1] as text, count(*) as versions
    from headline_versions v where v.article_id = a.id) h on true`;

function normalise(rows: ApiArticleRow[]): ApiArticleRow[] {
  return rows.map((r) => ({ ...r, id: Number(r.id), story_id: r.story_id === null ? null : Number(r.story_id), k: Number(r.k) }));
}

/** A page of articles after `after`, in (first_seen_at, id) order. */
export async function pageApiArticles(db: Executor, f: ArticlesFilter): Promise<ApiArticleRow[]> {
  const after = f.after;
  const conditions: (SQL | undefined)[] = [
    f.excluded.length ? sql`not (a.outlet_id = any(${intArray(f.excluded)}::int[]))` : undefined,
    f.outletId !== undefined ? sql`a.outlet_id = ${f.outletId}` : undefined,
    f.storyId !== undefined ? sql`a.story_id = ${f.storyId}` : undefined,
    f.from !== undefined ? sql`a.first_seen_at >= ${msToIso(f.from)}` : undefined,
    f.to !== undefined ? sql`a.first_seen_at < ${msToIso(f.to)}` : undefined,
    after ? sql`a.first_seen_at >= ${microsToIso(after[0]!)}` : undefined,
    after ? sql`(a.first_seen_at, a.id) > (${microsToIso(after[0]!)}::timestamptz, ${after[1]!}::bigint)` : undefined,
    f.ids ? sql`a.id = any(${intArray(f.ids)}::bigint[])` : undefined,
    // The matches come from the GIN index on the folded words; versions are never seen before their article.
    f.q !== undefined
      ? sql`a.id in (select v.article_id from headline_versions v
          where v.search_words @@ websearch_to_tsquery('spanish', search_fold(${f.q}))
          ${f.from !== undefined ? sql`and v.first_seen_at >= ${msToIso(f.from)}` : sql``})`
      : undefined,
  ];
  const rows = await db.execute<ApiArticleRow>(sql`
    select ${columns} from articles a ${currentHeadline}
    where ${allOf(conditions)}
    order by a.first_seen_at, a.id
    limit ${f.limit}`);
  return normalise([...rows]);
}

/** One article by id, unless its outlet is excluded. */
export async function findApiArticle(db: Executor, id: number, excluded: readonly number[]): Promise<ApiArticleRow | undefined> {
  const [row] = await pageApiArticles(db, { excluded, ids: [id], limit: 1 });
  return row;
}
