/**
 * What the outlet tells robots and miners (SPEC ROB-4, SIG-1, SIG-3, SIG-4), shown for
 * transparency: the robots.txt version we obey per host with its Content-Signal and
 * Content-Usage lines, and the signals recorded from its pages.
 */
import "server-only";
import { sql } from "drizzle-orm";
import { parseRobots, type ContentSignalLine } from "../../lib/robots/robots";
import type { Executor } from "../client";
import { idList, time } from "./page-sql";

/** The robots.txt in force for one host of the outlet. */
export interface RobotsVersionInfo {
  host: string;
  /** ROB-3 state: parse, disallow-all, use-last-good… */
  access: string | null;
  sha256: string | null;
  firstFetchedAt: number | null;
  lastFetchedAt: number | null;
  contentSignals: ContentSignalLine[];
}

/** One recorded signal. */
export interface RecordedSignal { kind: string; scope: string; value: string; firstSeenAt: number; lastSeenAt: number }

/** Robots versions and signals of the outlet. */
export interface OutletSignals { robots: RobotsVersionInfo[]; signals: RecordedSignal[] }

function originOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).origin : undefined;
}

/** The robots.txt in force on each host of the outlet's sources and its recorded signals. */
export async function loadOutletSignals(db: Executor, outletId: number): Promise<OutletSignals> {
  const urls = await db.execute<{ url: string }>(sql`select url from sources where outlet_id = ${outletId} and active and not proposed`);
  const origins = [...new Set(urls.map((u) => originOf(u.url)).filter((o): o is string => o !== undefined))].sort();
  const [hosts, signals] = await Promise.all([
    origins.length === 0 ? Promise.resolve([]) : db.execute<{ host: string; robots_access: string | null; sha256: string | null;
      first_fetched_at: string | Date | null; last_fetched_at: string | Date | null; robots_txt: string | null }>(sql`
      select h.host, h.robots_access, v.sha256, v.first_fetched_at, v.last_fetched_at, v.robots_txt
      from hosts h left join robots_versions v on v.id = h.robots_version_id
      where h.host in ${idList(origins)} order by h.host`),
    db.execute<{ kind: string; scope: string; value: string; first_seen_at: string | Date; last_seen_at: string | Date }>(sql`
      select kind, scope, value, first_seen_at, last_seen_at from signals where outlet_id = ${outletId}
      order by kind, scope, value limit 100`),
  ]);
  return {
    robots: hosts.map((h) => ({
      host: h.host, access: h.robots_access, sha256: h.sha256,
      firstFetchedAt: time(h.first_fetched_at), lastFetchedAt: time(h.last_fetched_at),
      contentSignals: h.robots_txt ? parseRobots(h.robots_txt).contentSignals : [],
    })),
    signals: signals.map((s) => ({ kind: s.kind, scope: s.scope, value: s.value, firstSeenAt: time(s.first_seen_at)!, lastSeenAt: time(s.last_seen_at)! })),
  };
}
