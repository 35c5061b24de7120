/**
 * Each outlet's recent figures, stored (table outlet_recent_figures): the front page at the latest
 * capture, the last 7 days' time on the front page, the last 24 hours' position timelines, the last 7 days' agency share of the front page,
 * the last 7 days' silences, and the last 7 days' headline features and framing letters. Ranking those captures, judging those
 * stories and counting those headlines' analysis is most of what the outlet page's default view costs PostgreSQL
 * (docs/benchmarks.md), so the worker computes them
 * every few minutes (crawler/derive/outlet-recent-figures.ts) with the page's own read models, and the
 * page reads one row. The front page now is replaced as soon as a newer capture is seen, and read only
 * while it is the latest. A chosen period, and stored figures older than RECENT_FIGURES_MAX_AGE_MS (no
 * worker running the chore) or computed under other requests of the outlet, are read per request as before.
 *
 * The row holds figures, article ids and story ids, never a headline: the headlines are read when
 * the page is served, under the policies in force then, and an article deleted since (an exclusion)
 * drops out. A silence keeps the article whose headline labels its story; a label whose article is
 * gone, or may no longer be quoted, is chosen again from the story's members.
 */
import { sql } from "drizzle-orm";
import type { OutletPolicy, Policies } from "../../lib/policy";
import { SILENCES_SHOWN } from "../../lib/analysis/silences";
import type { Db, Executor } from "../client";
import { sqlTime } from "../sql-time";
import { loadAgencyFrontShare, type AgencyFrontShare } from "./outlet-page/agency-front-share";
import { latestHeadlines, loadFrontPageNow, loadTopStoryTimelines, type FrontPageNow, type TopStoryTimelines } from "./outlet-page/front";
import { loadFrontPageTime, type FrontPageTime } from "./outlet-page/front-time";
import { loadOutletSilences, type OutletSilences } from "./outlet-page/silences";
import { loadFramingDistribution, type FramingDistribution } from "./outlet-page/framing";
import { loadHeadlineFeatureCounts, type HeadlineFeatureCounts } from "./headline-feature-shares";
import { loadStoryLabelArticles, loadStoryLabelsOf } from "./stories/story-labels";
import { recentWindow, type Window } from "./page-sql";
import { refreshWhenDue } from "./stored-refresh";
import { FIGURES_WINDOW_MS, TIMELINES_WINDOW_MS } from "./outlet-page/windows";

/** The worker recomputes the figures once they are this old (of its clock). */
export const RECENT_FIGURES_REFRESH_MS = 5 * 60_000;
/** Pages read stored figures up to this old; past it, they compute them themselves. */
export const RECENT_FIGURES_MAX_AGE_MS = 15 * 60_000;

/** The sections as the page shows them; the front-page ones null when the outlet's positions are withheld. */
export interface RecentFigures {
  /** Undefined when a newer capture than the stored one came in: the page reads it itself. */
  frontPageNow: FrontPageNow | null | undefined;
  frontPageTime: FrontPageTime | null;
  timelines: TopStoryTimelines | null;
  agencyFront: AgencyFrontShare | null;
  silences: OutletSilences;
  /** Undefined in a row stored before they were: the page reads them itself. */
  headlineAnalysis: StoredHeadlineAnalysis | undefined;
}

/** The last 7 days' headline features (with their window) and framing letters: counts, no headline. */
export interface StoredHeadlineAnalysis {
  features: HeadlineFeatureCounts & Window;
  framing: FramingDistribution;
}

type WithoutHeadline<T> = Omit<T, "headline">;
type StoredFrontNow = Omit<FrontPageNow, "items"> & { items: WithoutHeadline<FrontPageNow["items"][number]>[] };
type StoredFrontTime = Omit<FrontPageTime, "longest"> & { longest: WithoutHeadline<FrontPageTime["longest"][number]>[] };
type StoredTimelines = Omit<TopStoryTimelines, "series"> & { series: WithoutHeadline<TopStoryTimelines["series"][number]>[] };
/** A silence keeps the article whose headline labels its story, not the headline. */
type StoredSilences = Omit<OutletSilences, "silences"> & {
  silences: (Omit<OutletSilences["silences"][number], "label"> & { labelArticleId?: number })[];
};

