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

/**
 * Each article's front-page days summed (SPEC DER-7): its first and last stored day, best rank and time on the front page
 * and at rank 1, kept by statement-level triggers on front_page_days (migration front_page_totals), so that a period
 * holding all of an article's days reads one row for it instead of grouping a row per day: a year of the busiest
 * generated outlet is 20 k articles instead of 35 k days grouped per request.
 */
export const frontPageTotals = pgTable(
  "front_page_totals",
  {
    articleId: bigint("article_id", { mode: "number" })
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    firstDay: date("first_day", { mode: "string" }).notNull(),
    lastDay: date("last_day", { mode: "string" }).notNull(),
    bestRank: integer("best_rank").notNull(),
    frontSeconds: doublePrecision("front_seconds").notNull(),
    leadSeconds: doublePrecision("lead_seconds").notNull(),
  },
  (t) => [
    // The articles whose days all fall in a period, with what it sums, from the index alone; and, by last day, those
    // whose days cross the period's start.
    index("front_page_totals_outlet_days").on(t.outletId, t.firstDay, t.lastDay, t.articleId, t.bestRank, t.frontSeconds, t.leadSeconds),
    index("front_page_totals_outlet_last_day").on(t.outletId, t.lastDay, t.firstDay),
  ],
);
