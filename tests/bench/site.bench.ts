/**
 * The public site under load on the generated year: 50 outlets ×
 * 365 days from `npm run seed:history` (made once per generator version, then reused),
 * the site on loopback, and for home, an outlet, an article, a story, search, an
 * API page and an export: p50/p95 latency and requests/s with autocannon, next to the
 * goal (p95 ≤ 100 ms, ≥ 200 req/s on a 2-core machine). A page that is not there yet
 * (404) is printed as an error figure. Then EXPLAIN (ANALYZE, BUFFERS) of the
 * statements behind the API and exports, to show index use.
 *
 * The site runs as `npm start` runs it (scripts/site.ts: Next.js behind the page cache),
 * so the load figures are what readers get; then each page is rendered with the cache
 * off, one request at a time, to show what the first reader of a page waits.
 *
 * Knobs: BENCH_SITE_OUTLETS (50), BENCH_SITE_DAYS (365), BENCH_SITE_DURATION_S (10 per
 * path), BENCH_SITE_CONNECTIONS (8), BENCH_SITE_RENDER_SAMPLES (20 per path),
 * BENCH_SITE_PLANS=1 (print whole plans), BENCH_SITE_STOCK_URL (a stock PostgreSQL server, e.g. Debian's
 * package with JIT on: the year is generated or reused there too and the uncached renders measured
 * on both, side by side), BENCH_SITE_RENDERS_ONLY=1 (only the uncached renders: no load, no EXPLAIN),
 * BENCH_SITE_PAGES (only the page kinds whose label starts with one of these, comma-separated: "outlets,status,story"),
 * BENCH_SITE_WARM_ROUNDS (200 rounds of every page, interleaved, before any is measured: warmAsServed),
 * BENCH_SITE_WARM_UP (10 unmeasured renders of each page before its samples, 2 for a year-long period).
 */
import autocannon from "autocannon";
import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { buildIfNeeded } from "../../scripts/build-if-needed";
import { pageApiArticles } from "../../db/open-data/sql/articles";
import { articlesDataset } from "../../db/open-data/datasets/articles";
import { headlineVersionsDataset } from "../../db/open-data/datasets/headline-versions";
import { rankSpansDataset } from "../../db/open-data/datasets/rank-spans";
import { storiesDataset } from "../../db/open-data/datasets/stories";
import { explainApi, explainedFigures, explainPage, type Explained } from "./support/api-explain";
import { loadArticlePage } from "../../db/queries/site/article-page";
import { readHomePage } from "../../db/queries/site/home-page";
import { loadOutletPage } from "../../db/queries/outlet-page/outlet-page";
import { loadPolicies } from "../../db/policies-in-force";
import { searchHeadlines } from "../../db/queries/site/search";
import { loadStoryPage } from "../../db/queries/stories/story-page";
import { readStatusPage } from "../../db/queries/site/status-page";
import { refreshOutletStatus } from "../../db/figures/outlet-status";
import { refreshOutletRecentFigures } from "../../db/figures/outlet-recent-figures";
import { busySeconds, machineTicks } from "./support/machine-cpu";
import { treeCpuSeconds } from "./support/proc-cpu";
import { historyDatabase } from "./support/history-database";
import { startSite } from "./support/site-server";
import { mean, postmasterPid, renderCost } from "./support/uncached-renders";
import { dayValue } from "../../lib/pages/peninsular-time";
import { atLeast, exactly, figure, type BenchContext, type Figure } from "./types";

export const name = "site";

const one = (v: string | undefined, fallback: number) => (v && Number(v) > 0 ? Number(v) : fallback);
const atMost = (max: number) => (value: number) => ({ bound: `≤ ${max}`, ok: value <= max });
const DAY = 86_400_000;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** What one load window measured; CPU in seconds over the window. */
interface Window {
  p50: number;
  p95: number;
  rps: number;
  errors: number;
  requests: number;
  siteCpu: number;
  postgresCpu: number;
  selfCpu: number;
  machineCpu: number;
  seconds: number;
}

/** Load one path for `seconds` with `connections`; latencies from every response, CPU per process tree. */
async function load(url: string, seconds: number, connections: number, pids: { site: number; postgres?: number }): Promise<Window> {
  const before = {
    site: treeCpuSeconds(pids.site),
    postgres: treeCpuSeconds(pids.postgres),
    self: process.cpuUsage(),
    machine: machineTicks(),
    at: performance.now(),
  };
  const latencies: number[] = [];
  const instance = autocannon({ url, connections, duration: seconds, timeout: 30 });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const diff = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? Number.NaN : b - a);
  const self = process.cpuUsage(before.self);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: result.requests.average,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: latencies.length,
    siteCpu: diff(before.site, treeCpuSeconds(pids.site)),
    postgresCpu: diff(before.postgres, treeCpuSeconds(pids.postgres)),
    selfCpu: (self.user + self.system) / 1e6,
    machineCpu: busySeconds(before.machine, machineTicks()),
    seconds: (performance.now() - before.at) / 1000,
  };
}