/** The latest capture's instant as the read models give it: whole milliseconds, as a JavaScript Date holds them. */
const capturedMs = sql`floor(extract(epoch from max(c.at)) * 1000)::float8`;

/** Headlines are not what the worker may cite for every reader: the page reads them under the policy in force. */
const noHeadlines = <T extends { headline: string }>(rows: readonly T[]): WithoutHeadline<T>[] =>
  rows.map(({ headline: _headline, ...rest }) => rest);

/** One outlet's figures as of `now`, with the page's own read models and windows; headlines and labels dropped. */
async function computeRecentFigures(db: Executor, policies: Policies, outletId: number, now: number) {
  const policy = policies.forOutlet(outletId);
  const figures = recentWindow(now, FIGURES_WINDOW_MS);
  const [frontNow, frontTime, timelines, agencyFront, silences, framing, [features]] = await Promise.all([
    policy.positions ? loadFrontPageNow(db, outletId, policy) : null,
    policy.positions ? loadFrontPageTime(db, outletId, policy, figures) : null,
    policy.positions ? loadTopStoryTimelines(db, outletId, policy, recentWindow(now, TIMELINES_WINDOW_MS)) : null,
    policy.positions ? loadAgencyFrontShare(db, outletId, { now }) : null,
    loadOutletSilences(db, policies, { outletId, now, labelled: 0 }),
    loadFramingDistribution(db, outletId, policy, figures),
    loadHeadlineFeatureCounts(db, [outletId], figures),
  ]);
  // The page labels the first few silences: their labels' articles are chosen now, their headlines read when served.
  const labelArticles = await loadStoryLabelArticles(
    db,
    policies,
    silences.silences.slice(0, SILENCES_SHOWN).map((x) => x.storyId),
  );
  return {
    frontNow: frontNow && ({ ...frontNow, items: noHeadlines(frontNow.items) } satisfies StoredFrontNow),
    frontTime: frontTime && ({ ...frontTime, longest: noHeadlines(frontTime.longest) } satisfies StoredFrontTime),
    timelines: timelines && ({ ...timelines, series: noHeadlines(timelines.series) } satisfies StoredTimelines),
    agencyFront,
    silences: {
      ...silences,
      silences: silences.silences.map(({ label: _label, ...rest }) => ({ ...rest, labelArticleId: labelArticles.get(rest.storyId) })),
    } satisfies StoredSilences,
    headlineAnalysis: { features: { ...features!, ...figures }, framing } satisfies StoredHeadlineAnalysis,
  };
}

/**
 * Recompute and store the figures of every active outlet not excluded in full (PUB-6), as of `now`,
 * unless the stored ones are younger than `olderThanMs`; another worker already doing so is left
 * to it. Returns the outlets written.
 */
export async function refreshOutletRecentFigures(db: Db, policies: Policies, now: number, { olderThanMs = 0 } = {}): Promise<number> {
  return refreshWhenDue(db, "outlet_recent_figures", policies, { now, olderThanMs }, async (tx, visible) => {
    // One outlet after another: the chore shares PostgreSQL with the site and the crawl.
    const rows = [];
    for (const id of visible) rows.push({ id, ...(await computeRecentFigures(tx, policies, id, now)) });
    await tx.execute(sql`delete from outlet_recent_figures`);
    if (rows.length > 0) {
      await tx.execute(sql`
        insert into outlet_recent_figures (outlet_id, computed_at, front_now, front_time, timelines, agency_front, silences, headline_analysis)
        select x.id, ${sqlTime(now)}::timestamptz, x."frontNow", x."frontTime", x.timelines, x."agencyFront", x.silences, x."headlineAnalysis"
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(id int, "frontNow" jsonb, "frontTime" jsonb, timelines jsonb, "agencyFront" jsonb, silences jsonb, "headlineAnalysis" jsonb)`);
    }
    return rows.length;
  });
}

/**
 * Replace the stored front page now of every outlet whose latest successful capture is newer than
 * the stored one (the worker runs this every round: a capture is what changes it). Returns the outlets written.
 */
