/**
 * Aggregates the outlet page reads over a long period (SPEC OPS-8): capture hours, agency counts
 * and headline changes, kept by statement-level triggers on the rows they summarise (migration
 * outlet_page_aggregates), so that every writer — the recorder, the history generator, a restore,
 * a deletion — keeps them without knowing about them. A year is ~365 rows per outlet.
 */
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { articles, headlineVersions } from "./articles";
import { outlets } from "./outlets";

/** UTC hours with a successful front-page capture, per outlet and UTC day: the silences' "followed outlets" (DER-11). */
export const outletCaptureHours = pgTable(
  "outlet_capture_hours",
  {
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    /** The UTC calendar day. */
    day: date("day", { mode: "string" }).notNull(),
    /** Bit h set: some capture with outcome 'ok' at hour h (0–23, UTC) of the day. */
    hours: integer("hours").notNull(),
  },
  (t) => [primaryKey({ name: "outlet_capture_hours_pkey", columns: [t.outletId, t.day] })],
);

/** Articles first seen per outlet, peninsular day and agency verdict: the agency share (DER-3) of a period. */
export const outletDayAgency = pgTable(
  "outlet_day_agency",
  {
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    /** The peninsular (Europe/Madrid) day of the articles' first_seen_at. */
    day: date("day", { mode: "string" }).notNull(),
    /** The agency credited, '' for none. */
    agency: text("agency").notNull(),
    articles: integer("articles").notNull(),
    /** Of those, body read ('open') or an agency verdict: the share's denominator. */
    judged: integer("judged").notNull(),
    /** Of those, body read. */
    read: integer("read").notNull(),
  },
  (t) => [primaryKey({ name: "outlet_day_agency_pkey", columns: [t.outletId, t.day, t.agency] })],
);

/** Articles first seen per outlet, peninsular day, declared section and whether the body is still unread: the section mix (WEB-1) of a period. */
export const outletDaySections = pgTable(
  "outlet_day_sections",
  {
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    /** The peninsular (Europe/Madrid) day of the articles' first_seen_at. */
    day: date("day", { mode: "string" }).notNull(),
    /** The section declared, trimmed; '' for none. */
    section: text("section").notNull(),
    /** The article's body is not read yet (read_at null): with no section, its page may still declare one. */
    unread: boolean("unread").notNull(),
    articles: integer("articles").notNull(),
  },
  (t) => [primaryKey({ name: "outlet_day_sections_pkey", columns: [t.outletId, t.day, t.section, t.unread] })],
);

/** Every headline version that replaced an earlier one of its article (WEB-1 headline changes), by outlet and time. */
export const headlineChanges = pgTable(
  "headline_changes",
  {
    versionId: bigint("version_id", { mode: "number" })
      .primaryKey()
      .references(() => headlineVersions.id, { onDelete: "cascade" }),
    articleId: bigint("article_id", { mode: "number" })
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    /** The version's first_seen_at: when the change was seen. */
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** Its article's first_seen_at: the page follows the changes of articles first seen up to a week before the period. */
    articleSeenAt: timestamp("article_seen_at", { withTimezone: true }).notNull(),
    /**
     * When its article was published: its declared date, or its first sighting if that came first. The
     * late-rewrite alert (db/queries/alerts.ts) compares the change's time with it from the index alone.
     */
    articlePublishedAt: timestamp("article_published_at", { withTimezone: true }).notNull(),
  },
  // By outlet and time for the page, with what it counts (an index-only scan); by article for the triggers' recount and the
  // cascade from a deleted article.
  (t) => [
    index("headline_changes_outlet_at").on(t.outletId, t.at, t.articleId, t.articleSeenAt),
    index("headline_changes_article").on(t.articleId),
    // The latest changes of every outlet, newest first, with what the late-rewrite alert filters on.
    index("headline_changes_at").on(t.at, t.outletId, t.articlePublishedAt, t.versionId, t.articleId),
  ],
);

/** Articles with more than one headline version (DER-6: the only ones a test or a rewrite can be found in), by outlet and first sighting. */
export const versionedArticles = pgTable(
  "versioned_articles",
  {
    articleId: bigint("article_id", { mode: "number" })
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    /** The article's first_seen_at: the figures cover the articles first seen in a period. */
    articleSeenAt: timestamp("article_seen_at", { withTimezone: true }).notNull(),
    /**
     * The article's A/B tests and rewrites (lib/analysis/ab-tests.ts) as of its versions now, counted by the
     * worker (crawler/derive/count-headline-changes.ts); null until counted, and again whenever a version is
     * added, seen again or removed (trigger of migration 0040), so a stored count is never stale.
     */
    tests: smallint("tests"),
    rewrites: smallint("rewrites"),
    /** Bumped by that trigger at every change of the versions: the worker stores a count only for the generation it read. */
    generation: integer("generation").notNull().default(0),
  },
  (t) => [index("versioned_articles_outlet_seen").on(t.outletId, t.articleSeenAt)],
);

/**
 * The headline analysis of each outlet's day (SPEC DER-1, DER-4): of the headline versions of the articles first seen
 * that peninsular day, the counts the outlet page shows over a period, computed from rows by the worker
 * (crawler/derive/analysis-days.ts) for the days marked in `outletDayAnalysisChanges`. A day is read from here only
 * while no change to it is recorded; otherwise, and before it is first computed, from the rows.
 */
export const outletDayAnalysis = pgTable(
  "outlet_day_analysis",
  {
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    /** The peninsular (Europe/Madrid) day of the articles' first_seen_at. */
    day: date("day", { mode: "string" }).notNull(),
    /** Versions with features whose markers apply (Spanish or unknown language). */
    headlines: integer("headlines").notNull(),
    /** Versions with features in another language: "no aplicable". */
    otherLanguage: integer("other_language").notNull(),
    questions: integer("questions").notNull(),
    quotes: integer("quotes").notNull(),
    numbers: integer("numbers").notNull(),
    clickbait: integer("clickbait").notNull(),
    /** Versions per clickbait formula id, among those the markers apply to: `{"id": n}`. */
    formulas: jsonb("formulas").notNull(),
    /** Framed versions per letter and model: `[[letter, model_sha256, n], …]`. */
    framing: jsonb("framing").notNull(),
  },
  (t) => [primaryKey({ name: "outlet_day_analysis_pkey", columns: [t.outletId, t.day] })],
);

/**
 * Days whose headline analysis changed since the worker last computed them: a row per change, appended by triggers on
 * articles, headline versions, features and framing (migration outlet_day_analysis) with no lock, and deleted by the
 * worker once a computation saw it. A change and its row commit together, so a reader that sees one sees the other.
 */
export const outletDayAnalysisChanges = pgTable(
  "outlet_day_analysis_changes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [index("outlet_day_analysis_changes_day").on(t.outletId, t.day)],
);
