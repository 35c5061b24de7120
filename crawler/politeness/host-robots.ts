/**
 * The robots.txt lifecycle of each host, keyed by origin (SPEC ROB-1, ROB-3, ROB-4): fetched before any
 * other request to the host, cached 24 h in PostgreSQL (so every worker process shares
 * it), every distinct version kept with its fetch times as proof of what we obeyed, and
 * one fetch in flight per host in this process. A failed fetch (5xx, timeout,
 * unreachable) falls back to the last good copy for up to 24 h after the copy's cache
 * life ended, then to "nothing is read"; it is retried sooner than a good copy would be
 * (after `failureRetryMs`).
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlTime, fromSqlTime } from "../../db/sql-time";
import { parseRobots, type Robots } from "../../lib/robots/robots";
import { resolveRobotsAccess, robotsAccess, type RobotsOutcome } from "./robots-status";

/** What a robots.txt request ended with (after redirects), as plain data. */
export interface RobotsFetch {
  outcome: RobotsOutcome;
  /** The decoded text, for a 2xx. Robots.txt is not article content and is kept (ROB-4). */
  text?: string;
  etag?: string;
  lastModified?: string;
}

/** The rules in force for a host now. */
export interface HostRules {
  /** The origin whose robots.txt this is (RFC 9309 §2.3: per scheme, host and port). */
  host: string;
  /** `parse`/`last-good`: obey `robots`; `allow-all`; `disallow-all`: read nothing. */
  access: "parse" | "last-good" | "allow-all" | "disallow-all";
  robots?: Robots;
  /** Why, in a word, for the request log and the status page. */
  reason: string;
  expiresAt: number;
}

/** Dependencies of the robots cache; `fetchRobots` goes through the same pacing as any request. */
export interface RobotsCacheOptions {
  db: Db;
  now: () => number;
  siteOf: (host: string) => string;
  /**
   * Fetch `${origin}/robots.txt` (redirects followed), paced and logged like any request:
   * conditional on the stored copy's validators, and given that copy's text (its Crawl-delay
   * paces the gap after a response that does not replace it).
   */
  fetchRobots: (
    origin: string,
    previous: { etag?: string; lastModified?: string; text?: string },
    signal: AbortSignal,
  ) => Promise<RobotsFetch>;
  /** SPEC ROB-3's 4xx policy. @default "disallow-all" */
  on4xx?: "disallow-all" | "allow-all";
  /** @default 24 h */
  cacheMs?: number;
  /** How soon an unreadable robots.txt is tried again. @default 1 h */
  failureRetryMs?: number;
  /** How long past its cache life the last good copy may stand in (ROB-3). @default 24 h */
  staleLimitMs?: number;
}

type HostRow = {
  robots_access: string | null;
  robots_fetched_at: string | Date | null;
  robots_last_good_at: string | Date | null;
  robots_etag: string | null;
  robots_last_modified: string | null;
  robots_txt: string | null;
  robots_status: string | null;
};

