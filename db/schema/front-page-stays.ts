/**
 * Each article's stay on its outlet's front page (SPEC DER-7, the link half-life): when its first
 * rank span began and when its last one ended, kept by statement-level triggers on rank_spans
 * (migration front_page_stays), so every writer keeps it and a period's half-life reads one row
 * per link instead of looking up each article's spans.
 */
import { bigint, boolean, index, integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { articles } from "./articles";
import { outlets } from "./outlets";

export const frontPageStays = pgTable(
  "front_page_stays",
  {
    // Deleting an article or outlet deletes its spans and so its stay (the triggers and the cascade agree).
    articleId: bigint("article_id", { mode: "number" })
      .primaryKey()
      .references(() => articles.id, { onDelete: "cascade" }),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    /** The start of its first span: when it entered the front page (equal to articles.first_seen_frontpage_at). */
    enteredAt: timestamp("entered_at", { withTimezone: true }).notNull(),
    /** The end of its latest ended span; null when none has ended. */
    leftAt: timestamp("left_at", { withTimezone: true }),
    /** Some span of it is still open: it is on the page now. */
    open: boolean("open").notNull(),
  },
  // The links that entered an outlet's front page in a period, with their stay, from the index alone.
  (t) => [index("front_page_stays_outlet_entered").on(t.outletId, t.enteredAt, t.leftAt, t.open)],
);
