/**
 * The last check of each outlet (`npm run outlets -- check`, lib/outlet-check.ts): written by the
 * command for the outlets it finds in the database (by slug), read by the admin's outlets page.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { OutletCheck } from "../lib/outlet-check";
import type { Db } from "./client";
import { outletChecks, outlets } from "./schema";

// The row that lost the conflict, in `on conflict do update`.
const sqlExcluded = (column: string) => sql.raw(`excluded.${column}`);

/** Store each check as its outlet's last one; checks of outlets not in the database are left out. Returns how many were stored. */
export async function saveOutletChecks(db: Db, checks: readonly OutletCheck[]): Promise<number> {
  if (checks.length === 0) return 0;
  const rows = await db
    .select({ id: outlets.id, slug: outlets.slug })
    .from(outlets)
    .where(
      inArray(
        outlets.slug,
        checks.map((c) => c.slug),
      ),
    );
  const idOf = new Map(rows.map((r) => [r.slug, r.id]));
  const values = checks.flatMap((c) => {
    const outletId = idOf.get(c.slug);
    return outletId === undefined ? [] : [{ outletId, checkedAt: new Date(c.checkedAt), result: c }];
  });
  if (values.length === 0) return 0;
  await db
    .insert(outletChecks)
    .values(values)
    .onConflictDoUpdate({ target: outletChecks.outletId, set: { checkedAt: sqlExcluded("checked_at"), result: sqlExcluded("result") } });
  return values.length;
}

/** The last check of every checked outlet, by outlet id. */
export async function readOutletChecks(db: Db): Promise<Map<number, OutletCheck>> {
  const rows = await db.select().from(outletChecks);
  return new Map(rows.map((r) => [r.outletId, r.result as OutletCheck]));
}

/** The last check of one outlet, if it was ever checked. */
export async function readOutletCheck(db: Db, outletId: number): Promise<OutletCheck | undefined> {
  const [row] = await db.select().from(outletChecks).where(eq(outletChecks.outletId, outletId));
  return row ? (row.result as OutletCheck) : undefined;
}
