/**
 * The collection status of each outlet and our request volume per site, as the worker last computed
 * them (crawler/derive/outlet-status.ts), so that "Estado" and "Cabeceras" read a row per outlet
 * instead of counting a week of captures, articles, probes and requests on every render.
 */
import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { outlets } from "./outlets";

/** One row per active outlet; every row of one refresh shares `computed_at`. */
export const outletStatus = pgTable("outlet_status", {
  // Deleting an outlet deletes its figures, as it does its captures.
  outletId: integer("outlet_id")
    .primaryKey()
    .references(() => outlets.id, { onDelete: "cascade" }),
  /** The instant the figures describe: the 7-day window ends here. */
  computedAt: timestamp("computed_at", { withTimezone: true, mode: "string" }).notNull(),
  /** What "Estado" shows of it (db/queries/site/status-figures.ts, `CollectionFigures`): counts, never text. */
  collection: jsonb("collection").notNull(),
  /** What "Cabeceras" shows of it (db/queries/site/comparison-figures.ts, `ComparisonFigures`): counts, never text. */
  comparison: jsonb("comparison").notNull(),
});

/** Our requests per site over the 24 hours before `computed_at` (the proof of our pace on "Estado"). */
export const siteVolume = pgTable("site_volume", {
  siteDomain: text("site_domain").primaryKey(),
  computedAt: timestamp("computed_at", { withTimezone: true, mode: "string" }).notNull(),
  requests: integer("requests").notNull(),
  busiest: integer("busiest").notNull(),
  busiestAt: timestamp("busiest_at", { withTimezone: true, mode: "string" }),
});
