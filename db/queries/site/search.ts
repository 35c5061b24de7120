/**
 * Search over recorded headlines (SPEC WEB-1) with PostgreSQL full-text search in its Spanish
 * configuration, through the GIN index on each version's stored words (`search_words`, that is
 * `to_tsvector('spanish', search_fold(text))`): words match as readers type them, with or without
 * accents, ñ as n (migrations 0011, 0024). Outlets whose headlines may not be quoted, or that are
 * excluded, are not searched at all (PUB-6): a match would reveal the words.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { headlineWords, highlightParts, queryLexemes, type HeadlinePart } from "../../../lib/pages/search-highlight";
import type { Policies } from "../../../lib/policy";
import type { SearchQuery } from "../../../lib/pages/search-params";
import type { Executor } from "../../client";
import { fromSqlTime } from "../../sql-time";
import { intArray } from "../../open-data/sql/api-sql";
import { wordArticlesExceed } from "./attention-words";
import { loadGroupFilter } from "./outlet-groups";
import { sharedReads, type SharedReads } from "./shared-reads";

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
  /** The headline cut into runs, the words the search matched marked. */
  parts: HeadlinePart[];
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
  /** The query had only common words (articles, prepositions…), which the search ignores: nothing was searched. */
  onlyCommonWords: boolean;
  /** Matches per outlet, most first; null when the count was capped (the shares would be wrong). */
  byOutlet: { slug: string; name: string; count: number }[] | null;
}

/** Ids of outlets whose headlines must not be searched. */
function unsearchable(policies: Policies, outletIds: readonly number[]): number[] {
  return outletIds.filter((id) => {
    const p = policies.forOutlet(id);
    return p.excluded || !p.headlinesVerbatim;
  });
}

/** The query as PostgreSQL reads it, folded like the indexed headlines. */
const tsQuery = (q: string) => sql`websearch_to_tsquery('spanish', search_fold(${q}))`;

/** The stems each word stands for, in one round trip. */
async function wordLexemes(db: Executor, words: readonly string[]): Promise<Map<string, string[]>> {
  if (words.length === 0) return new Map();
  const rows = await db.execute<{ w: string; v: string }>(sql`
    select w, to_tsvector('spanish', search_fold(w))::text as v from (values ${sql.join(
      words.map((w) => sql`(${w}::text)`),
      sql`, `,
    )}) x(w)`);
  return new Map(rows.map((r) => [r.w, queryLexemes(r.v)]));
}

/** One page of headline versions matching the query, newest first, with the matched words marked and the matches per outlet. */
export async function searchHeadlines(
  db: Executor,
  policies: Policies,
  query: SearchQuery,
  reads: SharedReads = sharedReads(db),
): Promise<SearchResult> {
  const all = await reads.activeOutlets();
  // A group (docs/outlet-groups.md) narrows the outlets searched to its members, by id.
  const members = await loadGroupFilter(db, policies, query.group, reads);
  const outlets = members === undefined ? all : all.filter((o) => members.ids.includes(o.id));
  const hidden = unsearchable(
    policies,
    outlets.map((o) => o.id),
  );
  const parsed = await reads.searchTerms(query.q);
  if (parsed.nodes === 0) {
    return { hits: [], total: 0, capped: false, outletsNotSearched: hidden.length, onlyCommonWords: true, byOutlet: [] };
  }
  const matches = [
    sql`hv.search_words @@ ${tsQuery(query.q)}`,
    ...(query.from ? [sql`hv.first_seen_at >= (${query.from}::date::timestamp at time zone 'Europe/Madrid')`] : []),
    ...(query.to ? [sql`hv.first_seen_at < ((${query.to}::date + 1)::timestamp at time zone 'Europe/Madrid')`] : []),
  ];
  const conditions = [
    ...(hidden.length > 0
      ? [
          sql`a.outlet_id not in (${sql.join(
            hidden.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ]
      : []),
    ...(query.section ? [sql`lower(a.section) = lower(${query.section})`] : []),
    ...(members !== undefined ? [sql`a.outlet_id = any(${intArray(members.ids)}::int[])`] : []),
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
  // One word over the whole record: when the daily counts already hold more than COUNT_CAP articles with it, the
  // count is capped without walking its matches (a common word: ~50,000 index entries, the dearest statement of
  // the page). The outlets are those the search reads: active, searchable, in the group or the one chosen.
  const searched = outlets
    .filter((o) => !hidden.includes(o.id) && (query.outlet === undefined || o.slug === query.outlet))
    .map((o) => o.id);
  const countMatches = async () =>
    parsed.word !== null &&
    !query.from &&
    !query.to &&
    !query.section &&
    (await wordArticlesExceed(db, { word: parsed.word, ids: searched, cap: COUNT_CAP }))
      ? null
      : db.execute<{ outlet_id: number; n: number }>(sql`
          select outlet_id, count(*)::int as n from (select a.outlet_id ${from} where ${where} limit ${COUNT_CAP + 1}) m group by outlet_id`);
  const [rows, counted] = await Promise.all([
    db.execute<{ article_id: number; text: string; first_seen_at: string; section: string | null; slug: string; name: string }>(sql`
      select hv.article_id, hv.text, hv.first_seen_at, a.section, o.slug, o.name ${from} where ${where}
      order by hv.first_seen_at desc, hv.id desc
      limit ${RESULTS_PER_PAGE} offset ${(query.page - 1) * RESULTS_PER_PAGE}`),
    countMatches(),
  ]);
  const matched = counted === null ? COUNT_CAP + 1 : counted.reduce((sum, r) => sum + r.n, 0);
  const capped = matched > COUNT_CAP;
  const wanted = new Set(queryLexemes(parsed.tree));
  const lexemes = await wordLexemes(db, [...new Set(rows.flatMap((r) => headlineWords(r.text)))]);
  const names = new Map(outlets.map((o) => [o.id, o]));
  return {
    hits: rows.map((r) => ({
      articleId: Number(r.article_id),
      headline: r.text,
      firstSeenAt: fromSqlTime(r.first_seen_at)!,
      section: r.section,
      outletSlug: r.slug,
      outletName: r.name,
      parts: highlightParts(r.text, (w) => (lexemes.get(w) ?? []).some((l) => wanted.has(l))),
    })),
    total: Math.min(matched, COUNT_CAP),
    capped,
    outletsNotSearched: hidden.length,
    onlyCommonWords: false,
    byOutlet:
      counted === null || capped
        ? null
        : counted
            .map((r) => ({ slug: names.get(r.outlet_id)?.slug ?? "", name: names.get(r.outlet_id)?.name ?? "", count: r.n }))
            .sort((x, y) => y.count - x.count || x.name.localeCompare(y.name, "es")),
  };
}

/** The outlets a reader may filter by (visible ones), by name as Spanish orders it. */
export async function searchableOutlets(
  db: Executor,
  policies: Policies,
  reads: SharedReads = sharedReads(db),
): Promise<{ slug: string; name: string }[]> {
  return (await reads.activeOutlets())
    .filter((o) => !policies.forOutlet(o.id).excluded)
    .map(({ slug, name }) => ({ slug, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "es"));
}
