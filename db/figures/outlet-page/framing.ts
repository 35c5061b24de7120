/**
 * The framing letters (DER-4) of the headlines of an outlet's articles first seen in a period, for
 * the outlet page: whole days from the days' stored analysis, the rest from rows (analysis-days.ts).
 * Filled by the analysis; until it has run the page says so instead of showing zeros. Shared with the
 * worker, which keeps the default view's letters with the outlet's recent figures.
 */
import { sql } from "drizzle-orm";
import { frameLabel } from "../../../lib/analysis/framing-letters";
import type { OutletPolicy } from "../../../lib/policy";
import type { Executor } from "../../client";
import { analysisPeriod } from "../analysis-days";
import type { Window } from "../sql-values";

/** A label and how many articles (or headlines) carry it. */
export interface Share {
  label: string;
  count: number;
}

/** Framing letters of the period's headlines; `shown` false under "sin anotación de modelo". */
export type FramingDistribution =
  { shown: false } | { shown: true; start: number; end: number; headlines: number; letters: Share[]; modelSha256: string[] };

/** Framing letters of the headlines of articles first seen in the period. */
export async function loadFramingDistribution(
  db: Executor,
  outletId: number,
  policy: OutletPolicy,
  { start, end }: Window,
): Promise<FramingDistribution> {
  if (!policy.modelAnnotations) return { shown: false };
  // Whole days with no change since the worker computed them from their stored counts, the rest from rows.
  const rows = await db.execute<{ letter: string; n: number; models: string[] }>(sql`
    with ${analysisPeriod([outletId], { start, end })}
    select letter, sum(n)::int as n, array_agg(distinct model) as models from (
      select e->>0 as letter, e->>1 as model, (e->>2)::int as n from clean c cross join lateral jsonb_array_elements(c.framing) e
      union all
      select f.letter, f.model_sha256, count(*)::int
      from uncovered u cross join lateral (
        select f.letter, f.model_sha256 from headline_versions hv join framing f on f.text_hash = hv.text_hash where hv.article_id = u.id offset 0) f
      group by f.letter, f.model_sha256) x
    group by letter order by letter`);
  return {
    shown: true,
    start,
    end,
    headlines: rows.reduce((n, r) => n + r.n, 0),
    letters: rows.map((r) => ({ label: frameLabel(r.letter), count: r.n })),
    modelSha256: [...new Set(rows.flatMap((r) => r.models))].sort(),
  };
}
