/** The `articles` dataset (SPEC WEB-3) with every scope applied (PUB-5, PUB-6). */
import { findApiArticle, pageApiArticles, type ApiArticleRow } from "../sql/articles";
import { loadArticleProminence } from "../sql/prominence";
import { publishedProminence } from "../../../lib/analysis/prominence";
import { isoOrNull } from "../sql/api-sql";
import { citeBylines, citeHeadline } from "../../../lib/policy";
import { excludedIds, outletIdOf, policyOf, slugOf, unquotableIds, type ApiContext } from "../context";
import { HEADLINE_TRAIT_FIELDS, loadHeadlineTraits } from "./headline-traits";
import { nextKey, type Dataset, type Record_ } from "./types";

/** Field names, in CSV order. */
export const ARTICLE_FIELDS = [
  "id",
  "outlet",
  "url",
  "headline",
  "headline_withheld",
  "headline_versions",
  "published_at",
  "modified_at",
  "first_seen_at",
  "first_seen_in",
  "first_seen_feed_at",
  "first_seen_sitemap_at",
  "first_seen_frontpage_at",
  "section",
  "authors",
  "is_free",
  "agency",
  "story_id",
  "prominence",
  ...HEADLINE_TRAIT_FIELDS,
] as const;

/**
 * An article as published: headline and URL withheld under "sin titulares literales", front-page
 * times and prominence (`prominence`: its weighted minutes, DER-9) under "sin posición"; then its
 * headline's features, framing letter and A/B flag (headline-traits.ts).
 */
export function articleRecord(
  ctx: ApiContext,
  r: ApiArticleRow,
  prominence: ReadonlyMap<number, number>,
  traits: ReadonlyMap<number, Record_>,
): Record_ {
  const policy = policyOf(ctx, r.outlet_id);
  const headline = r.headline === null ? { text: null, withheld: !policy.headlinesVerbatim } : citeHeadline(policy, r.headline);
  const positions = policy.positions;
  return {
    id: r.id,
    outlet: slugOf(ctx, r.outlet_id),
    // A URL usually spells the headline out, so it is withheld with it.
    url: headline.withheld ? null : r.url,
    headline: headline.text,
    headline_withheld: headline.withheld,
    headline_versions: r.headline_versions,
    published_at: isoOrNull(r.published_at),
    modified_at: isoOrNull(r.modified_at),
    first_seen_at: isoOrNull(r.first_seen_at),
    first_seen_in: !positions && r.first_seen_in === "frontpage" ? null : r.first_seen_in,
    first_seen_feed_at: isoOrNull(r.first_seen_feed_at),
    first_seen_sitemap_at: isoOrNull(r.first_seen_sitemap_at),
    first_seen_frontpage_at: positions ? isoOrNull(r.first_seen_frontpage_at) : null,
    section: r.section,
    authors: citeBylines(r.authors ?? [], ctx.policies.hiddenAuthors),
    is_free: r.is_free,
    agency: r.agency,
    story_id: r.story_id,
    prominence: positions ? publishedProminence(prominence.get(r.id) ?? 0) : null,
    ...traits.get(r.id),
  };
}

/** DER-9: weighted minutes of the rows whose outlet lets positions be shown. */
function prominenceOf(ctx: ApiContext, rows: readonly ApiArticleRow[]): Promise<Map<number, number>> {
  return loadArticleProminence(
    ctx.db,
    rows.filter((r) => policyOf(ctx, r.outlet_id).positions).map((r) => r.id),
  );
}

/** Articles in (first_seen_at, id) order; filters: outlet, story, from/to on first_seen_at. */
export const articlesDataset: Dataset = {
  name: "articles",
  fields: ARTICLE_FIELDS,
  params: ["outlet", "group", "story", "from", "to", "q", "limit", "cursor"],
  cursorLength: 2,
  ranged: true,
  async page(ctx, q, after, limit) {
    const rows = await pageApiArticles(ctx.db, {
      excluded: q.q === undefined ? excludedIds(ctx) : unquotableIds(ctx),
      q: q.q,
      outletId: q.outlet === undefined ? undefined : outletIdOf(ctx, q.outlet),
      storyId: q.story,
      from: q.from,
      to: q.to,
      after,
      limit,
    });
    const [prominence, traits] = await Promise.all([prominenceOf(ctx, rows), loadHeadlineTraits(ctx, rows)]);
    return { items: rows.map((r) => articleRecord(ctx, r, prominence, traits)), next: nextKey(rows, limit, (r) => [r.k, r.id]) };
  },
};

/** One article as published, or undefined (unknown, or its outlet excluded). */
export async function findArticle(ctx: ApiContext, id: number): Promise<Record_ | undefined> {
  const row = await findApiArticle(ctx.db, id, excludedIds(ctx));
  if (!row) return undefined;
  const [prominence, traits] = await Promise.all([prominenceOf(ctx, [row]), loadHeadlineTraits(ctx, [row])]);
  return articleRecord(ctx, row, prominence, traits);
}
