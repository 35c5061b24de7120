/**
 * What outlets published: articles, headline versions and front-page rank spans.
 * Rows that grow with time are change records, not snapshots (docs/architecture.md data model).
 * No body, lede or HTML column exists here or anywhere (SPEC STO-3).
 */
import { sql } from "drizzle-orm";
import {
  customType,
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { outlets } from "./outlets";
import { SEEN_IN } from "../../lib/source-kinds";
import { lastingSpan } from "./rank-span-lasting";
import { unrankedSpan } from "./rank-span-unranked";

const ts = (name: string) => timestamp(name, { withTimezone: true });
/** PostgreSQL's text-search vector, read only by SQL (never mapped to a JS value). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const seenIn = pgEnum("seen_in", SEEN_IN);

/** Story clusters across outlets (DER-2, DER-5); the descriptor is our own key terms. */
export const stories = pgTable(
  "stories",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    firstSeenAt: ts("first_seen_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull(),
    keyTerms: text("key_terms")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    outletCount: integer("outlet_count").notNull().default(1),
    /** Set when the story was found to be part of an older one: its articles moved there, and its page redirects. */
    mergedInto: bigint("merged_into", { mode: "number" }),
  },
  (t) => [index("stories_last_seen").on(t.lastSeenAt)],
);

/** One article of one outlet, identified by its canonical URL (EXT-5). */
export const articles = pgTable(
  "articles",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    publishedAt: ts("published_at"),
    modifiedAt: ts("modified_at"),
    firstSeenAt: ts("first_seen_at").notNull(),
    firstSeenIn: seenIn("first_seen_in").notNull(),
    firstSeenFeedAt: ts("first_seen_feed_at"),
    firstSeenSitemapAt: ts("first_seen_sitemap_at"),
    firstSeenFrontpageAt: ts("first_seen_frontpage_at"),
    section: text("section"),
    authors: text("authors")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isFree: boolean("is_free"),
    tdmReserved: boolean("tdm_reserved"),
    /** Registrable domain of `url` (POL-1), for the read queue's one-job-per-site claims. */
    siteDomain: text("site_domain").notNull(),
    /** SCH-3: the article page is read once; due while `read_at` is null, within the site's daily budget. */
    readDueAt: ts("read_due_at"),
    readLeaseOwner: text("read_lease_owner"),
    readLeaseUntil: ts("read_lease_until"),
    readAt: ts("read_at"),
    readOutcome: text("read_outcome"),
    agency: text("agency"),
    storyId: bigint("story_id", { mode: "number" }).references(() => stories.id, { onDelete: "set null" }),
    /** Prominence (DER-9): the sum of its rank spans' `weighted_minutes`, kept by the same step that adds to them. */
    weightedMinutes: doublePrecision("weighted_minutes").notNull().default(0),
  },
  (t) => [
    uniqueIndex("articles_outlet_url").on(t.outletId, t.url),
    index("articles_outlet_first_seen").on(t.outletId, t.firstSeenAt),
    // The outlet page's delay and section mix over a period (db/queries/outlet-page/delay.ts, mix.ts) read
    // only these columns: an index-only scan of the period's entries, not a heap page per article (a year:
    // ~66 k articles of an outlet on the generated year, 16 k heap pages).
    index("articles_outlet_first_seen_figures").on(t.outletId, t.firstSeenAt, t.publishedAt, t.firstSeenIn, t.readAt, t.section),
    // A story's articles with their id, outlet and first sighting from the index alone (the outlet page's silences read
    // ~8 k of them for a month of stories on the generated year).
    index("articles_story").on(t.storyId, t.outletId, t.firstSeenAt, t.id),
    index("articles_first_seen").on(t.firstSeenAt),
    index("articles_read_due")
      .on(t.readDueAt)
      .where(sql`${t.readAt} is null and ${t.readDueAt} is not null`),
    index("articles_read_leased")
      .on(t.siteDomain, t.readLeaseUntil)
      .where(sql`${t.readLeaseUntil} is not null`),
    // A site's most overdue unread article first (the read claim and `site_schedule`'s wake time, crawler/schedule/claim.ts).
    index("articles_site_read_due")
      .on(t.siteDomain, t.readDueAt)
      .where(sql`${t.readAt} is null and ${t.readDueAt} is not null`),
    // The worker's next wake-up for article reads (crawler/schedule/claim.ts `nextDueAt`).
    index("articles_read_wake")
      .on(sql`greatest(${t.readDueAt}, coalesce(${t.readLeaseUntil}, ${t.readDueAt}))`)
      .where(sql`${t.readAt} is null and ${t.readDueAt} is not null`),
    // Reads per outlet over a period (Estado, BLK-7).
    index("articles_outlet_read")
      .on(t.outletId, t.readAt)
      .where(sql`${t.readAt} is not null`),
  ],
);

