/**
 * Recording what was seen (SPEC STO-1): articles by canonical URL, and each distinct
 * headline with when it was first and last seen and where. Multi-row upserts: one
 * statement per batch, so a capture of 60 links costs two round trips. Only headline
 * text is written — it is what the observatory shows; bodies and ledes never arrive here.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";

/** Where something was seen. */
export type SeenIn = "feed" | "sitemap" | "frontpage" | "article";
/** Where an article can be discovered. */
export type DiscoveredIn = Exclude<SeenIn, "article">;

/** One sighting of an article. */
export interface Sighting {
  url: string;
  headline?: string;
  publishedAt?: Date;
  section?: string;
  authors?: string[];
}

/** Normalised headline text: what counts as "the same headline". */
export function normaliseHeadline(text: string): string {
  return text.normalize("NFC").replace(/\s+/g, " ").trim();
}

/** The key of a headline version (and of its derived rows): SHA-256 of the normalised text. */
export function headlineHash(text: string): string {
  return createHash("sha256").update(normaliseHeadline(text)).digest("hex");
}


/** A PostgreSQL text[] literal (the driver would expand an empty JS array to nothing). */
export function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}

/**
 * Upsert the articles of `sightings` for an outlet and their headlines; new articles are
 * queued for one read of their page (SCH-3). Returns the article id of each URL.
 */
export async function recordSightings(db: Executor, p: { outletId: number; siteOf: (url: string) => string; via: DiscoveredIn; at: number; sightings: Sighting[] }): Promise<Map<string, number>> {
  const unique = new Map<string, Sighting>();
  for (const s of p.sightings) if (!unique.has(s.url)) unique.set(s.url, s);
  if (unique.size === 0) return new Map();
  const at = sqlTime(p.at);
  const rows = [...unique.values()];
  const firstSeenIn = { feed: sql`first_seen_feed_at`, sitemap: sql`first_seen_sitemap_at`, frontpage: sql`first_seen_frontpage_at` }[p.via];
  const values = sql.join(rows.map((s) => sql`(
    ${p.outletId}::int, ${s.url}::text, ${p.siteOf(s.url)}::text, ${s.publishedAt ? s.publishedAt.toISOString() : null}::timestamptz,
    ${s.section ?? null}::text, ${textArray(s.authors ?? [])}::text[])`), sql`, `);
  const saved = await db.execute<{ id: number; url: string }>(sql`
    insert into articles (outlet_id, url, site_domain, published_at, section, authors, first_seen_at, first_seen_in, ${firstSeenIn}, read_due_at)
    select v.outlet_id, v.url, v.site_domain, v.published_at, v.section, v.authors, ${at}, ${p.via}, ${at}, ${at}
    from (values ${values}) as v(outlet_id, url, site_domain, published_at, section, authors)
    on conflict (outlet_id, url) do update set
      published_at = coalesce(articles.published_at, excluded.published_at),
      section = coalesce(articles.section, excluded.section),
      authors = case when cardinality(articles.authors) = 0 then excluded.authors else articles.authors end,
      ${firstSeenIn} = coalesce(articles.${firstSeenIn}, excluded.${firstSeenIn})
    returning id, url`);
  const ids = new Map(saved.map((r) => [r.url, Number(r.id)]));
  await recordHeadlines(db, { via: p.via, at: p.at, headlines: rows.filter((s) => s.headline).map((s) => ({ articleId: ids.get(s.url)!, text: s.headline! })) });
  return ids;
}

/** Record headline versions: a new text opens a version; a known one is seen again. */
export async function recordHeadlines(db: Executor, p: { via: SeenIn; at: number; headlines: { articleId: number; text: string }[] }): Promise<void> {
  const items = p.headlines.map((h) => ({ ...h, text: normaliseHeadline(h.text) })).filter((h) => h.text !== "");
  if (items.length === 0) return;
  const at = sqlTime(p.at);
  const hv = sql.join(items.map((h) => sql`(${h.articleId}::bigint, ${h.text}::text, ${headlineHash(h.text)}::text)`), sql`, `);
  await db.execute(sql`
    insert into headline_versions (article_id, text, text_hash, first_seen_at, last_seen_at, seen_in)
    select v.article_id, v.text, v.text_hash, ${at}, ${at}, array[${p.via}]::seen_in[]
    from (values ${hv}) as v(article_id, text, text_hash)
    on conflict (article_id, text_hash) do update set
      first_seen_at = least(headline_versions.first_seen_at, excluded.first_seen_at),
      last_seen_at = greatest(headline_versions.last_seen_at, excluded.last_seen_at),
      seen_in = (select array_agg(distinct x) from unnest(headline_versions.seen_in || excluded.seen_in) as x)`);
}
