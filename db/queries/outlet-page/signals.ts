/**
 * What the outlet tells robots and miners (SPEC ROB-4, SIG-1, SIG-3, SIG-4), shown for
 * transparency: the robots.txt version we obey per host with its Content-Signal and
 * Content-Usage lines, and the signals recorded from its pages.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { parseRobots, type ContentSignalLine } from "../../../lib/robots/robots";
import type { Executor } from "../../client";
import { time } from "../../figures/page-sql";
import { loadRobotsStates, originOf } from "../robots-states";

/** The robots.txt in force for one host of the outlet. */
export interface RobotsVersionInfo {
  host: string;
  /** ROB-3 state: parse, disallow-all, use-last-good… */
  access: string | null;
  sha256: string | null;
  firstFetchedAt: number | null;
  /** When we last checked it (a 200 or a 304 confirming it). */
  lastFetchedAt: number | null;
  contentSignals: ContentSignalLine[];
}

/** One recorded signal. */
export interface RecordedSignal {
  kind: string;
  scope: string;
  value: string;
  firstSeenAt: number;
  lastSeenAt: number;
}

/** Robots versions and signals of the outlet. */
export interface OutletSignals {
  robots: RobotsVersionInfo[];
  signals: RecordedSignal[];
}

/** The robots.txt in force on each host of the outlet's sources and its recorded signals. */
export async function loadOutletSignals(db: Executor, outletId: number): Promise<OutletSignals> {
  const urls = await db.execute<{ url: string }>(sql`select url from sources where outlet_id = ${outletId} and active and not proposed`);
  const origins = [...new Set(urls.map((u) => originOf(u.url)).filter((o): o is string => o !== undefined))].sort();
  const [hosts, signals] = await Promise.all([
    loadRobotsStates(db, origins),
    db.execute<{ kind: string; scope: string; value: string; first_seen_at: string | Date; last_seen_at: string | Date }>(sql`
      select kind, scope, value, first_seen_at, last_seen_at from signals where outlet_id = ${outletId}
      order by kind, scope, value limit 100`),
  ]);
  return {
    robots: [...hosts.values()].map((h) => ({
      host: h.origin,
      access: h.access,
      sha256: h.sha256,
      firstFetchedAt: h.firstFetchedAt,
      lastFetchedAt: h.checkedAt,
      contentSignals: h.text ? parseRobots(h.text).contentSignals : [],
    })),
    signals: signals.map((s) => ({
      kind: s.kind,
      scope: s.scope,
      value: s.value,
      firstSeenAt: time(s.first_seen_at)!,
      lastSeenAt: time(s.last_seen_at)!,
    })),
  };
}
