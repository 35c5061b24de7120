/**
 * Attention over time per headline word (SPEC WEB-9): per word the search index keeps, outlet and
 * peninsular day, the articles first seen that day with a headline version holding the word and
 * the prominence-minutes (DER-9) of those articles' rank spans begun that day. Kept by
 * statement-level triggers on articles, headline_versions and rank_spans (migration
 * headline_word_days), so a one-word series over a year reads at most outlets × 366 rows per
 * word instead of every matching article and span. Only the words (stems of headlines already
 * stored) are kept, never a headline.
 */
import { date, doublePrecision, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { outlets } from "./outlets";

export const headlineWordDays = pgTable(
  "headline_word_days",
  {
    /** A lexeme of `to_tsvector('spanish', search_fold(headline))`, what `/buscar` matches one word against. */
    word: text("word").notNull(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** Articles first seen this day with some headline version holding the word. */
    articles: integer("articles").notNull().default(0),
    /** Weighted minutes of the spans begun this day of every article holding the word. */
    minutes: doublePrecision("minutes").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "headline_word_days_pkey", columns: [t.word, t.outletId, t.day] }),
    // A word's period from the index alone: the rows of one word are spread over every day's pages.
    index("headline_word_days_read").on(t.word, t.day, t.outletId, t.articles, t.minutes),
  ],
);
