/**
 * Reference for tests: the section mix (SPEC WEB-1) as it was read from rows before the per-day counts
 * (SPEC OPS-8), kept to prove the counts give the same figures: the outlet's articles first seen in the
 * period, grouped by their declared section and whether their body is unread.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../../../db/client";
import { outletArticlesSeenBetween, type Window } from "../../../../db/figures/page-sql";
import { sectionMixOf, type SectionMix } from "../../../../db/queries/outlet-page/mix";

/** Articles per declared section over the period, read from the articles themselves. */
export async function loadSectionMix(db: Executor, outletId: number, { start, end }: Window): Promise<SectionMix> {
  const all = await db.execute<{ section: string | null; unread: boolean; n: number }>(sql`
    select nullif(trim(section), '') as section, (read_at is null) as unread, count(*)::int as n from articles
    where ${outletArticlesSeenBetween("articles", outletId, new Date(start).toISOString(), new Date(end).toISOString())}
    group by 1, 2`);
  return sectionMixOf(all, { start, end });
}
