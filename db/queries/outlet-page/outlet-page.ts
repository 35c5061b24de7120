/**
 * The read model of an outlet's page ("ficha", SPEC WEB-1): every section as plain data,
 * with the publishers' and authors' requests already applied (PUB-6). Each section has
 * its own file; this one decides which sections the policy lets us read at all.
 */
import "server-only";
import type { Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import { DAY_MS, recentWindow, type Window } from "../../figures/page-sql";
import { FIGURES_WINDOW_MS, TIMELINES_WINDOW_MS } from "../../figures/outlet-page/windows";
import { loadStoredRecentFigures } from "../../figures/outlet-recent-figures";
import { loadFrontPageNow, loadTopStoryTimelines, type FrontPageNow, type TopStoryTimelines } from "../../figures/outlet-page/front";
import { loadFrontPageTime, type FrontPageTime } from "../../figures/outlet-page/front-time";
import { loadHeadlineChanges, type HeadlineChanges } from "./headlines";
import { loadPublicationDelay, type PublicationDelay } from "./delay";
import { loadAgencyFrontShare, type AgencyFrontShare } from "../../figures/outlet-page/agency-front-share";
import { loadAgencyShare, type AgencyShare } from "./agency-share";
import { loadOutletSilences, type OutletSilences } from "../../figures/outlet-page/silences";
import { SILENCES_SHOWN } from "../../../lib/analysis/silences";
import { loadFramingDistribution, type FramingDistribution } from "../../figures/outlet-page/framing";
import { loadSectionMix, type SectionMix } from "./mix";
import { findVisibleOutlet, type VisibleOutlet } from "./outlet";
import { loadHeadlineFeatureCounts, type HeadlineFeatureCounts } from "../../figures/headline-feature-shares";
import { loadPublishedReplies, type PublishedReply } from "./replies";
import { loadOutletSignals, type OutletSignals } from "./signals";
import { loadOutletStatus, type OutletStatus } from "./status";

/** Everything the outlet page shows. Position sections are null under "sin posición". */
export interface OutletPage {
  outlet: VisibleOutlet;
  now: number;
  /** The chosen period the figures cover, clipped to now; undefined: each section's recent window. */
  period?: Window;
  /** The article figures' window: the chosen period, or the last 7 days. */
  figuresWindow: Window;
  frontPage: FrontPageNow | null;
  timelines: TopStoryTimelines | null;
  frontPageTime: FrontPageTime | null;
  headlineChanges: HeadlineChanges;
  delay: PublicationDelay;
  sections: SectionMix;
  agency: AgencyShare;
  /** DER-10: daily agency share of the front page; null under "sin posición". */
  agencyFront: AgencyFrontShare | null;
  /** DER-11: stories most followed outlets carried and this one did not. */
  silences: OutletSilences;
  framing: FramingDistribution;
  /** DER-1 headline features over the period of the other article figures (by default as the worker last stored them: their own window). */
  features: HeadlineFeatureCounts & { start: number; end: number };
  status: OutletStatus;
  signals: OutletSignals;
  replies: PublishedReply[];
}

/** The longest stretch of a chosen period the silences are judged over. */
const SILENCE_MAX_DAYS = 31;

/**
 * The page of outlet `slug` at `now`, or undefined when it is unknown, inactive or under `total`.
 * With a `period` (SPEC WEB-5), every figure of the past covers it, up to `now`; the sections
 * about now (front page, status, signals, replies) stay as of now.
 */
export async function loadOutletPage(
  db: Executor,
  policies: Policies,
  { slug, now, period }: { slug: string; now: number; period?: Window },
): Promise<OutletPage | undefined> {
  const outlet = await findVisibleOutlet(db, policies, slug);
  if (!outlet) return undefined;
  const { id, policy } = outlet;
  const positions = policy.positions;
  const chosen = period ? { start: period.start, end: Math.max(period.start, Math.min(period.end, now)) } : undefined;
  const recent = recentWindow(now, TIMELINES_WINDOW_MS);
  const figures = chosen ?? recentWindow(now, FIGURES_WINDOW_MS);
  // The silences follow the chosen period's last month at most (each story of it is judged against every followed outlet);
  // their caption says the days they cover. The daily agency share of the front page keeps its last 7 days.
  const silenceDays = chosen ? Math.min(SILENCE_MAX_DAYS, (chosen.end - chosen.start) / DAY_MS) : undefined;
  // Over a chosen period the timelines draw the stories the front-page figures rank best: one ranking of the period for both.
  // Without a chosen period, the front page now, the other front-page sections, the silences, the headline features and the framing
  // letters come from the figures the worker keeps (db/figures/outlet-recent-figures.ts), or are read here when it has kept none lately.
  const stored = chosen ? Promise.resolve(undefined) : loadStoredRecentFigures(db, policies, id, now);
  const frontPageTimeRead = positions ? stored.then((s) => s?.frontPageTime ?? loadFrontPageTime(db, id, policy, figures)) : null;
  const [
    frontPage,
    timelines,
    frontPageTime,
    headlineChanges,
    delay,
    sections,
    agency,
    agencyFront,
    silences,
    framing,
    features,
    status,
    signals,
    replies,
  ] = await Promise.all([
    positions ? stored.then((s) => s?.frontPageNow ?? loadFrontPageNow(db, id, policy)) : null,
    positions
      ? chosen
        ? frontPageTimeRead!.then((time) => loadTopStoryTimelines(db, id, policy, chosen, time.topRanked))
        : stored.then((s) => s?.timelines ?? loadTopStoryTimelines(db, id, policy, recent))
      : null,
    frontPageTimeRead,
    loadHeadlineChanges(db, id, policy, figures),
    loadPublicationDelay(db, id, figures),
    loadSectionMix(db, id, figures),
    loadAgencyShare(db, id, figures),
    positions ? stored.then((s) => s?.agencyFront ?? loadAgencyFrontShare(db, id, { now })) : null,
    stored.then(
      (s) =>
        s?.silences ??
        loadOutletSilences(db, policies, { outletId: id, now: chosen?.end ?? now, days: silenceDays, labelled: SILENCES_SHOWN }),
    ),
    stored.then((s) => s?.headlineAnalysis?.framing ?? loadFramingDistribution(db, id, policy, figures)),
    stored.then(async (s) => s?.headlineAnalysis?.features ?? { ...(await loadHeadlineFeatureCounts(db, [id], figures))[0]!, ...figures }),
    loadOutletStatus(db, id, policy, now),
    loadOutletSignals(db, id),
    loadPublishedReplies(db, id),
  ]);
  return {
    outlet,
    now,
    period: chosen,
    figuresWindow: figures,
    frontPage,
    timelines,
    frontPageTime,
    headlineChanges,
    delay,
    sections,
    agency,
    agencyFront,
    silences,
    framing,
    features,
    status,
    signals,
    replies,
  };
}
