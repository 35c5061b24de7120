/**
 * The kinds of source the crawler polls, written once: the database enums
 * (db/schema/outlets.ts `source_kind`, db/schema/articles.ts `seen_in`), the job's kind, the
 * policy's request kinds and every page that labels a source derive from these lists.
 */

/** What an outlet's source is (SPEC CFG-1): a feed, a news sitemap, its front page, its legal notice. */
export const SOURCE_KINDS = ["feed", "sitemap", "frontpage", "legal"] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** The sources that list articles (feeds and sitemaps), as opposed to a ranked front page. */
export const LISTING_KINDS = ["feed", "sitemap"] as const satisfies readonly SourceKind[];
export type ListingKind = (typeof LISTING_KINDS)[number];

/** Where an article was seen (`seen_in`): a source that lists articles, or the article's own page. */
export const SEEN_IN = [...LISTING_KINDS, "frontpage", "article"] as const;
export type SeenIn = (typeof SEEN_IN)[number];

/** Whatever a job reads: a source, or one article's page. */
export type JobKind = SourceKind | "article";
