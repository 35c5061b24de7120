/**
 * The stored robots.txt versions of every shown outlet's front-page host (SPEC WEB-9), for the
 * /robots table, its CSV and its feed. Only what the crawler already kept (ROB-4): no new
 * fetch. Outlets under `total` are left out (PUB-6); robots.txt is the site's, not article text.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { RobotsVersion } from "../../../lib/robots/bot-verdicts";
import type { Policies } from "../../../lib/policy";
import type { Executor } from "../../client";
import { fromSqlTime } from "../../sql-time";
import { idList } from "../../figures/page-sql";
import { originOf } from "../robots-states";

/** One outlet with its host's robots.txt versions, oldest first. */
export interface OutletRobots {
  slug: string;
  name: string;
  /** The front page's origin, as hosts are keyed. */
  origin: string;
  versions: RobotsVersion[];
}

/** Every active, shown outlet with the versions of its front page's host, by name. */
export async function loadOutletRobots(db: Executor, policies: Policies): Promise<OutletRobots[]> {
  const outlets = await db.execute<{ id: number; slug: string; name: string; homepage: string }>(
    sql`select id, slug, name, homepage from outlets where active order by name`,
  );
  const shown = outlets
    .filter((o) => !policies.forOutlet(o.id).excluded)
    .flatMap((o) => {
      const origin = originOf(o.homepage);
      return origin ? [{ slug: o.slug, name: o.name, origin }] : [];
    });
  if (shown.length === 0) return [];
  const rows = await db.execute<{ host: string; sha256: string; robots_txt: string; first_fetched_at: string | Date }>(sql`
    select host, sha256, robots_txt, first_fetched_at from robots_versions
    where host in ${idList([...new Set(shown.map((o) => o.origin))])}
    order by host, first_fetched_at, id`);
  const byHost = new Map<string, RobotsVersion[]>();
  for (const r of rows) {
    const list = byHost.get(r.host) ?? [];
    list.push({ sha256: r.sha256, text: r.robots_txt, firstFetchedAt: fromSqlTime(r.first_fetched_at)! });
    byHost.set(r.host, list);
  }
  return shown.map((o) => ({ ...o, versions: byHost.get(o.origin) ?? [] }));
}
