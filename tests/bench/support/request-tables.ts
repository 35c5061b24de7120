/**
 * The tables that grow with every request (fetch_log, frontpage_captures, probes) as a steady
 * crawl holds them: outlets and their sources from the history generator's outlets, then each
 * table's rows over its window, written by PostgreSQL itself (INSERT … SELECT over
 * generate_series, in time order, a few days per statement: nothing crosses the wire, faster
 * than COPY). The cadence is the generator's (scripts/seed-history/generate/fetch-log.ts):
 * per site and day two feeds every 10 min, the news sitemap every 15 min, robots.txt once,
 * a front-page capture every 20 min (2 % failed, a fifth of those extraction failures) and
 * an article read every 27 min (~53 a day, the generator's mean); one site in ten closed
 * throughout, probed hourly. Each table starts one hour past its window, so the hourly prune
 * at `end` deletes one hour of rows, as it does on a steady crawl.
 */
import type postgres from "postgres";
import { createRandom } from "../../../scripts/seed-history/generate/random";
import { generateOutlets } from "../../../scripts/seed-history/generate/outlets";
import { writeOutlets } from "../../../scripts/seed-history/write";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Days written per statement. */
const CHUNK_DAYS = 5;

/** How many days each table holds back from `end` (successful captures are never pruned: their own span). */
export interface TableDays {
  requests: number;
  okCaptures: number;
  failedCaptures: number;
  probes: number;
}

/** Rows written per table. */
export type RequestTableCounts = Record<"fetch_log" | "frontpage_captures" | "probes", number>;

/** The outlets, one per site: id, site, home page and a small index that spreads their minutes. */
const OUTLETS = `with o as (
  select o.id, s.site_domain as domain, o.homepage, (row_number() over (order by o.id))::int as i
  from outlets o join sources s on s.outlet_id = o.id and s.kind = 'frontpage')`;

const iso = (ms: number) => new Date(ms).toISOString();

async function inChunks(from: number, to: number, write: (a: string, b: string) => Promise<number>): Promise<number> {
  let n = 0;
  for (let a = from; a < to; a += CHUNK_DAYS * DAY_MS) n += await write(iso(a), iso(Math.min(to, a + CHUNK_DAYS * DAY_MS)));
  return n;
}

/** Every request of every site in [a, b), in time order. */
async function fetchRows(sql: postgres.Sql, a: string, b: string): Promise<number> {
  const every = (minutes: number, offsetMinutes: number) =>
    `generate_series('${a}'::timestamptz + interval '${offsetMinutes} minutes', '${b}'::timestamptz - interval '1 second', interval '${minutes} minutes')`;
  const result = await sql.unsafe(`${OUTLETS}, r as (
      select t + o.i * interval '7 seconds' as at, o.domain, o.homepage || case when extract(minute from t)::int % 10 = 0 then 'rss/portada.xml' else 'rss/ultima-hora.xml' end as url,
        'feed' as kind, case when random() < 0.7 then 'not-modified' else 'ok' end as outcome, 40000 as bytes, o.i from o, ${every(5, 0)} t
      union all select t + o.i * interval '7 seconds', o.domain, o.homepage || 'sitemap-news.xml', 'sitemap', case when random() < 0.5 then 'not-modified' else 'ok' end, 120000, o.i from o, ${every(15, 7)} t
      union all select t + o.i * interval '7 seconds', o.domain, o.homepage || 'robots.txt', 'robots', 'ok', 900, o.i from o, ${every(1440, 180)} t
      union all select t + o.i * interval '7 seconds', o.domain, o.homepage, 'frontpage',
        case when random() < 0.02 then (array['timeout', 'http-error', 'unreachable', 'blocked'])[1 + floor(random() * 4)::int] else 'ok' end, 350000, o.i from o, ${every(20, 2)} t
      union all select t + o.i * interval '7 seconds', o.domain, o.homepage || 'noticia/' || extract(epoch from t)::bigint, 'article', 'ok', 180000, o.i from o, ${every(27, 11)} t)
    insert into fetch_log (at, site_domain, url, kind, status, bytes, duration_ms, outcome, worker_id)
    select at, domain, url, kind, case outcome when 'ok' then 200 when 'not-modified' then 304 when 'http-error' then 500 when 'blocked' then 403 end,
      case when outcome = 'ok' then bytes else 0 end, (60 + random() * 400)::int, outcome, 'worker-' || (i % 4)
    from r where at < '${b}'::timestamptz order by at`);
  return result.count;
}

