/**
 * What a crash must not do (SPEC SCH-4, OPS-2), read from the database and the simulator:
 * duplicate rows, duplicate work, overlapping rank spans, and articles or headline versions
 * that an uninterrupted run of the same simulated period recorded but the killed one did not.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import type { AccessLogEntry } from "../sim/access-log";
import { repeatedRequests, type RepeatedRequest } from "../support/access-log-checks";
import { observedIn, versionKey } from "../integration/collection/observed";
import type { CrashRun } from "./crash-run";

const MINUTE = 60_000;
/** Articles published this long after the start are compared: robots.txt and first polls come first. */
export const WINDOW_START_MS = 15 * MINUTE;
/** …and this long before the end: a feed (10 min) or sitemap (15 min) poll has passed since. */
export const WINDOW_END_MS = 25 * MINUTE;
/** A headline version live this long was shown by at least one feed or sitemap poll of any run. */
export const VERSION_MIN_LIFE_MS = 35 * MINUTE;

/** The simulated period two runs are compared over. */
export interface Period {
  startSim: number;
  endSim: number;
}

/** From the later first request to the earlier end: the period every run covered. */
export function commonPeriod(...runs: CrashRun[]): Period {
  return { startSim: Math.max(...runs.map((r) => r.startSim)), endSim: Math.min(...runs.map((r) => r.endSim)) };
}

/** Rows that break a unique key or the span rule; all must be zero. */
export interface Integrity {
  duplicateArticles: number;
  duplicateVersions: number;
  overlappingSpans: number;
}

/** SCH-4: duplicates by the unique keys, and rank spans of one article that overlap. */
export async function integrity(database: Database): Promise<Integrity> {
  const one = async (query: ReturnType<typeof sql>) => Number((await database.db.execute<{ n: number }>(query))[0]?.n ?? 0);
  return {
    duplicateArticles: await one(
      sql`select count(*)::int as n from (select 1 from articles group by outlet_id, url having count(*) > 1) d`,
    ),
    duplicateVersions: await one(
      sql`select count(*)::int as n from (select 1 from headline_versions group by article_id, text_hash having count(*) > 1) d`,
    ),
    overlappingSpans: await one(sql`
      select count(*)::int as n from rank_spans a join rank_spans b
        on a.article_id = b.article_id and a.from_at < b.from_at and (a.to_at is null or a.to_at >= b.from_at)`),
  };
}

/** Articles (`slug url`) and headline versions (`url\ttext`) a run recorded. */
export interface Recorded {
  articles: Set<string>;
  versions: Set<string>;
  rows: number;
}

/** The registrable domain of a simulated-web URL (`www.x.test` → `x.test`). */
export const siteOfUrl = (url: string): string => new URL(url).hostname.split(".").slice(-2).join(".");

/**
 * Per site, the simulated times of the killed run's answered feed and sitemap polls. What a
 * run can know of a site is bounded by them: after a restart the worker catches up site by
 * site, and on a busy machine the last poll of a site can come well before the end.
 */
export async function listingPolls(
  database: Database,
  kinds: readonly ("feed" | "sitemap")[] = ["feed", "sitemap"],
): Promise<Map<string, number[]>> {
  const rows = await database.db.execute<{ site: string; at: string }>(sql`
    select site_domain as site, at from fetch_log
    where kind in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}) and outcome in ('ok', 'not-modified') order by at`);
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.site, [...(out.get(r.site) ?? []), Date.parse(r.at)]);
  return out;
}

/** Per site, the simulated intervals from each kill to that site's next answered listing poll. */
export function siteDowntimes(run: CrashRun, polls: ReadonlyMap<string, number[]>): Map<string, [number, number][]> {
  const out = new Map<string, [number, number][]>();
  for (const [site, times] of polls)
    out.set(
      site,
      run.kills.map((k) => [k.simTime, times.find((t) => t > k.simTime) ?? run.endSim]),
    );
  return out;
}

/**
 * Sitemap polls more than this apart leave a stretch a run could not watch: sitemaps are due
 * every 15 min, and a site's job waits while another of its jobs runs (measured: 17–25 min
 * apart at ×300). Shorter than VERSION_MIN_LIFE_MS, so a version watched that long held
 * through a poll.
 */
export const MAX_POLL_GAP_MS = 30 * MINUTE;

/**
 * Per site, the stretches of the period a run did not watch: between two answered polls (of
 * the news sitemap, which lists every recent article with its headline) more than
 * MAX_POLL_GAP_MS apart, and before the first or after the last when longer. A worker that
 * falls behind a fast clock on a loaded machine polls less often than its schedule says; a
 * headline version whose life outside these stretches is VERSION_MIN_LIFE_MS or more held
 * through at least one answered poll of its site.
 */
export function unwatched(polls: ReadonlyMap<string, number[]>, period: Period): Map<string, [number, number][]> {
  const out = new Map<string, [number, number][]>();
  for (const [site, times] of polls) {
    const edges = [period.startSim, ...times.filter((t) => t > period.startSim && t < period.endSim), period.endSim];
    const gaps: [number, number][] = [];
    for (let i = 1; i < edges.length; i++) if (edges[i]! - edges[i - 1]! > MAX_POLL_GAP_MS) gaps.push([edges[i - 1]!, edges[i]!]);
    out.set(site, gaps);
  }
  return out;
}

