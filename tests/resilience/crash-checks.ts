/**
 * What a crash must not do (SPEC SCH-4, OPS-2), read from the database and the simulator:
 * duplicate rows, overlapping rank spans, and articles or headline versions that an
 * uninterrupted run of the same simulated period recorded but the killed one did not.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { CrashRun } from "./crash-run";

const MINUTE = 60_000;
/** Articles published this long after the start are compared: robots.txt and first polls come first. */
export const WINDOW_START_MS = 15 * MINUTE;
/** …and this long before the end: a feed (10 min) or sitemap (15 min) poll has passed since. */
export const WINDOW_END_MS = 25 * MINUTE;
/** A headline version live this long was shown by at least one feed or sitemap poll of any run. */
export const VERSION_MIN_LIFE_MS = 35 * MINUTE;

/** Rows that break a unique key or the span rule; all must be zero. */
export interface Integrity { duplicateArticles: number; duplicateVersions: number; overlappingSpans: number }

/** SCH-4: duplicates by the unique keys, and rank spans of one article that overlap. */
export async function integrity(database: Database): Promise<Integrity> {
  const one = async (query: ReturnType<typeof sql>) => Number((await database.db.execute<{ n: number }>(query))[0]?.n ?? 0);
  return {
    duplicateArticles: await one(sql`select count(*)::int as n from (select 1 from articles group by outlet_id, url having count(*) > 1) d`),
    duplicateVersions: await one(sql`select count(*)::int as n from (select 1 from headline_versions group by article_id, text_hash having count(*) > 1) d`),
    overlappingSpans: await one(sql`
      select count(*)::int as n from rank_spans a join rank_spans b
        on a.article_id = b.article_id and a.from_at < b.from_at and (a.to_at is null or a.to_at >= b.from_at)`),
  };
}

/** Articles (`slug url`) and headline versions (`url\ttext`) a run recorded. */
export interface Recorded { articles: Set<string>; versions: Set<string>; rows: number }

/** The registrable domain of a simulated-web URL (`www.x.test` → `x.test`). */
export const siteOfUrl = (url: string): string => new URL(url).hostname.split(".").slice(-2).join(".");

/**
 * Per site, the simulated times of the killed run's answered feed and sitemap polls. What a
 * run can know of a site is bounded by them: after a restart the worker catches up site by
 * site, and on a busy machine the last poll of a site can come well before the end.
 */
export async function listingPolls(database: Database): Promise<Map<string, number[]>> {
  const rows = await database.db.execute<{ site: string; at: string }>(sql`
    select site_domain as site, at from fetch_log where kind in ('feed', 'sitemap') and outcome in ('ok', 'not-modified') order by at`);
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.site, [...(out.get(r.site) ?? []), Date.parse(r.at)]);
  return out;
}

/** Per site, the simulated intervals from each kill to that site's next answered listing poll. */
export function siteDowntimes(run: CrashRun, polls: ReadonlyMap<string, number[]>): Map<string, [number, number][]> {
  const out = new Map<string, [number, number][]>();
  for (const [site, times] of polls) out.set(site, run.kills.map((k) => [k.simTime, times.find((t) => t > k.simTime) ?? run.endSim]));
  return out;
}

/**
 * What a run recorded for articles the simulated web published inside the compared window of
 * [startSim, endSim] (by the ground truth's publication time: a date the killed run missed is
 * not a missing article), and before the killed run's last listing poll of their site.
 */
export async function recorded(database: Database, run: CrashRun, endSim: number, seenUntil?: ReadonlyMap<string, number[]>): Promise<Recorded> {
  const from = run.startSim + WINDOW_START_MS;
  const to = endSim - WINDOW_END_MS;
  const rows = await database.db.execute<{ slug: string; url: string; text: string | null }>(sql`
    select o.slug, a.url, v.text from articles a join outlets o on o.id = a.outlet_id
    left join headline_versions v on v.article_id = a.id`);
  const articles = new Set<string>();
  const versions = new Set<string>();
  let kept = 0;
  for (const r of rows) {
    const published = run.sim.truth.articleByUrl(r.url)?.publishedAt;
    if (published === undefined || published < from || published > to) continue;
    if (seenUntil && published >= (seenUntil.get(siteOfUrl(r.url))?.at(-1) ?? -Infinity)) continue;
    kept++;
    articles.add(`${r.slug} ${r.url}`);
    if (r.text !== null) versions.add(`${r.url}\t${r.text}`);
  }
  return { articles, versions, rows: kept };
}

/** Simulated intervals with no worker: from each kill to the restarted worker's first request. */
export function downtimes(run: CrashRun): [number, number][] {
  const starts = run.sim.accessLog().map((e) => e.simTime).sort((x, y) => x - y);
  return run.kills.map((k) => [k.simTime, starts.find((t) => t > k.simTime) ?? run.endSim]);
}

/**
 * Headline versions of the compared articles that were live long enough for a polling run to
 * see: at least VERSION_MIN_LIFE_MS of their life fell while a worker ran (`down` excluded).
 */
export function mustHaveSeen(run: CrashRun, endSim: number, articles: Iterable<string>, down?: ReadonlyMap<string, [number, number][]>): Set<string> {
  const out = new Set<string>();
  const horizon = endSim - 5 * MINUTE;
  for (const key of articles) {
    const url = key.slice(key.indexOf(" ") + 1);
    const versions = run.sim.truth.articleByUrl(url)?.headlineVersions ?? [];
    versions.forEach((v, i) => {
      const from = Math.max(v.from, run.startSim);
      const until = Math.min(versions[i + 1]?.from ?? Infinity, horizon);
      const lost = (down?.get(siteOfUrl(url)) ?? []).reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, until) - Math.max(a, from)), 0);
      if (until - from - lost >= VERSION_MIN_LIFE_MS) out.add(`${url}\t${v.text}`);
    });
  }
  return out;
}

/** Members of `a` missing from `b`, sorted, for readable failures. */
export function missing(a: ReadonlySet<string>, b: ReadonlySet<string>): string[] {
  return [...a].filter((x) => !b.has(x)).sort();
}

/** For a failure message: what the killed run knows of `url` — its rows and its site's request log around the kills. */
export async function explain(database: Database, run: CrashRun, url: string): Promise<string> {
  const site = siteOfUrl(url);
  const article = await database.sql`select id, first_seen_at, first_seen_in, published_at from articles where url = ${url}`;
  const versions = await database.sql`select v.text, v.first_seen_at from headline_versions v join articles a on a.id = v.article_id where a.url = ${url}`;
  const log = await database.sql`select at, kind, status, outcome, worker_id from fetch_log where site_domain = ${site} order by at`;
  const iso = (t: unknown) => new Date(t as string).toISOString().slice(11, 19);
  return [
    `${url}: article ${JSON.stringify(article)}; versions ${JSON.stringify(versions)}`,
    `truth: ${JSON.stringify(run.sim.truth.articleByUrl(url)?.headlineVersions.map((v) => `${iso(v.from)} ${v.text}`))}`,
    `kills: ${run.kills.map((k) => iso(k.simTime)).join(" ")}; downtime ${downtimes(run).map(([a, b]) => `${iso(a)}–${iso(b)}`).join(" ")}`,
    ...log.map((l) => `  ${iso(l.at)} ${l.kind} ${l.status} ${l.outcome} ${String(l.worker_id).slice(-6)}`),
  ].join("\n");
}
