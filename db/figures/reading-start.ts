/**
 * The start-up rule of the delay figures (SPEC DER-8, WEB-7; stated in
 * lib/pages/enough-data.ts, START_UP_RULE): an article counts only when its declared
 * publication time is at or after the moment we first saw any article of its outlet, so
 * the backlog found when we start reading an outlet is not shown as its delay. One SQL
 * piece for the outlet page, "Estado" and the comparison of outlets.
 */
// Shared with the worker (its status chore: crawler/derive/outlet-status.ts), so not marked server-only.
import { sql, type SQL } from "drizzle-orm";

/** When we started reading outlet `outletId` (SQL, may be a lateral reference): its first article's first sighting (index articles_outlet_first_seen). */
export function readingStartedAt(outletId: SQL): SQL {
  return sql`(select x.first_seen_at from articles x where x.outlet_id = ${outletId} order by x.first_seen_at limit 1)`;
}
