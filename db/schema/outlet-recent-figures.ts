/**
 * Each outlet's recent figures as the worker last computed them (crawler/derive/outlet-recent-figures.ts):
 * the outlet page's default view reads one row instead of ranking a week of captures, judging a week
 * of stories and counting a week of headlines' analysis on every render. Figures, article and story ids only: headlines and story labels are read,
 * under the policy in force, when the page is served (db/figures/outlet-recent-figures.ts).
 */
import { integer, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";
import { outlets } from "./outlets";

/** One row per visible outlet; the front-page figures are null for an outlet whose positions are withheld. */
export const outletRecentFigures = pgTable("outlet_recent_figures", {
  // Deleting an outlet deletes its figures, as it does its captures.
  outletId: integer("outlet_id")
    .primaryKey()
    .references(() => outlets.id, { onDelete: "cascade" }),
  /** The instant the figures describe: each window ends here. */
  computedAt: timestamp("computed_at", { withTimezone: true, mode: "string" }).notNull(),
  /** The front page at the latest capture (`FrontPageNow`, db/figures/outlet-page/front.ts), without headlines; replaced after each new capture. */
  frontNow: jsonb("front_now"),
  /** The last 7 days' time on the front page (`FrontPageTime`, db/figures/outlet-page/front-time.ts), without headlines. */
  frontTime: jsonb("front_time"),
  /** The last 24 hours' position timelines (`TopStoryTimelines`, db/figures/outlet-page/front.ts), without headlines. */
  timelines: jsonb("timelines"),
  /** The last 7 days' agency share of the front page (`AgencyFrontShare`, db/figures/outlet-page/agency-front-share.ts). */
  agencyFront: jsonb("agency_front"),
  /** The last 7 days' silences (`OutletSilences`, db/figures/outlet-page/silences.ts), without story labels. */
  silences: jsonb("silences").notNull(),
  /**
   * The last 7 days' headline features and framing letters (`StoredHeadlineAnalysis`, db/figures/outlet-recent-figures.ts):
   * counts only. Null in a row stored before the column existed: the page then reads them itself.
   */
  headlineAnalysis: jsonb("headline_analysis"),
});
