/** Derived numeric rows (SPEC STO-2, DER-*): features, framing, fingerprints, body summaries. */
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, real, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { articles } from "./articles";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Headline features keyed by the headline's hash (DER-1). */
export const headlineFeatures = pgTable("headline_features", {
  textHash: text("text_hash").primaryKey(),
  chars: integer("chars").notNull(),
  words: integer("words").notNull(),
  isQuestion: boolean("is_question").notNull(),
  isExclamation: boolean("is_exclamation").notNull(),
  hasQuote: boolean("has_quote").notNull(),
  hasNumber: boolean("has_number").notNull(),
  firstOrSecondPerson: boolean("first_or_second_person").notNull(),
  hasColonOrDash: boolean("has_colon_or_dash").notNull(),
  capitalisedTokens: integer("capitalised_tokens").notNull(),
  clickbaitPatterns: text("clickbait_patterns").array().notNull(),
  language: text("language"),
});

/** Framing letter and score from the local model, keyed by headline hash (DER-4). */
export const framing = pgTable("framing", {
  textHash: text("text_hash").primaryKey(),
  letter: text("letter").notNull(),
  score: real("score").notNull(),
  modelSha256: text("model_sha256").notNull(),
  computedAt: ts("computed_at").notNull(),
});

/**
 * Story fingerprints: deleted 72 h after capture (DER-2, STO-4). `token_hashes` holds a flag
 * (whether a lede was read) and the weighted token hashes of lib/analysis/fingerprint.ts.
 */
export const storyFingerprints = pgTable(
  "story_fingerprints",
  {
    articleId: bigint("article_id", { mode: "number" })
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    tokenHashes: integer("token_hashes").array().notNull(),
    capturedAt: ts("captured_at").notNull(),
    /** When the clustering step placed it (or found no match); null while pending. */
    clusteredAt: ts("clustered_at"),
  },
  (t) => [
    index("story_fingerprints_captured").on(t.capturedAt),
    index("story_fingerprints_pending")
      .on(t.capturedAt)
      .where(sql`${t.clusteredAt} is null`),
  ],
);

/** Numeric summary of an open body (DER-3): a 64-bit SimHash, never the text. */
export const bodySummaries = pgTable(
  "body_summaries",
  {
    articleId: bigint("article_id", { mode: "number" })
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    simhash: bigint("simhash", { mode: "bigint" }).notNull(),
    shingleCount: smallint("shingle_count").notNull(),
    agencyCredit: text("agency_credit"),
    computedAt: ts("computed_at").notNull(),
  },
  (t) => [index("body_summaries_computed").on(t.computedAt)],
);
