/**
 * The outlets' stored status as "Estado" and "Cabeceras" read it (db/figures/outlet-status.ts writes
 * it). A stored copy is used only while it is fresh, complete and not from a later instant than the
 * reader's clock; otherwise the page counts the figures itself, as it did before the table existed.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import { fromSqlTime } from "../../sql-time";
import { idList } from "../../figures/sql-values";
import { countComparison, type ComparisonFigures } from "../../figures/comparison-figures";
import { STATUS_MAX_AGE_MS } from "../../figures/outlet-status";
import { countCollection, countVolume, type CollectionFigures, type SiteVolume } from "../../figures/status-figures";

/** Figures and the instant they describe. */
export interface Stored<T> {
  computedAt: number;
  byOutlet: Map<number, T>;
}

/**
 * The stored `part` of outlets `outletIds` as of a refresh no older than STATUS_MAX_AGE_MS before
 * `now`, or undefined when any of them has no row of that one refresh.
 */
async function readStored<T>(db: Executor, part: "collection" | "comparison", outletIds: readonly number[], now: number) {
  if (outletIds.length === 0) return undefined;
  const figures = part === "collection" ? sql`collection` : sql`comparison`;
  const rows = await db.execute<{ outlet_id: number; computed_at: string; figures: T }>(
    sql`select outlet_id, computed_at, ${figures} as figures from outlet_status where outlet_id in ${idList(outletIds)}`,
  );
  const times = new Set(rows.map((r) => fromSqlTime(r.computed_at)!));
  const computedAt = times.size === 1 ? [...times][0]! : undefined;
  if (computedAt === undefined || computedAt > now || now - computedAt > STATUS_MAX_AGE_MS) return undefined;
  const byOutlet = new Map(rows.map((r) => [r.outlet_id, r.figures]));
  if (!outletIds.every((id) => byOutlet.has(id))) return undefined;
  return { computedAt, byOutlet } satisfies Stored<T>;
}

/** The stored collection figures of `outletIds` while fresh (the outlet page's status reads its counts so), else undefined. */
export function storedCollection(db: Executor, outletIds: readonly number[], now: number): Promise<Stored<CollectionFigures> | undefined> {
  return readStored<CollectionFigures>(db, "collection", outletIds, now);
}

/** "Estado"'s figures of `outletIds` and the volume: stored when fresh, else counted as of `now`. */
export async function collectionStatus(
  db: Executor,
  outletIds: readonly number[],
  now: number,
): Promise<Stored<CollectionFigures> & { volume: SiteVolume[] }> {
  const stored = await readStored<CollectionFigures>(db, "collection", outletIds, now);
  if (stored) {
    const volume = await db.execute<{ site_domain: string; requests: number; busiest: number; busiest_at: string | null }>(sql`
      select site_domain, requests, busiest, busiest_at from site_volume order by requests desc, site_domain`);
    return {
      ...stored,
      volume: volume.map((v) => ({
        site: v.site_domain,
        requests: v.requests,
        busiestHour: v.busiest,
        busiestHourStart: fromSqlTime(v.busiest_at),
      })),
    };
  }
  const [byOutlet, volume] = await Promise.all([countCollection(db, outletIds, now), countVolume(db, now)]);
  return { computedAt: now, byOutlet, volume };
}

/** "Cabeceras"'s figures of `outletIds`: stored when fresh, else counted as of `now`, framing for `annotated`. */
export async function comparisonStatus(
  db: Executor,
  { outletIds, annotated, now }: { outletIds: readonly number[]; annotated: readonly number[]; now: number },
): Promise<Stored<ComparisonFigures>> {
  const stored = await readStored<ComparisonFigures>(db, "comparison", outletIds, now);
  if (stored) return stored;
  return { computedAt: now, byOutlet: await countComparison(db, { outletIds, annotated, now }) };
}
