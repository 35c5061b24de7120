/**
 * The record of each deletion of a site's data (SPEC STO-4, PUB-1 "total"): what asked
 * for it, when, and how many rows went. The decision and the request log stay; the data
 * goes. One row per outlet and trigger; a later sweep of stragglers adds to its counts.
 */
import { sql } from "drizzle-orm";
import { bigint, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { outlets } from "./outlets";
import { exclusions } from "./publishers";

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const dataDeletions = pgTable(
  "data_deletions",
  {
    id: serial("id").primaryKey(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id, { onDelete: "cascade" }),
    /** `exclusion`: a total exclusion in force; `robots-block`: robots.txt shuts our token out by name. */
    reason: text("reason").notNull(),
    exclusionId: integer("exclusion_id").references(() => exclusions.id, { onDelete: "set null" }),
    /** The robots.txt version (robots_versions.id) that blocked us, kept as proof. */
    robotsVersionId: integer("robots_version_id"),
    /** When the reason took effect: the exclusion applied, or the blocking robots.txt first read. */
    triggeredAt: ts("triggered_at").notNull(),
    firstDeletedAt: ts("first_deleted_at").notNull(),
    lastDeletedAt: ts("last_deleted_at").notNull(),
    articlesDeleted: bigint("articles_deleted", { mode: "number" }).notNull().default(0),
    /** Rows deleted per table over all sweeps. */
    rowsDeleted: jsonb("rows_deleted")
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    uniqueIndex("data_deletions_trigger").on(
      t.outletId,
      t.reason,
      sql`coalesce(${t.exclusionId}, 0)`,
      sql`coalesce(${t.robotsVersionId}, 0)`,
    ),
  ],
);