/** Per site, the union of the intervals of several maps, overlaps joined (so no time is excused twice). */
export function merged(...maps: ReadonlyMap<string, [number, number][]>[]): Map<string, [number, number][]> {
  const out = new Map<string, [number, number][]>();
  for (const map of maps) for (const [site, spans] of map) out.set(site, [...(out.get(site) ?? []), ...spans]);
  for (const [site, spans] of out) {
    const joined: [number, number][] = [];
    for (const [a, b] of [...spans].sort((x, y) => x[0] - y[0])) {
      const last = joined.at(-1);
      if (last && a <= last[1]) last[1] = Math.max(last[1], b);
      else joined.push([a, b]);
    }
    out.set(site, joined);
  }
  return out;
}

/**
 * What a run recorded for articles the simulated web published inside the compared window of
 * the period (by the ground truth's publication time: a date the killed run missed is not a
 * missing article), and before the killed run's last listing poll of their site.
 */
export async function recorded(
  database: Database,
  run: CrashRun,
  period: Period,
  seenUntil?: ReadonlyMap<string, number[]>,
): Promise<Recorded> {
  const from = period.startSim + WINDOW_START_MS;
  const to = period.endSim - WINDOW_END_MS;
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
  const starts = run.sim
    .accessLog()
    .map((e) => e.simTime)
    .sort((x, y) => x - y);
  return run.kills.map((k) => [k.simTime, starts.find((t) => t > k.simTime) ?? run.endSim]);
}

/**
 * Headline versions of the compared articles that were live long enough for a polling run to
 * see: at least VERSION_MIN_LIFE_MS of their life fell while a worker ran (`down` excluded).
 */
