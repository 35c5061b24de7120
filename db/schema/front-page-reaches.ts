/**
 * When each article first reached each of its best ranks on its outlet's front page (SPEC WEB-6, the
 * placement alert): one row each time it stood higher than ever before, within the top 10, kept by
 * statement-level triggers on rank spans and captures (migration front_page_reaches), so every writer
 * keeps it and "the articles that first reached the top N lately" is an index scan, not a ranking of
 * every capture of their spans.
 */
import { bigint, index, integer, pgTable, primaryKey, smallint, timestamp } from "drizzle-orm/pg-core";
import { articles } from "./articles";
import { outlets } from "./outlets";

/** The deepest rank kept: the alert offers the top 1 to 10 (lib/pages/alert-params.ts). */
export const REACH_RANKS = 10;

export const frontPageReaches = pgTable(
  "front_page_reaches",
  {
    // Deleting an article or outlet deletes its reaches, as it does its rank spans.
    articleId: bigint("article_id", { mode: "number" })
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    /** A rank it held for the first time and better than any before (ranks fall as time goes on within an article). */
    rank: smallint("rank").notNull(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    /** The first capture at which it stood at that rank. */
    reachedAt: timestamp("reached_at", { withTimezone: true }).notNull(),
    /** Its reach before this one (a lower place), null for its first: this row is its first time in the top N for N in [rank, previousRank). */
    previousRank: smallint("previous_rank"),
  },
  (t) => [
    primaryKey({ name: "front_page_reaches_pkey", columns: [t.articleId, t.rank] }),
    // The latest first arrivals in the top N, newest first, with what the alert filters on, from the index alone.
    index("front_page_reaches_at").on(t.reachedAt, t.outletId, t.rank, t.previousRank, t.articleId),
  ],
);