/** Paths of real rows in the generated year. */
async function choosePaths(sql: postgres.Sql, end: number): Promise<Record<string, string>> {
  const [outlet] = await sql<{ id: number; slug: string }[]>`
    select o.id, o.slug from outlets o join articles a on a.outlet_id = o.id
    where a.first_seen_at > ${new Date(end - DAY).toISOString()} group by o.id order by count(*) desc limit 1`;
  const [article] = await sql<{ id: string }[]>`
    select a.id from articles a where a.outlet_id = ${outlet!.id} and a.first_seen_frontpage_at is not null
    order by a.first_seen_at desc limit 1 offset 20`;
  const [story] = await sql<{ id: string }[]>`select id from stories order by last_seen_at desc, outlet_count desc limit 1`;
  const [capture] = await sql<{ id: string }[]>`
    select id from frontpage_captures where outlet_id = ${outlet!.id} and outcome = 'ok' and at < ${new Date(end - DAY).toISOString()}
    order by at desc limit 1`;
  // A group the outlets file declares, or else the one every outlet's country puts it in.
  const [declared] = await sql<{ group: string }[]>`select unnest(groups) as group from outlets order by 1 limit 1`;
  const [country] = await sql<{ country: string }[]>`select lower(country) as country from outlets limit 1`;
  const group = declared?.group ?? `pais-${country!.country}`;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    "home /": "/",
    // The floor every request pays: a page that reads nothing from the database, and the smallest route handler.
    "static page /quienes-somos": "/quienes-somos",
    "health /healthz": "/healthz",
    "outlet /cabeceras/<slug>": `/cabeceras/${outlet!.slug}`,
    "article /noticias/<id>": `/noticias/${article!.id}`,
    "story /historias/<id>": `/historias/${story!.id}`,
    "search /buscar?q=vivienda": "/buscar?q=vivienda",
    "outlet over a year /cabeceras/<slug>?desde=&hasta=": `/cabeceras/${outlet!.slug}?desde=${dayValue(end - 364 * DAY)}&hasta=${dayValue(end)}`,
    "outlets /cabeceras": "/cabeceras",
    "status /estado": "/estado",
    "day's leads /portadas/dia?fecha=": `/portadas/dia?fecha=${dayValue(end - DAY)}`,
    "API /api/v1/articles?outlet=…": `/api/v1/articles?outlet=${outlet!.slug}&from=${day(end - 7 * DAY)}`,
    "API /api/v1/rank-spans?outlet=…": `/api/v1/rank-spans?outlet=${outlet!.slug}&from=${day(end - 7 * DAY)}`,
    // Four weeks back, as the load bench's mix asks for them: a page of one outlet's versions from its index.
    "API /api/v1/headline-versions?outlet=…": `/api/v1/headline-versions?outlet=${outlet!.slug}&from=${day(end - 28 * DAY)}`,
    "export articles.csv (1 outlet, 1 day)": `/api/v1/exports/articles.csv?outlet=${outlet!.slug}&from=${day(end - DAY)}&to=${day(end)}`,
    "placement alert /alertas/puestos.atom?q=vivienda&puesto=5": "/alertas/puestos.atom?q=vivienda&puesto=5",
    "rewrite alert /alertas/reescrituras.atom?horas=6": "/alertas/reescrituras.atom?horas=6",
    "cited capture /cabeceras/<slug>/capturas/<id>": `/cabeceras/${outlet!.slug}/capturas/${capture!.id}`,
    "cited capture SVG …/capturas/<id>/portada.svg": `/cabeceras/${outlet!.slug}/capturas/${capture!.id}/portada.svg`,
    "article changes /noticias/<id>/cambios.atom": `/noticias/${article!.id}/cambios.atom`,
    "robots /robots": "/robots",
    "bulk files /datos/volcados": "/datos/volcados",
    "group's outlets /cabeceras?grupo=": `/cabeceras?grupo=${group}`,
    "group's home /?grupo=": `/?grupo=${group}`,
    "API /api/v1/series?q=vivienda (a year)": `/api/v1/series?q=vivienda&from=${dayValue(end - 364 * DAY)}`,
  };
}

