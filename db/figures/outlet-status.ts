/**
 * The stored status of every outlet (tables outlet_status and site_volume), written by the worker's
 * housekeeping (crawler/derive/outlet-status.ts) and read by "Estado" and "Cabeceras"
 * (db/queries/site/outlet-status.ts).
 */
import { sql } from "drizzle-orm";
import type { Policies } from "../../lib/policy";
import type { Db, Executor } from "../client";
import { sqlTime } from "../sql-time";
import { countComparison } from "./comparison-figures";
import { countCollection, countVolume } from "./status-figures";
import { refreshWhenDue, storedFiguresAt } from "./stored-refresh";

/** The worker recomputes the figures once they are this old (of its clock). */
export const STATUS_REFRESH_MS = 60_000;
/** Pages read stored figures up to this old; past it (no worker running the chore), they count them themselves. */
export const STATUS_MAX_AGE_MS = 10 * 60_000;

/**
 * Recompute and store every visible outlet's figures and the request volume as of `now`, in one
 * transaction, unless the stored ones are younger than `olderThanMs`; another worker already doing
 * so is left to it. Returns the outlets written.
 */
export async function refreshOutletStatus(db: Db, policies: Policies, now: number, { olderThanMs = 0 } = {}): Promise<number> {
  return refreshWhenDue(db, "outlet_status", policies, { now, olderThanMs }, async (tx, ids) => {
    const annotated = ids.filter((id) => policies.forOutlet(id).modelAnnotations);
    const [collection, comparison, volume] = await Promise.all([
      countCollection(tx, ids, now),
      countComparison(tx, { outletIds: ids, annotated, now }),
      countVolume(tx, now),
    ]);
    const stamp = sqlTime(now);
    await tx.execute(sql`delete from outlet_status`);
    await tx.execute(sql`delete from site_volume`);
    const rows = ids.map((id) => ({ id, collection: collection.get(id), comparison: comparison.get(id) }));
    if (rows.length > 0) {
      await tx.execute(sql`
        insert into outlet_status (outlet_id, computed_at, collection, comparison)
        select x.id, ${stamp}::timestamptz, x.collection, x.comparison
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, collection jsonb, comparison jsonb)`);
    }
    if (volume.length > 0) {
      await tx.execute(sql`
        insert into site_volume (site_domain, computed_at, requests, busiest, busiest_at)
        select x.site, ${stamp}::timestamptz, x."requests", x."busiestHour", to_timestamp(x."busiestHourStart" / 1000.0)
        from jsonb_to_recordset(${JSON.stringify(volume)}::jsonb) as x(site text, "requests" int, "busiestHour" int, "busiestHourStart" float8)`);
    }
    return rows.length;
  });
}

/** When the stored figures were computed, or undefined when none are stored. */
export function storedStatusAt(db: Executor): Promise<number | undefined> {
  return storedFiguresAt(db, "outlet_status");
}
