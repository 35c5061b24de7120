/**
 * Outlets and sources in the admin (SPEC ADM-2, CFG-1, CFG-2): the list with their sources,
 * deactivation, and discovered sources to accept or discard. Create and edit go through
 * `importOutlets` (db/outlets.ts) with the outlets-file shape, so the file and the
 * form obey the same rules.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";

/** An outlet row of the admin list. */
export interface AdminOutlet {
  id: number;
  slug: string;
  name: string;
  homepage: string;
  legalNotice?: string;
  active: boolean;
  renderMode: "static" | "browser";
  country: string;
  language: string;
  timezone: string;
  feedIntervalMinutes: number;
  sitemapIntervalMinutes: number;
  feeds: string[];
  sitemaps: string[];
}

/** A discovered source waiting for the operator. */
export interface ProposedSource {
  id: number;
  outletName: string;
  kind: string;
  url: string;
}

/** Every outlet with its accepted, active feeds and sitemaps, by name. */
export async function listOutletsForAdmin(db: Executor): Promise<AdminOutlet[]> {
  const rows = await db.execute<{
    id: number;
    slug: string;
    name: string;
    homepage: string;
    legal_notice: string | null;
    active: boolean;
    render_mode: "static" | "browser";
    country: string;
    language: string;
    timezone: string;
    feed_interval_minutes: number;
    sitemap_interval_minutes: number;
    feeds: string[] | null;
    sitemaps: string[] | null;
  }>(sql`
    select o.id, o.slug, o.name, o.homepage, o.legal_notice, o.active, o.render_mode, o.country, o.language, o.timezone,
      o.feed_interval_minutes, o.sitemap_interval_minutes,
      (select array_agg(s.url order by s.id) from sources s where s.outlet_id = o.id and s.kind = 'feed' and s.active and not s.proposed) as feeds,
      (select array_agg(s.url order by s.id) from sources s where s.outlet_id = o.id and s.kind = 'sitemap' and s.active and not s.proposed) as sitemaps
    from outlets o order by o.name, o.id`);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    name: r.name,
    homepage: r.homepage,
    legalNotice: r.legal_notice ?? undefined,
    active: r.active,
    renderMode: r.render_mode,
    country: r.country,
    language: r.language,
    timezone: r.timezone,
    feedIntervalMinutes: r.feed_interval_minutes,
    sitemapIntervalMinutes: r.sitemap_interval_minutes,
    feeds: r.feeds ?? [],
    sitemaps: r.sitemaps ?? [],
  }));
}

/** Activate or deactivate an outlet (a deactivated outlet is not crawled; its history stays). */
export async function setOutletActive(db: Executor, id: number, active: boolean): Promise<boolean> {
  const rows = await db.execute(sql`update outlets set active = ${active}, updated_at = now() where id = ${id} returning id`);
  return rows.length === 1;
}

/** Sources found by discovery and not yet decided. */
export async function listProposedSources(db: Executor): Promise<ProposedSource[]> {
  const rows = await db.execute<{ id: number; name: string; kind: string; url: string }>(sql`
    select s.id, o.name, s.kind::text as kind, s.url from sources s join outlets o on o.id = s.outlet_id
    where s.proposed and s.active order by o.name, s.kind, s.url`);
  return rows.map((r) => ({ id: r.id, outletName: r.name, kind: r.kind, url: r.url }));
}

/** Accept a discovered source (it is polled from now on) or discard it (it stays proposed and inactive, so it is not proposed again). */
export async function decideProposedSource(db: Executor, id: number, decision: "accept" | "discard"): Promise<boolean> {
  const rows =
    decision === "accept"
      ? await db.execute(
          sql`update sources set proposed = false, active = true, next_due_at = now() where id = ${id} and proposed and active returning id`,
        )
      : await db.execute(sql`update sources set active = false where id = ${id} and proposed and active returning id`);
  return rows.length === 1;
}
