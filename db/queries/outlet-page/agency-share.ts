/**
 * Agency copy per outlet (SPEC DER-3, WEB-1): of the outlet's articles first seen in a
 * period (by default the last 7 days), how many we could judge (their body was read, or an agency verdict exists)
 * and how many are agency copy, by agency. Verdicts come from the worker's wire-copy step
 * (credit lines, agency bylines, near-identical bodies across outlets). Whole days are read from
 * the daily counts (outlet_day_agency), the partial days at either end from the articles.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import type { Window } from "../../figures/page-sql";
import { periodDays, withinEdges } from "../../figures/period-days";

/** A label and how many articles carry it. */
export interface AgencyCount {
  label: string;
  count: number;
}

/** Agency copy in the period; `analysed` is false while no article could be judged. */
export interface AgencyShare {
  start: number;
  end: number;
  /** Articles first seen in the period. */
  articles: number;
  /**
   * Of those, articles we could judge: body read, or an agency verdict. The share's denominator:
   * pages that reserve text mining or close behind a paywall are left out, as /metodologia says.
   */
  judged: number;
  /** Of the judged, articles whose body we read: the unbiased part of the sample (lib/pages/share-sample.ts). */
  read: number;
  analysed: boolean;
  agencyArticles: number;
  /** By agency, most first; "Agencia sin identificar" for near copies no member credits. */
  agencies: AgencyCount[];
}

/** Share of agency copy among the outlet's articles of the period. */
export async function loadAgencyShare(db: Executor, outletId: number, { start, end: now }: Window): Promise<AgencyShare> {
  const split = periodDays({ start, end: now });
  const days = split.days
    ? sql`
      select nullif(agency, '') as agency, articles as n, judged, read from outlet_day_agency
      where outlet_id = ${outletId} and day >= ${split.days.fromDay}::date and day < ${split.days.toDay}::date
      union all`
    : sql``;
  const rows = await db.execute<{ agency: string | null; n: number; judged: number; read: number }>(sql`
    select agency, sum(n)::int as n, sum(judged)::int as judged, sum(read)::int as read from (${days}
      select agency, 1 as n, (read_outcome = 'open' or agency is not null)::int as judged, (read_outcome = 'open')::int as read
      from articles where outlet_id = ${outletId} and ${withinEdges(sql`first_seen_at`, split)}) r
    group by 1 having sum(n) > 0 order by n desc, agency`);
  const agencies = rows.filter((r) => r.agency !== null).map((r) => ({ label: r.agency!, count: r.n }));
  const agencyArticles = agencies.reduce((n, a) => n + a.count, 0);
  const judged = rows.reduce((n, r) => n + r.judged, 0);
  const read = rows.reduce((n, r) => n + r.read, 0);
  return { start, end: now, articles: rows.reduce((n, r) => n + r.n, 0), judged, read, analysed: judged > 0, agencyArticles, agencies };
}