async function explainAll(sql: postgres.Sql, end: number, slug: string): Promise<Explained[]> {
  const db = drizzle(sql);
  const from = end - 7 * DAY;
  const q = { limit: 100 };
  const cursorRow = (await pageApiArticles(db, { excluded: [], from: end - 30 * DAY, limit: 1 }))[0];
  return [
    ...(await explainApi(sql, db, end, "articles, first page", (ctx) => articlesDataset.page(ctx, q, undefined, 100))),
    ...(await explainApi(sql, db, end, "articles, outlet + 7 days", (ctx) =>
      articlesDataset.page(ctx, { ...q, outlet: slug, from, to: end }, undefined, 100),
    )),
    ...(await explainApi(sql, db, end, "articles, after a cursor 30 days back", (ctx) =>
      articlesDataset.page(ctx, q, [cursorRow!.k, cursorRow!.id], 100),
    )),
    ...(await explainApi(sql, db, end, "export articles, 7 days, batch 2000", (ctx) =>
      articlesDataset.page(ctx, { ...q, from, to: end }, undefined, 2000),
    )),
    ...(await explainApi(sql, db, end, "headline versions, outlet + 7 days", (ctx) =>
      headlineVersionsDataset.page(ctx, { ...q, outlet: slug, from, to: end }, undefined, 100),
    )),
    ...(await explainApi(sql, db, end, "headline versions, 7 days", (ctx) =>
      headlineVersionsDataset.page(ctx, { ...q, from, to: end }, undefined, 100),
    )),
    ...(await explainApi(sql, db, end, "rank spans, outlet + 7 days", (ctx) =>
      rankSpansDataset.page(ctx, { ...q, outlet: slug, from, to: end }, undefined, 100),
    )),
    ...(await explainApi(sql, db, end, "rank spans, 7 days, all outlets", (ctx) =>
      rankSpansDataset.page(ctx, { ...q, from, to: end }, undefined, 100),
    )),
    ...(await explainApi(sql, db, end, "stories, 7 days", (ctx) => storiesDataset.page(ctx, { ...q, from, to: end }, undefined, 100))),
  ];
}

/** Every statement behind each public page, explained (the ids and slug of the paths loaded). */
async function explainPages(sql: postgres.Sql, end: number, paths: Record<string, string>): Promise<Explained[]> {
  const db = drizzle(sql);
  const policies = await loadPolicies(db);
  const last = (path: string) => path.split("?")[0]!.split("/").pop()!;
  return [
    ...(await explainPage(sql, db, "page /", (d) => readHomePage(d, policies, end))),
    ...(await explainPage(sql, db, "page outlet", (d) =>
      loadOutletPage(d, policies, { slug: last(paths["outlet /cabeceras/<slug>"]!), now: end }),
    )),
    ...(await explainPage(sql, db, "page article", (d) =>
      loadArticlePage(d, policies, { id: Number(last(paths["article /noticias/<id>"]!)) }),
    )),
    ...(await explainPage(sql, db, "page story", (d) => loadStoryPage(d, policies, { id: Number(last(paths["story /historias/<id>"]!)) }))),
    ...(await explainPage(sql, db, "page search", (d) => searchHeadlines(d, policies, { q: "vivienda", page: 1 }))),
    ...(await explainPage(sql, db, "page /estado", (d) => readStatusPage(d, policies, end))),
  ];
}

const isYearLong = (label: string) => label.startsWith("outlet over a year") || label.endsWith("(a year)");

/**
 * A renderer as a served one is: it has rendered every page kind many times, among the others, so
 * V8 has compiled and optimised their code. A fresh renderer spends a large share of its CPU
 * compiling (the renderer's CPU for a search: 25 ms a render after 20 renders, 17.5 after 300,
 * 15.5 after 1,000: docs/benchmarks.md), so figures taken after a few renders measure the start,
 * not the site. `rounds` rounds of every path in turn (a year-long period every tenth round).
 */
async function warmAsServed(base: string, paths: Record<string, string>, rounds: number): Promise<void> {
  for (let round = 0; round < rounds; round++)
    for (const [label, path] of Object.entries(paths)) {
      if (isYearLong(label) && round % 10 !== 0) continue;
      await fetch(`${base}${path}`).then((r) => r.arrayBuffer());
    }
}