/** Front-page captures of every outlet in [a, b); failed ones only after `failedFrom`. */
async function captureRows(sql: postgres.Sql, a: string, b: string, failedFrom: string): Promise<number> {
  const result = await sql.unsafe(`${OUTLETS}, c as (
      select o.id, t + o.i * interval '7 seconds' as at, o.i,
        case when random() < 0.02 then (array['timeout', 'http-error', 'unreachable', 'blocked', 'extraction-failed'])[1 + floor(random() * 5)::int] else 'ok' end as outcome
      from o, generate_series('${a}'::timestamptz + interval '2 minutes', '${b}'::timestamptz - interval '1 second', interval '20 minutes') t)
    insert into frontpage_captures (outlet_id, at, outcome, link_count, render_mode, changed)
    select id, at, outcome, case when outcome = 'ok' then 24 + i % 17 when outcome = 'extraction-failed' then 2 else 0 end, 'static',
      case when outcome = 'ok' then random() < 0.3 end
    from c where at < '${b}'::timestamptz and (outcome = 'ok' or at >= '${failedFrom}'::timestamptz) order by at`);
  return result.count;
}

/** Hourly probes of the closed sites' front pages in [a, b), one in ten answered. */
async function probeRows(sql: postgres.Sql, a: string, b: string): Promise<number> {
  const result = await sql.unsafe(`${OUTLETS}
    insert into probes (site_domain, outlet_id, url, at, status, answered)
    select o.domain, o.id, o.homepage, t + o.i * interval '7 seconds', case when k then 200 else 403 end, k
    from o join sites st on st.domain = o.domain and st.closed_since is not null,
      generate_series('${a}'::timestamptz + interval '30 minutes', '${b}'::timestamptz - interval '1 second', interval '1 hour') t,
      lateral (select random() < 0.1 as k) answered
    order by 4`);
  return result.count;
}

/** `outlets` outlets (inactive sources: nothing crawls them) and each table's rows up to `end`; `progress` gets a line per table. */
export async function loadRequestTables(
  sql: postgres.Sql,
  p: { outlets: number; end: number; days: TableDays; progress: (line: string) => void },
): Promise<RequestTableCounts> {
  await writeOutlets(sql, generateOutlets(createRandom("tables", "outlets"), p.outlets), {});
  // One site in ten closed throughout: its front page is probed hourly (BLK-2).
  await sql.unsafe(`insert into sites (domain, next_allowed_at, closed_since, closed_reason)
    select site_domain, 'epoch', case when row_number() over (order by site_domain) % 10 = 0 then '${iso(p.end - p.days.probes * DAY_MS - HOUR_MS)}'::timestamptz end,
      case when row_number() over (order by site_domain) % 10 = 0 then 'blocked' end
    from sources where kind = 'frontpage' on conflict do nothing`);
  const since = (days: number) => p.end - days * DAY_MS - HOUR_MS;
  const started = performance.now();
  const took = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const fetch_log = await inChunks(since(p.days.requests), p.end, (a, b) => fetchRows(sql, a, b));
  p.progress(`fetch_log: ${fetch_log.toLocaleString("en-US")} rows (${took()})`);
  const frontpage_captures = await inChunks(since(p.days.okCaptures), p.end, (a, b) =>
    captureRows(sql, a, b, iso(since(p.days.failedCaptures))),
  );
  p.progress(`frontpage_captures: ${frontpage_captures.toLocaleString("en-US")} rows (${took()})`);
  const probes = await inChunks(since(p.days.probes), p.end, (a, b) => probeRows(sql, a, b));
  p.progress(`probes: ${probes.toLocaleString("en-US")} rows (${took()})`);
  // What autovacuum does to a steady table (statistics, visibility map).
  await sql.unsafe("vacuum analyze fetch_log, frontpage_captures, probes, outlets, sources, sites");
  p.progress(`vacuum analyze (${took()})`);
  return { fetch_log, frontpage_captures, probes };
}
