/**
 * Framing letters per outlet over a period (SPEC DER-4, WEB-2), for comparing outlets on
 * /cabeceras: of the headline versions of the articles first seen in it that the local model
 * framed, how many carry each letter. Driven per outlet by articles_outlet_first_seen, as
 * headline-feature-shares.ts; outlets under "sin anotación de modelo" are left to the caller.
 */
// Shared with the worker (its status chore: crawler/derive/outlet-status.ts), so not marked server-only.
import { sql } from "drizzle-orm";
import type { Executor } from "../client";
import type { Window } from "./sql-values";

/** One outlet's framed headlines and how many carry each letter. */
export interface FramingCounts {
  outletId: number;
  headlines: number;
  letters: Record<string, number>;
}

/** Counts per outlet in `outletIds` over `window`; every outlet asked for is in the answer. */
export async function loadFramingCounts(db: Executor, outletIds: readonly number[], { start, end }: Window): Promise<FramingCounts[]> {
  if (outletIds.length === 0) return [];
  const rows = await db.execute<{ outlet_id: number; letter: string; n: number }>(sql`
    select o.id as outlet_id, f.letter, count(*)::int as n
    from unnest(array[${sql.join(
      outletIds.map((id) => sql`${id}::int`),
      sql`, `,
    )}]) as o(id)
    cross join lateral (
      select fr.letter from articles a join headline_versions hv on hv.article_id = a.id join framing fr on fr.text_hash = hv.text_hash
      where a.outlet_id = o.id and a.first_seen_at >= ${new Date(start).toISOString()}::timestamptz and a.first_seen_at <= ${new Date(end).toISOString()}::timestamptz
    ) f
    group by o.id, f.letter`);
  return outletIds.map((outletId) => {
    const mine = rows.filter((r) => r.outlet_id === outletId);
    return { outletId, headlines: mine.reduce((n, r) => n + r.n, 0), letters: Object.fromEntries(mine.map((r) => [r.letter, r.n])) };
  });
}
