/**
 * An outlet's collection status (SPEC BLK-2, BLK-6, BLK-7, EXT-6): its sources with their last
 * success and failure and since when their extraction fails, since when its front page is closed and the share of hourly
 * probes answered over 7 days, and the "sin posición" / "sin cuerpo" states. The 7 days' counts are the ones "Estado"
 * shows (WEB-7): the worker's stored status while it is fresh (db/figures/outlet-status.ts), else counted here as of now.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { HEALTH_WINDOW_MS, overThreshold, type FailureCount } from "../../../lib/collection/health";
import type { OutletPolicy } from "../../../lib/policy";
import type { SourceKind } from "../../../lib/source-kinds";
import type { Executor } from "../../client";
import { captureCounts, probeCounts, readCounts } from "../../figures/collection-counts";
import { storedCollection } from "../site/outlet-status";
import { readingStartedAt } from "../../figures/reading-start";
import { time } from "../../figures/page-sql";

/** One source as the status shows it. */
export interface SourceStatus {
  kind: SourceKind;
  url: string;
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
  closedSince: number | null;
  pausedUntil: number | null;
  dead: boolean;
  /** EXT-6: since when its answered polls fail to extract (null: they do not), and its latest failed extraction. */
  extractionFailedSince: number | null;
  lastExtractionFailureAt: number | null;
}

/** The outlet's status over the last 7 days. */
export interface OutletStatus {
  /** The 7 days the counts cover: up to the worker's last stored status, or now. */
  start: number;
  end: number;
  /** The instant the sources' states are read at: now. */
  sourcesAt: number;
  /** Front-page sources are left out under "sin posición" (PUB-6). */
  sources: SourceStatus[];
  /** Front-page figures; null under "sin posición" (PUB-6). */
  frontPage: null | {
    closedSince: number | null;
    probes: { total: number; answered: number };
    captures: FailureCount;
    /** BLK-7 "sin posición". */
    withoutPosition: boolean;
  };
  reads: FailureCount;
  /** BLK-7 "sin cuerpo". */
  withoutBody: boolean;
  /** When we first saw any article of the outlet (db/figures/reading-start.ts); null before the first. */
  readingSince: number | null;
}

/** The 7 days' counts of the status and the instant they end at. */
interface WindowCounts {
  end: number;
  captures: FailureCount;
  probes: { total: number; answered: number };
  reads: FailureCount;
}

/** The stored counts of the outlet while fresh (read as "Estado" reads them), else counted as of `now`. */
async function windowCounts(db: Executor, outletId: number, now: number): Promise<WindowCounts> {
  const stored = await storedCollection(db, [outletId], now);
  const c = stored?.byOutlet.get(outletId);
  if (stored && c) {
    return {
      end: stored.computedAt,
      captures: { attempts: c.captures, failures: c.capturesFailed },
      probes: { total: c.probes, answered: c.probesAnswered },
      reads: { attempts: c.reads, failures: c.readsFailed },
    };
  }
  const from = new Date(now - HEALTH_WINDOW_MS).toISOString();
  const id = sql`${outletId}::int`;
  const [[captures], [probes], [reads]] = await Promise.all([
    db.execute<{ attempts: number; failures: number }>(sql`select * from ${captureCounts(id, from)} c`),
    db.execute<{ total: number; answered: number }>(sql`select * from ${probeCounts(id, from)} p`),
    db.execute<{ attempts: number; failures: number }>(sql`select * from ${readCounts(id, from)} r`),
  ]);
  return {
    end: now,
    captures: { attempts: captures?.attempts ?? 0, failures: captures?.failures ?? 0 },
    probes: { total: probes?.total ?? 0, answered: probes?.answered ?? 0 },
    reads: { attempts: reads?.attempts ?? 0, failures: reads?.failures ?? 0 },
  };
}

/** Status of the outlet's collection over the last 7 days. */
export async function loadOutletStatus(db: Executor, outletId: number, policy: OutletPolicy, now: number): Promise<OutletStatus> {
  const id = sql`${outletId}::int`;
  const [sources, counts, [reading]] = await Promise.all([
    db.execute<{
      kind: SourceStatus["kind"];
      url: string;
      last_success_at: string | Date | null;
      last_failure_at: string | Date | null;
      closed_since: string | Date | null;
      paused_until: string | Date | null;
      dead: boolean;
      extraction_failed_since: string | Date | null;
      last_extraction_failure_at: string | Date | null;
    }>(sql`
      select kind, url, last_success_at, last_failure_at, closed_since, paused_until, dead, extraction_failed_since, last_extraction_failure_at from sources
      where outlet_id = ${outletId} and active and not proposed order by kind, url`),
    windowCounts(db, outletId, now),
    db.execute<{ at: string | Date | null }>(sql`select ${readingStartedAt(id)} as at`),
  ]);
  const all = sources.map((s) => ({
    kind: s.kind,
    url: s.url,
    lastSuccessAt: time(s.last_success_at),
    lastFailureAt: time(s.last_failure_at),
    closedSince: time(s.closed_since),
    pausedUntil: time(s.paused_until),
    dead: s.dead,
    extractionFailedSince: time(s.extraction_failed_since),
    lastExtractionFailureAt: time(s.last_extraction_failure_at),
  }));
  const { captures, probes, reads } = counts;
  const front = all.filter((s) => s.kind === "frontpage");
  return {
    start: counts.end - HEALTH_WINDOW_MS,
    end: counts.end,
    sourcesAt: now,
    sources: policy.positions ? all : all.filter((s) => s.kind !== "frontpage"),
    frontPage: policy.positions
      ? {
          closedSince: front.map((s) => s.closedSince).find((c) => c !== null) ?? null,
          probes,
          captures,
          withoutPosition: overThreshold(captures),
        }
      : null,
    reads,
    withoutBody: overThreshold(reads),
    readingSince: time(reading?.at),
  };
}
