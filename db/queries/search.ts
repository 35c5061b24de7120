/**
 * Search over recorded headlines (SPEC WEB-1) with PostgreSQL full-text search in its Spanish
 * configuration, through the GIN index on `to_tsvector('spanish', text)`. Outlets whose
 * headlines may not be quoted, or that are excluded, are not searched at all (PUB-6):
 * a match would reveal the words.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Policies } from "../../lib/policy";
import type { SearchQuery } from "../../lib/pages/search-params";
import type { Executor } from "../client";
import { fromSqlTime } from "../sql-time";

export const RESULTS_PER_PAGE = 20;
/**
 * Matches counted at most (beyond this the page says "más de"): 50 pages of results. Counting
 * is the dear part of a search for a common word (each match is checked against its article's
 * outlet): 10,000 took ~170 ms on the generated year, 1,000 takes a tenth of it.
 */
export const COUNT_CAP = 1_000;

export interface SearchHit {
  articleId: number;
  headline: string;
  firstSeenAt: number;
  section: string | null;
  outletSlug: string;
  outletName: string;
}

export interface SearchResult {
  hits: SearchHit[];
  /** Matches, capped at COUNT_CAP. */
  total: number;
  capped: boolean;
  /** Outlets left out because of their requests, said on the page. */
  outletsNotSearched: number;
}

/** Ids of outlets whose headlines must not be searched. */
function unsearchable(policies: Policies, outletIds: readonly number[]): number[] {
  return outletIds.filter((id) => { const p = policies.forOutlet(id); return p.excluded || !p.headlinesVerbatim; });
}

/** One page of headline versions matching the query, newest first. */
export async function searchHeadlines(db: Executor, policies: Policies, query: SearchQuery): Promise<SearchResult> {
  const outlets = await db.execute<{ id: number; slug: string }>(sql`select id, slug from outlets where active`);
  const hidden = unsearchable(policies, outlets.map((o) => o.id));
  const matches = [
    sql`to_tsvector('spanish', hv.text) @@ websearch_to_tsquery('spanish', ${query.q})`,
    ...(query.from ? [sql`hv.first_seen_at >= (${query.from}::date::timestamp at time zone 'Europe/Madrid')`] : []),
    ...(query.to ? [sql`hv.first_seen_at < ((${query.to}::date + 1)::timestamp at time zone 'Europe/Madrid')`] : []),
  ];
  const conditions = [
    ...(hidden.length > 0 ? [sql`a.outlet_id not in (${sql.join(hidden.map((id) => sql`${id}`), sql`, `)})`] : []),
    ...(query.section ? [sql`lower(a.section) = lower(${query.section})`] : []),
  ];
  const joins = sql`join articles a on a.id = hv.article_id join outlets o on o.id = a.outlet_id and o.active`;
  let from = sql`from headline_versions hv ${joins}`;
  let where = sql.join([...matches, ...conditions, sql`true`], sql` and `);
  if (query.outlet !== undefined) {
    // Narrowed to one outlet, its matches come from the index holding the outlet beside the words
    // (migration 0009), taken first (materialised): left to itself, the planner walks every
    // outlet's headlines newest first, computing each one's words (~350 ms for a common word).
    const outletId = outlets.find((o) => o.slug === query.outlet)?.id ?? -1;
    from = sql`from (select hv.id, hv.article_id, hv.text, hv.first_seen_at from headline_versions hv
      where hv.outlet_id = ${outletId} and ${sql.join(matches, sql` and `)} offset 0) hv ${joins}`;
    where = sql.join([...conditions, sql`true`], sql` and `);
  }
  const [rows, counted] = await Promise.all([
    db.execute<{ article_id: number; text: string; first_seen_at: string; section: string | null; slug: string; name: string }>(sql`
      select hv.article_id, hv.text, hv.first_seen_at, a.section, o.slug, o.name ${from} where ${where}
      order by hv.first_seen_at desc, hv.id desc
      limit ${RESULTS_PER_PAGE} offset ${(query.page - 1) * RESULTS_PER_PAGE}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 ${from} where ${where} limit ${COUNT_CAP + 1}) m`),
  ]);
  const total = Math.min(counted[0]?.n ?? 0, COUNT_CAP);
  return {
    hits: rows.map((r) => ({
      articleId: Number(r.article_id), headline: r.text, firstSeenAt: fromSqlTime(r.first_seen_at)!, section: r.section,
      outletSlug: r.slug, outletName: r.name,
    })),
    total, capped: (counted[0]?.n ?? 0) > COUNT_CAP, outletsNotSearched: hidden.length,
  };
}

/** The outlets a reader may filter by (visible ones), by name. */
export async function searchableOutlets(db: Executor, policies: Policies): Promise<{ slug: string; name: string }[]> {
  const rows = await db.execute<{ id: number; slug: string; name: string }>(sql`select id, slug, name from outlets where active order by name`);
  return rows.filter((r) => !policies.forOutlet(r.id).excluded).map(({ slug, name }) => ({ slug, name }));
}
