/**
 * Daily aggregates that pages read instead of scanning a period's rows. Kept by statement-level
 * triggers on the rows they count (migration 0025), so every writer — the recorder, the history
 * generator, a restore, a deletion — keeps them without knowing about them.
 */
import { date, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { outlets } from "./outlets";

/** Articles first seen per outlet and peninsular day: the share's denominator in search's attention series (SPEC WEB-9). */
export const outletDayArticles = pgTable(
  "outlet_day_articles",
  {
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    /** The peninsular (Europe/Madrid) day of the articles' first_seen_at. */
    day: date("day", { mode: "string" }).notNull(),
    articles: integer("articles").notNull(),
  },
  (t) => [primaryKey({ name: "outlet_day_articles_pkey", columns: [t.outletId, t.day] })],
);