/** A per-process memo over the shared, database-held robots state. */
export function createRobotsCache(o: RobotsCacheOptions) {
  const cacheMs = o.cacheMs ?? 24 * 3_600_000;
  const failureRetryMs = o.failureRetryMs ?? 3_600_000;
  const staleLimitMs = o.staleLimitMs ?? 24 * 3_600_000;
  const memo = new Map<string, HostRules>();
  const inflight = new Map<string, Promise<HostRules>>();

  async function load(host: string): Promise<HostRow | undefined> {
    const [row] = await o.db.execute<HostRow>(sql`
      select h.robots_access, h.robots_fetched_at, h.robots_last_good_at, h.robots_etag, h.robots_last_modified,
             h.robots_status, v.robots_txt
      from hosts h left join robots_versions v on v.id = h.robots_version_id where h.host = ${host}`);
    return row;
  }

  function rulesFrom(host: string, row: HostRow, now: number): HostRules | undefined {
    const fetchedAt = fromSqlTime(row.robots_fetched_at);
    if (fetchedAt === undefined || !row.robots_access) return undefined;
    const good = row.robots_access === "parse";
    const expiresAt = fetchedAt + (good || row.robots_access !== "use-last-good" ? cacheMs : failureRetryMs);
    if (expiresAt <= now) return undefined;
    // ROB-3: when a refresh fails, the last good copy stands in for up to 24 h past its
    // cache life (so from the first failed refresh), then nothing is read.
    const access = resolveRobotsAccess(row.robots_access as never, fromSqlTime(row.robots_last_good_at), now, cacheMs + staleLimitMs);
    const robots = (access === "parse" || access === "last-good") && row.robots_txt !== null ? parseRobots(row.robots_txt) : undefined;
    const effective = (access === "parse" || access === "last-good") && !robots ? "disallow-all" : access;
    return { host, access: effective, robots, reason: `robots ${row.robots_status ?? "?"}`, expiresAt };
  }

  async function refresh(host: string, signal: AbortSignal): Promise<HostRules> {
    const now = o.now();
    const row = await load(host);
    const cached = row && rulesFrom(host, row, now);
    if (cached) return cached;

    const result = await o.fetchRobots(
      host,
      {
        etag: row?.robots_etag ?? undefined,
        lastModified: row?.robots_last_modified ?? undefined,
        text: row?.robots_txt ?? undefined,
      },
      signal,
    );
    const at = o.now();
    const site = o.siteOf(new URL(host).hostname);
    await o.db.execute(sql`insert into sites (domain) values (${site}) on conflict do nothing`);
    await o.db.execute(sql`insert into hosts (host, site_domain) values (${host}, ${site}) on conflict do nothing`);

    const access = robotsAccess(result.outcome, { on4xx: o.on4xx });
    const status = String(result.outcome);
    if (access === "parse" && result.text !== undefined) {
      const sha = createHash("sha256").update(result.text).digest("hex");
      const [version] = await o.db.execute<{ id: number }>(sql`
        insert into robots_versions (host, sha256, robots_txt, first_fetched_at, last_fetched_at)
        values (${host}, ${sha}, ${result.text}, ${sqlTime(at)}, ${sqlTime(at)})
        on conflict (host, sha256) do update set last_fetched_at = excluded.last_fetched_at
        returning id`);
      await o.db.execute(sql`
        update hosts set robots_status = ${status}, robots_access = 'parse', robots_fetched_at = ${sqlTime(at)},
          robots_last_good_at = ${sqlTime(at)}, robots_version_id = ${version!.id},
          robots_etag = ${result.etag ?? null}, robots_last_modified = ${result.lastModified ?? null}
        where host = ${host}`);
    } else if (result.outcome === 304 && row?.robots_txt) {
      // POL-4: the stored copy is confirmed; it is as good as a fresh 200.
      await o.db.execute(sql`
        update hosts set robots_status = '304', robots_access = 'parse', robots_fetched_at = ${sqlTime(at)},
          robots_last_good_at = ${sqlTime(at)} where host = ${host}`);
    } else {
      await o.db.execute(sql`
        update hosts set robots_status = ${status}, robots_access = ${access === "parse" ? "disallow-all" : access},
          robots_fetched_at = ${sqlTime(at)} where host = ${host}`);
    }
    const stored = await load(host);
    return (
      (stored && rulesFrom(host, stored, at)) ?? {
        host,
        access: "disallow-all",
        reason: `robots ${status}`,
        expiresAt: at + failureRetryMs,
      }
    );
  }

  return {
    /** The rules in force for an origin (`https://host:port`), fetching robots.txt first when there is no valid copy. */
    async rulesFor(host: string, signal: AbortSignal): Promise<HostRules> {
      const hit = memo.get(host);
      if (hit && hit.expiresAt > o.now()) return hit;
      let pending = inflight.get(host);
      if (!pending) {
        pending = refresh(host, signal).finally(() => inflight.delete(host));
        inflight.set(host, pending);
      }
      const rules = await pending;
      memo.set(host, rules);
      return rules;
    },
    /** Drop this process's memo of `host` (e.g. after a redirect showed a new robots.txt). */
    forget(host: string): void {
      memo.delete(host);
    },
  };
}

/** True when `url` may be requested under `rules` for `productToken`; robots.txt itself always may. */
export function allowedBy(rules: HostRules, url: string, productToken: string): boolean {
  if (new URL(url).pathname === "/robots.txt") return true;
  if (rules.access === "allow-all") return true;
  if (rules.access === "disallow-all" || !rules.robots) return false;
  return rules.robots.isAllowed(url, productToken);
}
