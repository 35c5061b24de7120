/**
 * Read model of "Estado" (SPEC WEB-1, BLK-2, BLK-7, DER-8, EXT-6): how collection is going, outlet by
 * outlet and source by source, over the last 7 days; our collection lag; and our request
 * volume per site and hour, the public proof of our pace. Outlets under `total` are left out.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { failureShare, HEALTH_WINDOW_MS, overThreshold } from "../../../lib/collection/health";
import type { Policies } from "../../../lib/policy";
import type { SourceKind } from "../../../lib/source-kinds";
import type { Executor } from "../../client";
import { fromSqlTime } from "../../sql-time";
import { loadRobotsStates, originOf } from "../robots-states";
import { collectionStatus } from "./outlet-status";
import type { SiteVolume } from "../../figures/status-figures";

export type { SiteVolume } from "../../figures/status-figures";

export interface SourceStatus {
  kind: SourceKind;
  url: string;
  lastSuccessAt?: number;
  lastFailureAt?: number;
  closedSince?: number;
  pausedUntil?: number;
  dead: boolean;
  /** EXT-6: answered polls in a row whose extraction failed, since this instant. */
  extractionFailedSince?: number;
  extractionFailures: number;
}

export interface OutletStatus {
  id: number;
  slug: string;
  name: string;
  sources: SourceStatus[];
  /** Front-page captures in 7 days and the share that failed (BLK-7). */
  captures: number;
  captureFailureShare: number;
  /** EXT-6: median article links of its successful captures in the period (none: undefined). */
  medianLinks?: number;
  /** EXT-6: the latest failed extraction of any of its sources (front page, feeds, sitemaps). */
  lastExtractionFailureAt?: number;
  noPosition: boolean;
  /** Article reads in 7 days and the share that failed (BLK-7). */
  reads: number;
  readFailureShare: number;
  noBody: boolean;
  /** BLK-2: hourly probes of a closed front page in 7 days, and the share answered. */
  probes: number;
  probesAnswered: number;
  /** "sin posición" asked by the outlet (PUB-1): its front page is not captured at all. */
  positionsWithheld: boolean;
  /** robots.txt of its front-page host (an origin): what it allows us and when we last checked it. */
  robotsHost?: string;
  robotsAccess?: string;
  robotsFetchedAt?: number;
  /** A TDM reservation (TDMRep: file, header or meta) recorded on any of its pages (SIG-1). */
  tdmReserved: boolean;
}

/**
 * Percentiles of a lag, in minutes, over the articles the start-up rule counts (reading-start.ts):
 * `articles` of them; the percentiles are null when there are none.
 */
export interface LagDistribution {
  outletSlug: string;
  outletName: string;
  kind: Exclude<SourceKind, "legal">;
  articles: number;
  p50: number | null;
  p90: number | null;
}

export interface StatusPage {
  now: number;
  since: number;
  outlets: OutletStatus[];
  lag: LagDistribution[];
  volume: SiteVolume[];
}

async function outletRows(db: Executor) {
  return db.execute<{ id: number; slug: string; name: string; homepage: string }>(sql`
    select o.id, o.slug, o.name, o.homepage from outlets o where o.active order by o.name`);
}

async function sourceRows(db: Executor) {
  return db.execute<{
    outlet_id: number;
    kind: SourceStatus["kind"];
    url: string;
    last_success_at: string | null;
    last_failure_at: string | null;
    closed_since: string | null;
    paused_until: string | null;
    dead: boolean;
    extraction_failed_since: string | null;
    extraction_failures: number;
    last_extraction_failure_at: string | null;
  }>(sql`
    select s.outlet_id, s.kind, s.url, s.last_success_at, s.last_failure_at, s.closed_since, s.paused_until, s.dead,
      s.extraction_failed_since, s.extraction_failures, s.last_extraction_failure_at
    from sources s join outlets o on o.id = s.outlet_id and o.active
    where s.active and not s.proposed
    order by s.outlet_id, s.kind, s.url`);
}

