/**
 * Each article's front-page day (SPEC DER-7, DER-9): per peninsular calendar day, its best rank and
 * the time it spent on its outlet's front page, at rank 1 and in the top 10, kept by the worker as it
 * ranks the captures (crawler/derive/rank-prominence.ts), so that a page over a year reads a row per
 * article and day instead of ranking a year of captures.
 */
import { date, doublePrecision, bigint, index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { articles } from "./articles";
import { outlets } from "./outlets";

export const frontPageDays = pgTable(
  "front_page_days",
  {
    // Deleting an article or outlet (retention, exclusion requests) deletes its days, as it does its rank spans.
    articleId: bigint("article_id", { mode: "number" })
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    /** The peninsular (Europe/Madrid) calendar day. */
    day: date("day", { mode: "string" }).notNull(),
    /** The best rank the article held at any moment of the day. */
    bestRank: integer("best_rank").notNull(),
    /** Seconds of the day on the front page (the page between two captures is the earlier one's). */
    frontSeconds: doublePrecision("front_seconds").notNull().default(0),
    leadSeconds: doublePrecision("lead_seconds").notNull().default(0),
    top10Seconds: doublePrecision("top10_seconds").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "front_page_days_pkey", columns: [t.articleId, t.day] }),
    // Every column a period's front-page time reads, so a year of an outlet's days is an index-only scan (a third
    // faster than reading its rows: docs/benchmarks.md). Those columns change as the day's captures are ranked, so
    // today's updates touch the index too; a front page brings a few a second.
    index("front_page_days_outlet_day").on(t.outletId, t.day, t.articleId, t.bestRank, t.frontSeconds, t.leadSeconds),
  ],
);
