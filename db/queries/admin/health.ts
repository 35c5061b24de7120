/**
 * Crawler health per site for the admin (SPEC ADM-2): next allowed time, backoff, closed
 * state and probing, robots.txt per host with how many versions we keep, the sources whose
 * extraction is failing (EXT-6), and the latest requests of the request log.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";
import { fromSqlTime } from "../../sql-time";
import { listFailingExtractions, type FailingExtraction } from "../../admin-extractions";

/** A host's robots.txt state. */
export interface HostHealth {
  host: string;
  robotsStatus?: string;
  robotsAccess?: string;
  fetchedAt?: number;
  versions: number;
}
/** A line of the request log (never a body). */
export interface RequestLine {
  at: number;
  url: string;
  kind: string;
  status?: number;
  outcome: string;
  durationMs: number;
  bytes: number;
}

/** One site (registrable domain), the pacing unit. */
export interface SiteHealth {
  domain: string;
  outlets: string[];
  nextAllowedAt: number;
  backoffUntil?: number;
  backoffReason?: string;
  consecutiveFailures: number;
  closedSince?: number;
  closedReason?: string;
  lastProbeAt?: number;
  stopProbing: boolean;
  leaseOwner?: string;
  hosts: HostHealth[];
  recent: RequestLine[];
  /** EXT-6: its sources whose latest answered polls failed to extract. */
  failingExtractions: FailingExtraction[];
}

/** Every site with its hosts and its last `recentPerSite` requests; a lease counts while it runs past `now`. */
export async function loadCrawlerHealth(db: Executor, now: number, recentPerSite = 8): Promise<SiteHealth[]> {
  const [sites, hosts, recent, failing] = await Promise.all([
    db.execute<{
      domain: string;
      outlets: string[] | null;
      next_allowed_at: string;
      backoff_until: string | null;
      backoff_reason: string | null;
      consecutive_failures: number;
      closed_since: string | null;
      closed_reason: string | null;
      last_probe_at: string | null;
      stop_probing: boolean;
      lease_owner: string | null;
      lease_until: string | null;
    }>(sql`
      select st.*, (select array_agg(distinct o.name) from sources s join outlets o on o.id = s.outlet_id where s.site_domain = st.domain) as outlets
      from sites st order by st.domain`),
    db.execute<{
      host: string;
      site_domain: string;
      robots_status: string | null;
      robots_access: string | null;
      robots_fetched_at: string | null;
      versions: number;
    }>(sql`
      select h.host, h.site_domain, h.robots_status, h.robots_access, h.robots_fetched_at,
        (select count(*)::int from robots_versions v where v.host = h.host) as versions
      from hosts h order by h.host`),
    db.execute<{
      site_domain: string;
      at: string;
      url: string;
      kind: string;
      status: number | null;
      outcome: string;
      duration_ms: number;
      bytes: number;
    }>(sql`
      select st.domain as site_domain, f.at, f.url, f.kind, f.status, f.outcome, f.duration_ms, f.bytes
      from sites st cross join lateral (
        select * from fetch_log l where l.site_domain = st.domain order by l.at desc limit ${recentPerSite}) f
      order by st.domain, f.at desc`),
    listFailingExtractions(db),
  ]);
  return sites.map((s) => ({
    domain: s.domain,
    outlets: s.outlets ?? [],
    nextAllowedAt: fromSqlTime(s.next_allowed_at)!,
    backoffUntil: fromSqlTime(s.backoff_until),
    backoffReason: s.backoff_reason ?? undefined,
    consecutiveFailures: s.consecutive_failures,
    closedSince: fromSqlTime(s.closed_since),
    closedReason: s.closed_reason ?? undefined,
    lastProbeAt: fromSqlTime(s.last_probe_at),
    stopProbing: s.stop_probing,
    leaseOwner: fromSqlTime(s.lease_until) && fromSqlTime(s.lease_until)! > now ? (s.lease_owner ?? undefined) : undefined,
    hosts: hosts
      .filter((h) => h.site_domain === s.domain)
      .map((h) => ({
        host: h.host,
        robotsStatus: h.robots_status ?? undefined,
        robotsAccess: h.robots_access ?? undefined,
        fetchedAt: fromSqlTime(h.robots_fetched_at),
        versions: h.versions,
      })),
    recent: recent
      .filter((r) => r.site_domain === s.domain)
      .map((r) => ({
        at: fromSqlTime(r.at)!,
        url: r.url,
        kind: r.kind,
        status: r.status ?? undefined,
        outcome: r.outcome,
        durationMs: r.duration_ms,
        bytes: r.bytes,
      })),
    failingExtractions: failing.filter((f) => f.siteDomain === s.domain),
  }));
}