/**
 * Everything "Estado" shows, over the 7 days before `now` (volume: the last 24 hours), or before the
 * instant of the stored figures when the worker keeps them fresh (then `now` is that instant).
 */
export async function readStatusPage(db: Executor, policies: Policies, now: number): Promise<StatusPage> {
  const [outlets, sources] = await Promise.all([outletRows(db), sourceRows(db)]);
  const shown = outlets.filter((o) => !policies.forOutlet(o.id).excluded);
  // The counted figures as the worker last stored them (outlet-status.ts), or counted now when none are fresh.
  const figures = await collectionStatus(
    db,
    shown.map((o) => o.id),
    now,
  );
  const visible = shown.map((o) => ({ o, f: figures.byOutlet.get(o.id)! }));
  // The robots.txt of each outlet's front-page host (its home page's when it has no front-page source).
  const frontOrigin = new Map(
    shown.map((o) => {
      const front = sources.find((s) => s.outlet_id === o.id && s.kind === "frontpage");
      return [o.id, originOf(front?.url ?? o.homepage)];
    }),
  );
  const robots = await loadRobotsStates(
    db,
    [...frontOrigin.values()].filter((x): x is string => x !== undefined),
  );
  const robotsOf = (outletId: number) => {
    const origin = frontOrigin.get(outletId);
    return origin === undefined ? undefined : robots.get(origin);
  };
  const visibleIds = new Set(shown.map((o) => o.id));
  const visibleSites = new Set(sources.filter((s) => visibleIds.has(s.outlet_id)).map((s) => new URL(s.url).hostname));
  const lastExtractionFailure = (outletId: number) =>
    Math.max(...sources.filter((s) => s.outlet_id === outletId).map((s) => fromSqlTime(s.last_extraction_failure_at) ?? -Infinity));
  return {
    now: figures.computedAt,
    since: figures.computedAt - HEALTH_WINDOW_MS,
    outlets: visible.map(({ o, f }) => {
      const captures = { attempts: f.captures, failures: f.capturesFailed };
      const reads = { attempts: f.reads, failures: f.readsFailed };
      const captureFailureShare = failureShare(captures) ?? 0;
      const readFailureShare = failureShare(reads) ?? 0;
      return {
        id: o.id,
        slug: o.slug,
        name: o.name,
        sources: sources
          .filter((s) => s.outlet_id === o.id)
          .map((s) => ({
            kind: s.kind,
            url: s.url,
            dead: s.dead,
            lastSuccessAt: fromSqlTime(s.last_success_at),
            lastFailureAt: fromSqlTime(s.last_failure_at),
            closedSince: fromSqlTime(s.closed_since),
            pausedUntil: fromSqlTime(s.paused_until),
            extractionFailedSince: fromSqlTime(s.extraction_failed_since),
            extractionFailures: s.extraction_failures,
          })),
        captures: f.captures,
        captureFailureShare,
        noPosition: overThreshold(captures),
        medianLinks: policies.forOutlet(o.id).positions ? (f.medianLinks ?? undefined) : undefined,
        lastExtractionFailureAt: Number.isFinite(lastExtractionFailure(o.id)) ? lastExtractionFailure(o.id) : undefined,
        reads: f.reads,
        readFailureShare,
        noBody: overThreshold(reads),
        probes: f.probes,
        probesAnswered: f.probesAnswered,
        positionsWithheld: !policies.forOutlet(o.id).positions,
        robotsHost: frontOrigin.get(o.id),
        robotsAccess: robotsOf(o.id)?.access ?? undefined,
        robotsFetchedAt: robotsOf(o.id)?.checkedAt ?? undefined,
        tdmReserved: f.tdmReserved,
      };
    }),
    lag: visible.flatMap(({ o, f }) => f.lag.map((l) => ({ outletSlug: o.slug, outletName: o.name, ...l }))),
    // A site shared by an excluded outlet and a visible one still shows: it is our own behaviour.
    volume: figures.volume.filter((v) => [...visibleSites].some((host) => host === v.site || host.endsWith(`.${v.site}`))),
  };
}