/** Each distinct headline of an article, with when and where it was seen (STO-1). */
export const headlineVersions = pgTable(
  "headline_versions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    articleId: bigint("article_id", { mode: "number" })
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    textHash: text("text_hash").notNull(),
    firstSeenAt: ts("first_seen_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull(),
    seenIn: seenIn("seen_in").array().notNull(),
    /**
     * The article's outlet, copied by a trigger on insert (migration 0009) so that every writer
     * gets it: a search narrowed to one outlet reads only that outlet's matches.
     */
    outletId: integer("outlet_id"),
    /**
     * The headline's words as the search reads them, stored and indexed: a search for a common word
     * walks the newest versions and tests each one's stored words, where parsing each headline
     * again cost some 12 µs a version (5–7 ms for the first page of «vivienda» on the generated
     * year, 0.3 ms stored); the placement alert tests its few candidates the same way. PostgreSQL
     * computes it when a row is written: a migration that changes search_fold must recompute it
     * (drop and add the column) as well as rebuild the indexes.
     */
    searchWords: tsvector("search_words").generatedAlwaysAs(sql`to_tsvector('spanish', search_fold(text))`),
  },
  (t) => [
    uniqueIndex("headline_versions_article_hash").on(t.articleId, t.textHash),
    index("headline_versions_first_seen").on(t.firstSeenAt),
    // One outlet's versions in the open-data API's keyset order: without it a page of a quiet outlet walked every
    // outlet's versions since the period's start (75 ms for 101 versions a month back on the generated year; 3 ms with it).
    index("headline_versions_outlet_first_seen").on(t.outletId, t.firstSeenAt, t.id),
    // Derived rows keyed by a headline's hash are found from it, and dropped when the last version goes (STO-4).
    index("headline_versions_text_hash").on(t.textHash),
    // Words as readers type them: search_fold (migrations 0011, 0024) lowers capital accented
    // letters, which PostgreSQL leaves as they are under the C locale, drops the diaeresis
    // and grave accents, and folds ñ and ç into n and c; the Spanish stemmer drops the acute ones.
    index("headline_versions_search").using("gin", t.searchWords),
    // One outlet's matches straight from the index (btree_gin puts the outlet beside the words).
    index("headline_versions_outlet_search").using("gin", t.outletId, t.searchWords),
  ],
);

/**
 * An article's place on a front page while it holds (STO-1): one row per span, not per
 * capture. A span holds while the article keeps its order relative to the others, so a
 * push-down by a new article above does not end it. `position` is an order key: the rank
 * at an instant is 1 + the number of the outlet's spans covering it with a lower
 * position (crawler/record/frontpage.ts explains; db/figures/api/front-pages.ts reads it).
 */
export const rankSpans = pgTable(
  "rank_spans",
  {
    articleId: bigint("article_id", { mode: "number" })
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    position: doublePrecision("position").notNull(),
    fromAt: ts("from_at").notNull(),
    /** The last capture that confirmed the span once it has ended; null while it is open (held at the latest capture). */
    toAt: ts("to_at"),
    /** Browser mode only (EXT-3): layout box at 1280×900. */
    boxX: real("box_x"),
    boxY: real("box_y"),
    boxWidth: real("box_width"),
    boxHeight: real("box_height"),
    aboveFold: boolean("above_fold"),
    /**
     * Prominence (DER-9) stored as the worker ranks the span's captures (crawler/derive/rank-prominence.ts):
     * minutes weighted by rank from the span's start through `rankedThrough` (null: not ranked yet).
     */
    weightedMinutes: doublePrecision("weighted_minutes").notNull().default(0),
    rankedThrough: ts("ranked_through"),
  },
  (t) => [
    // An article is on one outlet's front page, so it starts at most one span per capture.
    primaryKey({ name: "rank_spans_pkey", columns: [t.articleId, t.fromAt] }),
    // The open-data keyset order (outlet, from_at, article_id): ties of a capture are few and
    // sorted after the scan. It also finds the short spans covering a period: those that
    // started at most SHORT_SPAN before it (db/span-overlap.ts).
    index("rank_spans_outlet_from").on(t.outletId, t.fromAt),
    // The other spans, by end (then start, to filter in the index): the open ones (to_at null,
    // last in the index) and the few that lasted longer than SHORT_SPAN. Spans covering a
    // period are the short ones found by their start and these, so no range index is needed
    // (the goal: bytes of spans ≤ 10 % of one row per link per capture).
    index("rank_spans_lasting").on(t.outletId, t.toAt, t.fromAt).where(lastingSpan(t.fromAt, t.toAt)),
    // Each front page's open spans in page order: its lead is the first one, read for every
    // outlet by the home page and Cabeceras (db/queries/site/home-page.ts).
    index("rank_spans_open_position")
      .on(t.outletId, t.position)
      .where(sql`${t.toAt} is null`),
    // The spans whose prominence is not ranked through their end: the open ones (a front page
    // each) and those closed or written since the worker last ranked them.
    index("rank_spans_unranked")
      .on(t.outletId, sql`coalesce(${t.rankedThrough}, ${t.fromAt})`)
      .where(unrankedSpan(t.toAt, t.rankedThrough)),
  ],
);

/** Each front-page capture attempt and its outcome (BLK-7 shares come from here). */
export const frontpageCaptures = pgTable(
  "frontpage_captures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    at: ts("at").notNull(),
    outcome: text("outcome").notNull(),
    linkCount: integer("link_count").notNull().default(0),
    renderMode: text("render_mode").notNull(),
    changed: boolean("changed"),
    /**
     * A `304 Not Modified` answer: the page is the one the previous capture read, so this row
     * confirms that list (its spans run on, its headlines are seen again) and stores nothing else.
     */
    notModified: boolean("not_modified").notNull().default(false),
    /**
     * The article at rank 1 of this capture, set by the worker's prominence step when it ranks the
     * capture (crawler/derive/rank-prominence.ts): the day's leads read it instead of ranking the
     * day's spans per request. Null until then, for a capture with no link, and for captures ranked
     * before this column existed (the day's leads rank those per request). No foreign key: an
     * article's deletion must not scan the captures; a lead whose article is gone is read as none.
     */
    leadArticleId: bigint("lead_article_id", { mode: "number" }),
  },
  (t) => [
    index("frontpage_captures_outlet_at").on(t.outletId, t.at),
    // The failed attempts by time (a few in a hundred): the retention prune and the failed
    // extractions of /metrics find them here instead of reading every successful capture,
    // which are never pruned (npm run bench -- tables).
    index("frontpage_captures_failed_at")
      .on(t.at)
      .where(sql`${t.outcome} <> 'ok'`),
  ],
);
