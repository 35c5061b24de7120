/**
 * Framing letters per outlet over a period (SPEC DER-4, WEB-2), for comparing outlets on
 * /cabeceras: of the headline versions of the articles first seen in it that the local model
 * framed, how many carry each letter. Driven per outlet by articles_outlet_first_seen, as
 * headline-feature-shares.ts; outlets under "sin anotación de modelo" are left to the caller.
 */
// Shared with the worker (its status chore: crawler/derive/outlet-status.ts), so not marked server-only.
import { sql } from "drizzle-orm";
import type { Executor } from "../client";
import { analysisPeriod } from "./analysis-days";
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
  // Whole days with no change since the worker computed them from their stored counts, the rest from rows.
  const rows = await db.execute<{ outlet_id: number; letter: string; n: number }>(sql`
    with ${analysisPeriod(outletIds, { start, end })}
    select outlet_id, letter, sum(n)::int as n from (
      select c.outlet_id, e->>0 as letter, (e->>2)::int as n from clean c cross join lateral jsonb_array_elements(c.framing) e
      union all
      select u.outlet_id, f.letter, count(*)::int as n
      from uncovered u cross join lateral (
        select f.letter, f.model_sha256 from headline_versions hv join framing f on f.text_hash = hv.text_hash where hv.article_id = u.id offset 0) f
      group by u.outlet_id, f.letter) x
    group by outlet_id, letter`);
  return outletIds.map((outletId) => {
    const mine = rows.filter((r) => r.outlet_id === outletId);
    return { outletId, headlines: mine.reduce((n, r) => n + r.n, 0), letters: Object.fromEntries(mine.map((r) => [r.letter, r.n])) };
  });
}
