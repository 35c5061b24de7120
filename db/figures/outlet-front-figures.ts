/**
 * Each outlet's recent front-page figures, stored (table outlet_front_figures): the last 7 days'
 * time on the front page, the last 24 hours' position timelines and the last 7 days' agency share
 * of the front page. Ranking those captures is most of what the outlet page's default view costs
 * PostgreSQL (docs/benchmarks.md), so the worker computes them every few minutes
 * (crawler/derive/outlet-front-figures.ts) with the page's own read models, and the page reads one
 * row. A chosen period, and stored figures older than FRONT_FIGURES_MAX_AGE_MS (no worker running
 * the chore), are ranked per request as before.
 *
 * The row holds figures and article ids, never a headline: the headlines are read when the page
 * is served, under the policy in force then, and an article deleted since (an exclusion) drops out.
 */
import { sql } from "drizzle-orm";
import type { OutletPolicy, Policies } from "../../lib/policy";
import type { Db, Executor } from "../client";
import { fromSqlTime, sqlTime } from "../sql-time";
import { loadAgencyFrontShare, type AgencyFrontShare } from "../queries/outlet-page/agency-front-share";
import { latestHeadlines, loadTopStoryTimelines, type TopStoryTimelines } from "../queries/outlet-page/front";
import { loadFrontPageTime, type FrontPageTime } from "../queries/outlet-page/front-time";
import { recentWindow } from "../queries/page-sql";
import { FIGURES_WINDOW_MS, TIMELINES_WINDOW_MS } from "../queries/outlet-page/windows";

/** The worker recomputes the figures once they are this old (of its clock). */
export const FRONT_FIGURES_REFRESH_MS = 5 * 60_000;
/** Pages read stored figures up to this old; past it, they rank the captures themselves. */
export const FRONT_FIGURES_MAX_AGE_MS = 15 * 60_000;

/** The sections as the page shows them. */
export interface FrontFigures {
  frontPageTime: FrontPageTime;
  timelines: TopStoryTimelines;
  agencyFront: AgencyFrontShare;
}

type WithoutHeadline<T> = Omit<T, "headline">;
type StoredFrontTime = Omit<FrontPageTime, "longest"> & { longest: WithoutHeadline<FrontPageTime["longest"][number]>[] };
type StoredTimelines = Omit<TopStoryTimelines, "series"> & { series: WithoutHeadline<TopStoryTimelines["series"][number]>[] };

/** Headlines are not what the worker may cite for every reader: the page reads them under the policy in force. */
const noHeadlines = <T extends { headline: string }>(rows: readonly T[]): WithoutHeadline<T>[] =>
  rows.map(({ headline: _headline, ...rest }) => rest);

/**
 * Compute the figures of one outlet as of `now`, with the page's own read models and windows.
 * The policy only shapes headlines, which are dropped.
 */
async function computeFrontFigures(db: Executor, outletId: number, policy: OutletPolicy, now: number) {
  const [frontTime, timelines, agencyFront] = await Promise.all([
    loadFrontPageTime(db, outletId, policy, recentWindow(now, FIGURES_WINDOW_MS)),
    loadTopStoryTimelines(db, outletId, policy, recentWindow(now, TIMELINES_WINDOW_MS)),
    loadAgencyFrontShare(db, outletId, { now }),
  ]);
  return {
    frontTime: { ...frontTime, longest: noHeadlines(frontTime.longest) } satisfies StoredFrontTime,
    timelines: { ...timelines, series: noHeadlines(timelines.series) } satisfies StoredTimelines,
    agencyFront,
  };
}

/** When the stored figures were computed, or undefined when none are stored. */
async function storedFiguresAt(db: Executor): Promise<number | undefined> {
  const [row] = await db.execute<{ at: string | null }>(sql`select max(computed_at) as at from outlet_front_figures`);
  return fromSqlTime(row?.at);
}

/**
 * Recompute and store the figures of every active outlet whose positions are shown (PUB-6: none are
 * kept for an outlet excluded in full or "sin posición"), as of `now`, unless the stored ones are
 * younger than `olderThanMs`; another worker already doing so is left to it. Returns the outlets written.
 */
export async function refreshOutletFrontFigures(db: Db, policies: Policies, now: number, { olderThanMs = 0 } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext('outlet_front_figures')) as ok`);
    if (!lock?.ok) return 0;
    const at = await storedFiguresAt(tx);
    // A copy from a later instant than `now` (a clock set back) is replaced too.
    if (at !== undefined && at <= now && now - at < olderThanMs) return 0;
    const outlets = await tx.execute<{ id: number }>(sql`select id from outlets where active order by id`);
    const shown = outlets.map((o) => o.id).filter((id) => policies.forOutlet(id).positions && !policies.forOutlet(id).excluded);
    // One outlet after another: the chore shares PostgreSQL with the site and the crawl.
    const rows = [];
    for (const id of shown) rows.push({ id, ...(await computeFrontFigures(tx, id, policies.forOutlet(id), now)) });
    await tx.execute(sql`delete from outlet_front_figures`);
    if (rows.length > 0) {
      await tx.execute(sql`
        insert into outlet_front_figures (outlet_id, computed_at, front_time, timelines, agency_front)
        select x.id, ${sqlTime(now)}::timestamptz, x."frontTime", x.timelines, x."agencyFront"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id int, "frontTime" jsonb, timelines jsonb, "agencyFront" jsonb)`);
    }
    return rows.length;
  });
}

/**
 * The stored figures of `outletId` as the page shows them at `now`, with their headlines under
 * `policy`; undefined when none are stored, or they are older than FRONT_FIGURES_MAX_AGE_MS or
 * newer than `now` (the page then ranks the captures itself).
 */
export async function loadStoredFrontFigures(
  db: Executor,
  outletId: number,
  policy: OutletPolicy,
  now: number,
): Promise<FrontFigures | undefined> {
  const [row] = await db.execute<{
    computed_at: string;
    front_time: StoredFrontTime;
    timelines: StoredTimelines;
    agency_front: AgencyFrontShare;
  }>(sql`
    select computed_at, front_time, timelines, agency_front from outlet_front_figures
    where outlet_id = ${outletId} and computed_at <= ${sqlTime(now)}::timestamptz
      and computed_at > ${sqlTime(now - FRONT_FIGURES_MAX_AGE_MS)}::timestamptz`);
  if (!row) return undefined;
  const { front_time: frontTime, timelines } = row;
  const headlines = await latestHeadlines(db, policy, [
    ...new Set([...frontTime.longest.map((r) => r.articleId), ...timelines.series.map((s) => s.articleId)]),
  ]);
  // An article deleted since the figures were computed (its versions went with it) is left out.
  const withHeadline = <T extends { articleId: number }>(rows: readonly T[]) =>
    rows.flatMap((r) => {
      const headline = headlines.get(r.articleId);
      return headline === undefined ? [] : [{ ...r, headline }];
    });
  return {
    frontPageTime: { ...frontTime, longest: withHeadline(frontTime.longest) },
    timelines: { ...timelines, series: withHeadline(timelines.series) },
    agencyFront: row.agency_front,
  };
}
