/**
 * Recording what was seen (SPEC STO-1): articles by canonical URL, and each distinct
 * headline with when it was first and last seen and where. Set-based statements: a
 * capture of 300 links costs a handful of round trips, and writes only what changed. Only headline
 * text is written — it is what the observatory shows; bodies and ledes never arrive here.
 */
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { sqlTime } from "../../db/sql-time";
import { detachedString } from "../../lib/detached-string";
import { executePrepared, type Preparer } from "../schedule/prepared";

/** Where something was seen. */
import type { SeenIn } from "../../lib/source-kinds";

export type { SeenIn };
/** Where an article can be discovered. */
export type DiscoveredIn = Exclude<SeenIn, "article">;

/** A database handle or transaction that can also run prepared statements. */
export type Recorder = Executor & Preparer;

const FIRST_SEEN_IN = {
  feed: sql`first_seen_feed_at`,
  sitemap: sql`first_seen_sitemap_at`,
  frontpage: sql`first_seen_frontpage_at`,
} as const;

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

/** An article already stored, which of its facts are still unknown, and whether this sighting's headline was already known. */
type KnownArticle = {
  id: number;
  url: string;
  no_date: boolean;
  no_section: boolean;
  no_authors: boolean;
  first_here: boolean;
  headline_seen: boolean;
};

/** True when a sighting of a known article adds nothing to store (the usual case of a re-poll). */
function nothingNew(k: KnownArticle, s: Sighting): boolean {
  return !k.first_here && !(k.no_date && s.publishedAt) && !(k.no_section && s.section) && !(k.no_authors && (s.authors?.length ?? 0) > 0);
}

/** Headline keys computed lately: a front page shows mostly the headlines of its last capture. */
const recentKeys = new Map<string, { text: string; hash: string } | undefined>();
/** Keys kept (first in, first out), of texts up to a headline's length or so: a few MB at most. */
const RECENT_KEYS = 20_000;
const MAX_REMEMBERED_CHARS = 500;

/** Stored form of a headline: normalised text and its hash; undefined when there is no text. */
function headlineKey(text: string | undefined): { text: string; hash: string } | undefined {
  const raw = text ?? "";
  if (recentKeys.has(raw)) return recentKeys.get(raw);
  const normal = normaliseHeadline(raw);
  const key = normal === "" ? undefined : { text: normal, hash: headlineHash(normal) };
  if (raw.length > MAX_REMEMBERED_CHARS) return key;
  if (recentKeys.size >= RECENT_KEYS) recentKeys.delete(recentKeys.keys().next().value!);
  // Kept past the fetch: copies, so that no key holds the document it was cut from.
  const kept = key && { text: detachedString(key.text), hash: key.hash };
  recentKeys.set(detachedString(raw), kept);
  return kept;
}

/**
 * Upsert the articles of `sightings` for an outlet and their headlines; new articles are
 * queued for one read of their page (SCH-3). Returns the article id of each URL. A re-poll
 * of a 300-link page, where every article and headline is known, is one statement: it
 * finds the articles and marks their headlines seen again. Only new articles, facts and
 * headlines are then written; the upserts settle races between workers.
 */
export async function recordSightings(db: Recorder, p: SightingsInput): Promise<Map<string, number>> {
  return (await recordNewSightings(db, p)).ids;
}

/** What `recordSightings` takes. */
export interface SightingsInput {
  outletId: number;
  siteOf: (url: string) => string;
  via: DiscoveredIn;
  at: number;
  sightings: Sighting[];
}

/** What `recordNewSightings` returns: the article id of each URL, which URLs were new articles, which were seen here first. */
export interface RecordedSightings {
  ids: Map<string, number>;
  created: Set<string>;
  firstHere: Set<string>;
}

/** What the first step found: ids of articles with nothing new, and what is left to write. */
export interface SightingsPlan extends RecordedSightings {
  input: SightingsInput;
  /** Sightings whose article is new or gains a fact (upserted). */
  rows: (Sighting & { key?: { text: string; hash: string } })[];
  /** Sightings whose headline was not marked seen again (a new version, or a new article's). */
  unseenHeadlines: (Sighting & { key?: { text: string; hash: string } })[];
}

/** True when the first step settled everything (the usual re-poll): nothing is left to write. */
export function settled(plan: SightingsPlan): boolean {
  return plan.rows.length === 0 && plan.unseenHeadlines.every((s) => !s.key);
}

/**
 * `recordSightings`, also saying which URLs were new articles (`created`) and which were
 * seen through this kind of source for the first time (`firstHere`, includes `created`):
 * the story fingerprint (DER-2) is computed for those only, so a re-poll costs nothing more.
 */
export async function recordNewSightings(db: Recorder, p: SightingsInput): Promise<RecordedSightings> {
  return storeNewSightings(db, await findSightings(db, p));
}

/**
 * Step one of recording: one prepared statement finds the stored articles among the
 * sightings and marks their known headlines seen again. It stands alone (no transaction
 * needed): when it settles everything (`settled`), a re-poll costs one round trip.
 */
