/**
 * What the outlet's articles of a period (by default the last 7 days) are made of: declared sections;
 * headline framing (DER-4) is in db/figures/outlet-page/framing.ts, agency copy (DER-3) in agency-share.ts.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import type { Window } from "../../figures/page-sql";
import type { Share } from "../../figures/outlet-page/framing";
import { periodDays, withinEdges } from "../../figures/period-days";

/**
 * Declared sections of the period; the smallest are grouped under "Otras". An article with
 * no section yet that we have not read is left out (`unread`): its page may still declare one.
 */
export interface SectionMix {
  start: number;
  end: number;
  articles: number;
  sections: Share[];
  unread: number;
}

const SECTIONS_SHOWN = 8;
/** Shown for articles whose page declared no section. */
export const NO_SECTION = "Sin sección declarada";

/** Articles per declared section over the period: whole days from the daily counts (outlet_day_sections), the edges from the articles. */
export async function loadSectionMix(db: Executor, outletId: number, window: Window): Promise<SectionMix> {
  const split = periodDays(window);
  const days = split.days
    ? sql`
      select nullif(section, '') as section, unread, articles as n from outlet_day_sections
      where outlet_id = ${outletId} and day >= ${split.days.fromDay}::date and day < ${split.days.toDay}::date
      union all`
    : sql``;
  const all = await db.execute<{ section: string | null; unread: boolean; n: number }>(sql`
    select section, unread, sum(n)::int as n from (${days}
      select nullif(trim(section), '') as section, (read_at is null) as unread, 1 as n
      from articles where outlet_id = ${outletId} and ${withinEdges(sql`first_seen_at`, split)}) s
    group by 1, 2 having sum(n) > 0 order by n desc, section nulls last`);
  return sectionMixOf(all, window);
}

/**
 * The section mix from article counts per stored section (trimmed, null when none) and whether the
 * article is unread: unread articles with no section are left out, the largest sections shown, the
 * rest grouped under "Otras". Shared with the tests' reference read from rows.
 */
export function sectionMixOf(all: readonly { section: string | null; unread: boolean; n: number }[], { start, end }: Window): SectionMix {
  const unread = all.filter((r) => r.section === null && r.unread).reduce((n, r) => n + r.n, 0);
  const counted = new Map<string | null, number>();
  for (const r of all) if (!(r.section === null && r.unread)) counted.set(r.section, (counted.get(r.section) ?? 0) + r.n);
  const rows = [...counted]
    .map(([section, n]) => ({ section, n }))
    .sort((a, b) => b.n - a.n || (a.section ?? "\uffff").localeCompare(b.section ?? "\uffff"));
  const named = rows.filter((r) => r.section !== null);
  const shown = named.slice(0, SECTIONS_SHOWN).map((r) => ({ label: r.section!, count: r.n }));
  const others = named.slice(SECTIONS_SHOWN).reduce((n, r) => n + r.n, 0);
  const none = rows.find((r) => r.section === null)?.n ?? 0;
  return {
    start,
    end,
    articles: rows.reduce((n, r) => n + r.n, 0),
    unread,
    sections: [...shown, ...(others ? [{ label: "Otras", count: others }] : []), ...(none ? [{ label: NO_SECTION, count: none }] : [])],
  };
}
