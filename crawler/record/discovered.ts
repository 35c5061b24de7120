/**
 * Discovered sources (SPEC CFG-2) are proposed to the operator: stored as `proposed`
 * sources, which are never polled until accepted in the admin; known ones are left alone.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { parseRobots } from "../../lib/robots/robots";
import type { ListingKind } from "../../lib/source-kinds";

/** Propose `urls` as sources of `kind` for an outlet; returns how many were new. */
export async function proposeSources(
  db: Db,
  p: { outletId: number; kind: ListingKind; urls: string[]; siteOf: (url: string) => string; intervalMinutes: number },
): Promise<number> {
  let added = 0;
  for (const url of p.urls) {
    const rows = await db.execute(sql`
      insert into sources (outlet_id, kind, url, site_domain, interval_minutes, proposed)
      values (${p.outletId}, ${p.kind}, ${url}, ${p.siteOf(url)}, ${p.intervalMinutes}, true)
      on conflict (outlet_id, kind, url) do nothing returning id`);
    added += rows.length;
  }
  return added;
}

/** The `Sitemap:` lines of the robots.txt in force for an origin, if we hold one. */
export async function robotsSitemaps(db: Db, origin: string): Promise<string[]> {
  const [row] = await db.execute<{ robots_txt: string }>(sql`
    select v.robots_txt from hosts h join robots_versions v on v.id = h.robots_version_id where h.host = ${origin}`);
  return row ? parseRobots(row.robots_txt).sitemaps : [];
}