export async function findSightings(db: Recorder, p: SightingsInput): Promise<SightingsPlan> {
  const unique = new Map<string, Sighting>();
  for (const s of p.sightings) if (!unique.has(s.url)) unique.set(s.url, s);
  const created = new Set<string>();
  const firstHere = new Set<string>();
  const ids = new Map<string, number>();
  if (unique.size === 0) return { input: p, ids, created, firstHere, rows: [], unseenHeadlines: [] };
  const at = sqlTime(p.at);
  const firstSeenIn = FIRST_SEEN_IN[p.via];
  const sightings = [...unique.values()].map((s) => ({ ...s, key: headlineKey(s.headline) }));
  const known = await executePrepared<KnownArticle>(
    db,
    sql`
    with v as (
      select * from unnest(${textArray(sightings.map((s) => s.url))}::text[], ${textArray(sightings.map((s) => s.key?.hash ?? ""))}::text[]) as v(url, text_hash)
    ), k as (
      select a.id, a.url, v.text_hash, a.published_at is null as no_date, a.section is null as no_section,
        cardinality(a.authors) = 0 as no_authors, a.${firstSeenIn} is null as first_here
      from articles a join v on a.url = v.url where a.outlet_id = ${p.outletId}::int
    ), u as (
      ${seenAgain(p.via, at, sql`k`, sql`k.id`, sql`k.text_hash`)}
    )
    select k.id, k.url, k.no_date, k.no_section, k.no_authors, k.first_here, u.article_id is not null as headline_seen
    from k left join u on u.article_id = k.id`,
  );
  const headlineSeen = new Set<string>();
  for (const k of known) {
    if (k.first_here) firstHere.add(k.url);
    if (k.headline_seen) headlineSeen.add(k.url);
    if (nothingNew(k, unique.get(k.url)!)) ids.set(k.url, Number(k.id));
  }
  const knownUrls = new Set(known.map((k) => k.url));
  for (const url of unique.keys()) {
    if (knownUrls.has(url)) continue;
    created.add(url);
    firstHere.add(url);
  }
  return {
    input: p,
    ids,
    created,
    firstHere,
    rows: sightings.filter((s) => !ids.has(s.url)),
    unseenHeadlines: sightings.filter((s) => !headlineSeen.has(s.url)),
  };
}

/** Step two: upsert the new articles and facts, and the headlines not marked seen again (in the caller's transaction when there is one). */
export async function storeNewSightings(db: Executor, plan: SightingsPlan): Promise<RecordedSightings> {
  const { input: p, rows, created, firstHere } = plan;
  const ids = new Map(plan.ids);
  if (settled(plan)) return { ids, created, firstHere };
  const at = sqlTime(p.at);
  const firstSeenIn = FIRST_SEEN_IN[p.via];
  if (rows.length > 0) {
    // In URL order, so that two polls of one outlet lock its article rows in the same order.
    const values = sql.join(
      [...rows]
        .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
        .map(
          (s) => sql`(
      ${p.outletId}::int, ${s.url}::text, ${p.siteOf(s.url)}::text, ${s.publishedAt ? s.publishedAt.toISOString() : null}::timestamptz,
      ${s.section ?? null}::text, ${textArray(s.authors ?? [])}::text[])`,
        ),
      sql`, `,
    );
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
    for (const r of saved) ids.set(r.url, Number(r.id));
  }
  const headlines = plan.unseenHeadlines.filter((s) => s.key).map((s) => ({ articleId: ids.get(s.url)!, text: s.headline! }));
  await recordHeadlines(db, { via: p.via, at: p.at, headlines });
  return { ids, created, firstHere };
}

/** An update marking known headline versions seen again at `at` via `via`, for (article, hash) pairs from `source`. */
function seenAgain(via: SeenIn, at: string, source: SQL, articleId: SQL, textHash: SQL): SQL {
  return sql`
    update headline_versions h set
      first_seen_at = least(h.first_seen_at, ${at}), last_seen_at = greatest(h.last_seen_at, ${at}),
      seen_in = case when ${via}::seen_in = any(h.seen_in) then h.seen_in else h.seen_in || ${via}::seen_in end
    from ${source}
    where h.article_id = ${articleId} and h.text_hash = ${textHash}
    returning h.article_id, h.text_hash`;
}

/**
 * Record headline versions: a new text opens a version; a known one is seen again. Known
 * versions are updated in one statement over arrays; only the rest are inserted (the
 * insert's conflict clause settles a race with another worker).
 */
export async function recordHeadlines(
  db: Executor,
  p: { via: SeenIn; at: number; headlines: { articleId: number; text: string }[] },
): Promise<void> {
  const byKey = new Map<string, { articleId: number; text: string; hash: string }>();
  for (const h of p.headlines) {
    const key = headlineKey(h.text);
    if (key) byKey.set(`${h.articleId} ${key.hash}`, { articleId: h.articleId, ...key });
  }
  if (byKey.size === 0) return;
  const items = [...byKey.values()];
  const at = sqlTime(p.at);
  const pairs = sql`unnest(${`{${items.map((h) => h.articleId).join(",")}}`}::bigint[], ${textArray(items.map((h) => h.hash))}::text[]) as v(article_id, text_hash)`;
  const seen = await db.execute<{ article_id: number; text_hash: string }>(
    seenAgain(p.via, at, pairs, sql`v.article_id`, sql`v.text_hash`),
  );
  const updated = new Set(seen.map((r) => `${Number(r.article_id)} ${r.text_hash}`));
  const fresh = items.filter((h) => !updated.has(`${h.articleId} ${h.hash}`));
  if (fresh.length === 0) return;
  const hv = sql.join(
    fresh.map((h) => sql`(${h.articleId}::bigint, ${h.text}::text, ${h.hash}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into headline_versions (article_id, text, text_hash, first_seen_at, last_seen_at, seen_in)
    select v.article_id, v.text, v.text_hash, ${at}, ${at}, array[${p.via}]::seen_in[]
    from (values ${hv}) as v(article_id, text, text_hash)
    on conflict (article_id, text_hash) do update set
      first_seen_at = least(headline_versions.first_seen_at, excluded.first_seen_at),
      last_seen_at = greatest(headline_versions.last_seen_at, excluded.last_seen_at),
      seen_in = (select array_agg(distinct x) from unnest(headline_versions.seen_in || excluded.seen_in) as x)`);
}
