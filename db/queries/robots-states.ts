/**
 * The robots.txt state of hosts (SPEC ROB-3, ROB-4) as the public pages show it: what it
 * allows us, the version in force and when we last checked it. One reader for "Estado" and
 * the outlet page, so that both say the same of the same host (WEB-7). Hosts are stored by
 * origin (`https://www.example.es`), as the crawler keys them.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../client";
import { idList, time } from "../figures/page-sql";

/** The robots.txt in force for one origin. */
export interface RobotsState {
  origin: string;
  /** ROB-3 state: parse, allow-all, disallow-all, use-last-good. */
  access: string | null;
  /** When we last asked for it (a 200 or a 304 confirming the copy we hold), epoch ms. */
  checkedAt: number | null;
  sha256: string | null;
  /** When the version in force was first fetched. */
  firstFetchedAt: number | null;
  /** Its text, kept as proof (robots.txt is not article content). */
  text: string | null;
}

/** The origin of a URL (`https://host[:port]`), as hosts are keyed, or undefined. */
export function originOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).origin : undefined;
}

/** The robots.txt states of the given origins that we have asked for, by origin. */
export async function loadRobotsStates(db: Executor, origins: readonly string[]): Promise<Map<string, RobotsState>> {
  const wanted = [...new Set(origins)];
  if (wanted.length === 0) return new Map();
  const rows = await db.execute<{
    host: string;
    robots_access: string | null;
    robots_fetched_at: string | Date | null;
    sha256: string | null;
    first_fetched_at: string | Date | null;
    robots_txt: string | null;
  }>(sql`
    select h.host, h.robots_access, h.robots_fetched_at, v.sha256, v.first_fetched_at, v.robots_txt
    from hosts h left join robots_versions v on v.id = h.robots_version_id
    where h.host in ${idList(wanted)} order by h.host`);
  return new Map(
    rows.map((h) => [
      h.host,
      {
        origin: h.host,
        access: h.robots_access,
        checkedAt: time(h.robots_fetched_at),
        sha256: h.sha256,
        firstFetchedAt: time(h.first_fetched_at),
        text: h.robots_txt,
      },
    ]),
  );
}