export function mustHaveSeen(
  run: CrashRun,
  period: Period,
  articles: Iterable<string>,
  down?: ReadonlyMap<string, [number, number][]>,
): Set<string> {
  const out = new Set<string>();
  const horizon = period.endSim - 5 * MINUTE;
  for (const key of articles) {
    const url = key.slice(key.indexOf(" ") + 1);
    const versions = run.sim.truth.articleByUrl(url)?.headlineVersions ?? [];
    versions.forEach((v, i) => {
      const from = Math.max(v.from, period.startSim);
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
  const versions =
    await database.sql`select v.text, v.first_seen_at from headline_versions v join articles a on a.id = v.article_id where a.url = ${url}`;
  const log = await database.sql`select at, kind, status, outcome, worker_id from fetch_log where site_domain = ${site} order by at`;
  const iso = (t: unknown) => new Date(t as string).toISOString().slice(11, 19);
  return [
    `${url}: article ${JSON.stringify(article)}; versions ${JSON.stringify(versions)}`,
    `truth: ${JSON.stringify(run.sim.truth.articleByUrl(url)?.headlineVersions.map((v) => `${iso(v.from)} ${v.text}`))}`,
    `kills: ${run.kills.map((k) => iso(k.simTime)).join(" ")}; downtime ${downtimes(run)
      .map(([a, b]) => `${iso(a)}–${iso(b)}`)
      .join(" ")}`,
    ...log.map((l) => `  ${iso(l.at)} ${l.kind} ${l.status} ${l.outcome} ${String(l.worker_id).slice(-6)}`),
  ].join("\n");
}

/** Per worker process (its worker-id prefix), the requests it completed (`fetch_log` lines no longer in flight). */
export async function requestsByProcess(database: Database): Promise<Map<string, number>> {
  const rows = await database.db.execute<{ worker: string; n: number }>(sql`
    select worker_id as worker, count(*)::int as n from fetch_log where outcome <> 'in-flight' group by worker_id`);
  return new Map(rows.map((r) => [r.worker.slice(0, r.worker.lastIndexOf(":") + 1), r.n]));
}

/** The shortest polling interval of any source (SPEC SCH-1: feeds every 10 minutes). */
const SHORTEST_INTERVAL_MS = 10 * MINUTE;
/** robots.txt and /.well-known files are cached this long (ROB-1). */
const HOST_FILES_CACHE_MS = 24 * 60 * MINUTE;

/** Requests made again sooner than the schedule allows; `redone` are those excused by a kill. */
export interface DuplicateWork {
  repeats: RepeatedRequest[];
  redone: RepeatedRequest[];
}

/**
 * Duplicate work (SPEC SCH-3, SCH-4), read off the simulator's access log, whichever worker
 * process sent the requests: a URL requested again sooner than the schedule allows —
 * a source (feed, sitemap, front page, legal notice) before its polling interval has passed
 * since its previous request (a job completes by scheduling the next poll `interval` after
 * the request, so this means two polls for one due time, or two workers polling at once);
 * an article page a second time at all (read once); robots.txt or a /.well-known file within
 * its 24-hour cache life; any other URL (sitemaps listed by a sitemap index) within the
 * shortest polling interval. A repeat is excused (`redone`) only when a kill fell between the
 * two requests and the dead worker then held a job of that site: its unfinished job is done
 * again, which is SCH-4's "a restart neither loses nor doubles work". Only one job per site
 * runs at a time, so everything sent to that site in between was that job's.
 */
export async function duplicateWork(database: Database, run: CrashRun): Promise<DuplicateWork> {
  const sources = new Map(
    (
      await database.db.execute<{ url: string; minutes: number }>(sql`
    select url, interval_minutes as minutes from sources`)
    ).map((r) => [r.url, r.minutes * MINUTE]),
  );
  const articles = new Set((await database.db.execute<{ url: string }>(sql`select url from articles`)).map((r) => r.url));
  const minGap = (url: string) => {
    const path = new URL(url).pathname;
    if (sources.has(url)) return sources.get(url)!;
    if (articles.has(url)) return Infinity;
    if (path === "/robots.txt" || path.startsWith("/.well-known/")) return HOST_FILES_CACHE_MS;
    return SHORTEST_INTERVAL_MS;
  };
  const repeats: RepeatedRequest[] = [];
  const redone: RepeatedRequest[] = [];
  for (const r of repeatedRequests(run.sim.accessLog(), minGap)) {
    const excused = run.kills.some(
      (k) =>
        r.firstSim <= k.simTime && k.simTime < r.secondSim && (k.heldSites.includes(r.site) || k.heldJobs.some((j) => j.site === r.site)),
    );
    (excused ? redone : repeats).push(r);
  }
  return { repeats, redone };
}

/** STO-1 for a run with kills: what was recorded against what the simulated web served. */
export interface ServedVsStored {
  /** Articles and headline versions (`url headline`) served in a document and not stored: must be empty. */
  lostArticles: string[];
  lostVersions: string[];
  /** Stored but never served: must be empty. */
  inventedArticles: string[];
  inventedVersions: string[];
  /** Documents served to a dead worker's unfinished job, whose recording the kill may have cut. */
  excusedDocuments: number;
  servedDocuments: number;
}

/**
 * The exactness of simulated-day.test.ts, relaxed for kills: every article and headline
 * version the simulated web served in a document (a 200 response, `truth.shownAt`) is stored,
 * except what only documents served to a dead worker's unfinished job showed — the requests
 * to the site of a job it held, from the job's claim to the kill (one job per site runs at a
 * time, so they were that job's); and nothing is stored that no document showed.
 */
export async function servedVsStored(database: Database, run: CrashRun): Promise<ServedVsStored> {
  const unfinished = (e: AccessLogEntry) =>
    run.kills.some((k) => k.heldJobs.some((j) => j.site === e.site && e.simTime >= j.claimedAt && e.simTime <= k.simTime));
  const log = run.sim.accessLog();
  const kept = log.filter((e) => !unfinished(e));
  const served = observedIn(run.sim.truth, log);
  const required = observedIn(run.sim.truth, kept);
  const rows = await database.db.execute<{ url: string; text: string | null }>(sql`
    select a.url, v.text from articles a left join headline_versions v on v.article_id = a.id`);
  const articles = new Set(rows.map((r) => r.url));
  const versions = new Set(rows.filter((r) => r.text !== null).map((r) => versionKey(r.url, r.text!)));
  const documents = (l: readonly AccessLogEntry[]) => l.filter((e) => e.status === 200 && !e.aborted).length;
  return {
    lostArticles: [...required.articles].filter((u) => !articles.has(u)).sort(),
    lostVersions: [...required.versions.keys()].filter((k) => !versions.has(k)).sort(),
    inventedArticles: [...articles].filter((u) => !served.articles.has(u)).sort(),
    inventedVersions: [...versions].filter((k) => !served.versions.has(k)).sort(),
    excusedDocuments: documents(log) - documents(kept),
    servedDocuments: documents(log),
  };
}

/**
 * Why an article served in a document is not stored: the 200 responses that showed it (simulated
 * time before the run's end, path, real duration) and the worker's requests to its site from
 * the first of them on.
 */
export async function explainServed(database: Database, run: CrashRun, url: string): Promise<string> {
  const showing = run.sim
    .accessLog()
    .filter(
      (e) =>
        e.status === 200 &&
        !e.aborted &&
        e.end !== undefined &&
        (run.sim.truth.shownAt(`http://${e.host}${e.path}`, e.simTime)?.shown ?? []).some((s) => s.url === url),
    );
  const since = new Date(Math.min(...showing.map((e) => e.simTime))).toISOString();
  const log = await database.sql`select at, kind, status, outcome, worker_id from fetch_log
    where site_domain = ${siteOfUrl(url)} and at >= ${since}::timestamptz order by at`;
  const before = (t: number) => `end −${Math.round((run.endSim - t) / 1000)} s`;
  return [
    `${url} shown by ${showing.map((e) => `${e.host}${e.path} at ${before(e.simTime)} (${Math.round(e.end! - e.start)} ms real)`).join(", ")}`,
    ...log.map(
      (l) => `  ${before(new Date(l.at as string).getTime())} ${l.kind} ${l.status} ${l.outcome} ${String(l.worker_id).slice(-6)}`,
    ),
  ].join("\n");
}