/** Uncached renders of every path on one server: wall p50/p95, CPU (site + PostgreSQL) mean/p95 per render, HTML size. */
async function uncachedRenders(
  server: string,
  url: string,
  postgresPid: number | undefined,
  paths: Record<string, string>,
  samples: number,
  ctx: BenchContext,
  warmPaths: Record<string, string>,
): Promise<Figure[]> {
  const out: Figure[] = [];
  const warmUp = one(process.env.BENCH_SITE_WARM_UP, 10);
  const rounds = process.env.BENCH_SITE_WARM_ROUNDS === undefined ? 200 : Number(process.env.BENCH_SITE_WARM_ROUNDS);
  const renderer = await startSite(url, 0);
  // The worker's status chore (crawler/derive/outlet-status.ts) keeps the outlets' status fresh for
  // "Estado" and "Cabeceras", and its front-page chore (crawler/derive/outlet-recent-figures.ts) the outlet
  // page's recent front-page figures: here they run before each page's renders, as the worker runs them
  // every minute and every five.
  const chore = postgres(url, { max: 1, onnotice: () => {}, connection: { jit: "off" } });
  const refreshes: number[] = [];
  const frontRefreshes: number[] = [];
  try {
    ctx.progress(`${server}: ${rounds} rounds of every page before measuring, as a served renderer has rendered them`);
    const warmBegan = performance.now();
    await warmAsServed(renderer.url, warmPaths, rounds);
    out.push(
      figure(
        `renderer warmed as served: ${rounds} rounds of the ${Object.keys(warmPaths).length} pages (${server})`,
        (performance.now() - warmBegan) / 1000,
        "s",
      ),
    );
    for (const [label, path] of Object.entries(paths)) {
      const year = isYearLong(label);
      const began = performance.now();
      await refreshOutletStatus(drizzle(chore), await loadPolicies(drizzle(chore)), Date.now());
      refreshes.push(performance.now() - began);
      const frontBegan = performance.now();
      await refreshOutletRecentFigures(drizzle(chore), await loadPolicies(drizzle(chore)), Date.now());
      frontRefreshes.push(performance.now() - frontBegan);
      ctx.progress(`${label} (${server}): uncached renders`);
      const r = await renderCost(
        `${renderer.url}${path}`,
        year ? Math.max(3, Math.round(samples / 5)) : samples,
        [renderer.pid, postgresPid],
        year ? Math.max(1, Math.round(warmUp / 5)) : warmUp,
      );
      if (r.status !== 200) {
        out.push(figure(`${label} (${server}): HTTP status`, r.status, "status", exactly(200)));
        continue;
      }
      out.push(
        figure(
          `${label} (${server}): uncached render p50 / p95 wall`,
          percentile(r.wallMs, 50),
          `ms / ${percentile(r.wallMs, 95).toFixed(0)}`,
        ),
      );
      out.push(figure(`${label} (${server}): uncached render CPU, mean`, mean(r.cpuMs), "CPU ms"));
      out.push(figure(`${label} (${server}): uncached render CPU, p95`, percentile(r.cpuMs, 95), "CPU ms", atMost(year ? 250 : 30)));
      if (!label.startsWith("API") && !label.startsWith("export"))
        out.push(figure(`${label} (${server}): HTML`, r.bytes / 1024, "KiB", atMost(150)));
    }
    refreshes.sort((a, b) => a - b);
    out.push(figure(`outlets' status refresh, the worker's chore once a minute (${server}): wall p50`, percentile(refreshes, 50), "ms"));
    frontRefreshes.sort((a, b) => a - b);
    out.push(
      figure(
        `outlets' recent figures refresh (outlet page), the worker's chore every 5 minutes (${server}): wall p50`,
        percentile(frontRefreshes, 50),
        "ms",
      ),
    );
  } finally {
    await chore.end();
    await renderer.stop();
  }
  return out;
}