export async function refreshFrontPagesNow(db: Db, policies: Policies): Promise<number> {
  const due = await db.execute<{ outlet_id: number }>(sql`
    select r.outlet_id from outlet_recent_figures r
    where r.front_now is not null and coalesce((r.front_now ->> 'capturedAt')::float8, 0) <
      (select coalesce(${capturedMs}, 0) from frontpage_captures c where c.outlet_id = r.outlet_id and c.outcome = 'ok')`);
  for (const { outlet_id: id } of due) {
    const policy = policies.forOutlet(id);
    if (!policy.positions || policy.excluded) continue;
    const now = await loadFrontPageNow(db, id, policy);
    const stored: StoredFrontNow = { ...now, items: noHeadlines(now.items) };
    await db.execute(sql`update outlet_recent_figures set front_now = ${JSON.stringify(stored)}::jsonb where outlet_id = ${id}`);
  }
  return due.length;
}

/** Whether a row was computed under the outlet's requests in force now: positions shown, stories grouped. */
function computedUnder(policy: OutletPolicy, row: { front_time: unknown; silences: StoredSilences }): boolean {
  return (
    (row.front_time !== null) === policy.positions &&
    row.silences.positions === policy.positions &&
    row.silences.grouped === policy.modelAnnotations
  );
}

/**
 * The stored figures of `outletId` as the page shows them at `now`, with headlines and story labels
 * under `policies`; undefined when none are stored, they are older than RECENT_FIGURES_MAX_AGE_MS or
 * newer than `now`, or the outlet's requests changed since (the page then computes them itself).
 */
export async function loadStoredRecentFigures(
  db: Executor,
  policies: Policies,
  outletId: number,
  now: number,
): Promise<RecentFigures | undefined> {
  const policy = policies.forOutlet(outletId);
  const [row] = await db.execute<{
    front_now: StoredFrontNow | null;
    latest_capture: number | null;
    front_time: StoredFrontTime | null;
    timelines: StoredTimelines | null;
    agency_front: AgencyFrontShare | null;
    silences: StoredSilences;
    headline_analysis: StoredHeadlineAnalysis | null;
  }>(sql`
    select front_now, front_time, timelines, agency_front, silences, headline_analysis,
      (select ${capturedMs} from frontpage_captures c where c.outlet_id = ${outletId} and c.outcome = 'ok') as latest_capture
    from outlet_recent_figures
    where outlet_id = ${outletId} and computed_at <= ${sqlTime(now)}::timestamptz
      and computed_at > ${sqlTime(now - RECENT_FIGURES_MAX_AGE_MS)}::timestamptz`);
  if (!row || !computedUnder(policy, row)) return undefined;
  const { front_time: frontTime, timelines, silences } = row;
  // The front page now only while no newer capture came in since it was stored.
  const frontNow = row.front_now && row.front_now.capturedAt === row.latest_capture ? row.front_now : undefined;
  const [headlines, labels] = await Promise.all([
    latestHeadlines(db, policy, [
      ...new Set([
        ...(frontNow?.items ?? []).map((r) => r.articleId),
        ...(frontTime?.longest ?? []).map((r) => r.articleId),
        ...(timelines?.series ?? []).map((s) => s.articleId),
      ]),
    ]),
    // As the page labels them: the first few silences, from the articles chosen when they were stored.
    loadStoryLabelsOf(
      db,
      policies,
      new Map(
        silences.silences.slice(0, SILENCES_SHOWN).flatMap((s) => (s.labelArticleId === undefined ? [] : [[s.storyId, s.labelArticleId]])),
      ),
    ),
  ]);
  // An article deleted since the figures were computed (its versions went with it) is left out.
  const withHeadline = <T extends { articleId: number }>(rows: readonly T[]) =>
    rows.flatMap((r) => {
      const headline = headlines.get(r.articleId);
      return headline === undefined ? [] : [{ ...r, headline }];
    });
  return {
    frontPageNow: row.front_now === null ? null : frontNow && { ...frontNow, items: withHeadline(frontNow.items) },
    frontPageTime: frontTime && { ...frontTime, longest: withHeadline(frontTime.longest) },
    timelines: timelines && { ...timelines, series: withHeadline(timelines.series) },
    agencyFront: row.agency_front,
    silences: {
      ...silences,
      silences: silences.silences.map(({ labelArticleId: _article, ...s }) => ({ ...s, label: labels.get(s.storyId) })),
    },
    headlineAnalysis: row.headline_analysis ?? undefined,
  };
}