/** Generate or reuse the year, serve it, load each path, explain the API's statements. */
export async function run(ctx: BenchContext): Promise<Figure[]> {
  const outlets = one(process.env.BENCH_SITE_OUTLETS, 50);
  const days = one(process.env.BENCH_SITE_DAYS, 365);
  const seconds = one(process.env.BENCH_SITE_DURATION_S, 10);
  const connections = one(process.env.BENCH_SITE_CONNECTIONS, 8);
  const renderSamples = one(process.env.BENCH_SITE_RENDER_SAMPLES, 20);
  const out: Figure[] = [];
  const history = await historyDatabase(outlets, days, process.env.DATABASE_URL, ctx.progress);
  // The site pool's session settings (db/client.ts), for the EXPLAINs.
  const sql = postgres(history.url, { max: 2, onnotice: () => {}, connection: { random_page_cost: 1.1, jit: "off" } });
  try {
    const s = history.summary;
    const how = history.generated ? "generated now" : "reused";
    out.push(figure(`seed:history ${outlets} × ${days} d (${how}): rows written`, s.rows, "rows"));
    out.push(figure(`seed:history ${outlets} × ${days} d (${how}): write rate`, Math.round(s.rowsPerSecond), "rows/s"));
    out.push(figure(`seed:history ${outlets} × ${days} d (${how}): time`, Math.round(s.seconds), "s"));
    for (const [table, n] of Object.entries(s.counts)) ctx.progress(`  ${table.padEnd(20)} ${n.toLocaleString("en-US").padStart(12)} rows`);

    buildIfNeeded(ctx.progress);
    const only = (process.env.BENCH_SITE_PAGES ?? "")
      .split(",")
      .map((x) => x.trim())
      .filter(Boolean);
    // Each server's year has its own row ids (a capture's, a story's), so each gets its own paths.
    const chosen = (all: Record<string, string>) =>
      Object.fromEntries(Object.entries(all).filter(([label]) => only.length === 0 || only.some((x) => label.startsWith(x))));
    // The renderers are warmed on every page kind (warmAsServed), whichever are measured.
    const allPaths = await choosePaths(sql, history.end);
    const paths = chosen(allPaths);
    const rendersOnly = process.env.BENCH_SITE_RENDERS_ONLY === "1";
    const site = await startSite(history.url);
    try {
      for (const [label, path] of rendersOnly ? [] : Object.entries(paths)) {
        const url = `${site.url}${path}`;
        const first = await fetch(url);
        await first.arrayBuffer();
        if (first.status !== 200) {
          out.push(figure(`${label}: HTTP status (not there yet?)`, first.status, "status", exactly(200)));
          continue;
        }
        ctx.progress(`${label}: ${path}, ${seconds} s × ${connections} connections`);
        const r = await load(url, seconds, connections, { site: site.pid, postgres: history.postgresPid });
        const perRequest = (cpu: number) => (cpu / Math.max(1, r.requests)) * 1000;
        const serving = perRequest(r.siteCpu) + (Number.isFinite(r.postgresCpu) ? perRequest(r.postgresCpu) : 0);
        out.push(figure(`${label}: p50 latency`, r.p50, "ms"));
        out.push(figure(`${label}: p95 latency`, r.p95, "ms", atMost(100)));
        out.push(figure(`${label}: requests/s`, Math.round(r.rps), "req/s", atLeast(200)));
        out.push(
          figure(`${label}: CPU per request, site (PostgreSQL ${perRequest(r.postgresCpu).toFixed(1)})`, perRequest(r.siteCpu), "CPU ms"),
        );
        out.push(
          figure(
            `${label}: other processes' CPU in the window`,
            (r.machineCpu - r.siteCpu - (r.postgresCpu || 0) - r.selfCpu) / r.seconds,
            "cores",
          ),
        );
        out.push(
          figure(`${label}: requests/s two free cores would serve (2,000 ÷ CPU ms)`, Math.round(2000 / serving), "req/s", atLeast(200)),
        );
        if (r.errors > 0) out.push(figure(`${label}: errors and non-2xx`, r.errors, `of ${r.requests}`, exactly(0)));
      }
    } finally {
      await site.stop();
    }

    // What the first reader of a page waits and costs: the renderer alone (page cache off), one
    // request at a time, on this server and, with BENCH_SITE_STOCK_URL, on a stock one beside it.
    out.push(
      ...(await uncachedRenders(
        process.env.DATABASE_URL ? "DATABASE_URL" : "embedded",
        history.url,
        history.postgresPid ?? (await postmasterPid(history.url)),
        paths,
        renderSamples,
        ctx,
        allPaths,
      )),
    );
    const stockUrl = process.env.BENCH_SITE_STOCK_URL;
    if (stockUrl) {
      const stock = await historyDatabase(outlets, days, stockUrl, ctx.progress);
      const stockSql = postgres(stock.url, { max: 1, onnotice: () => {} });
      try {
        const stockAll = await choosePaths(stockSql, stock.end);
        out.push(
          ...(await uncachedRenders("stock", stock.url, await postmasterPid(stock.url), chosen(stockAll), renderSamples, ctx, stockAll)),
        );
      } finally {
        await stockSql.end();
        await stock.close();
      }
    }

    if (rendersOnly) return out;
    const slug = paths["outlet /cabeceras/<slug>"]!.split("/").pop()!;
    for (const e of [...(await explainAll(sql, history.end, slug)), ...(await explainPages(sql, history.end, paths))]) {
      out.push(...explainedFigures(e, ctx.progress));
    }
  } finally {
    await sql.end();
    await history.close();
  }
  return out;
}
