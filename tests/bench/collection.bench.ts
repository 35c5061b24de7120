/**
 * Collection benchmarks (issue "Collection", SPEC STO-1):
 *  - parse + diff + store of a 300-link front page, next to the bare linkedom parse of the
 *    same page (goal ≤ 2×);
 *  - rank spans over 30 simulated days of 15-minute captures, in rows and bytes, next to
 *    one row per link per capture (goal ≤ 10 %);
 *  - feed parse throughput.
 */
import { parseHTML } from "linkedom";
import { sql } from "drizzle-orm";
import { parseFeed } from "../../crawler/parse/feed";
import { extractFrontPage } from "../../crawler/parse/frontpage";
import { siteOf } from "../../crawler/politeness/site";
import { recordSightings } from "../../crawler/record/articles";
import { recordCapture } from "../../crawler/record/frontpage";
import { importOutlets } from "../../db/queries/outlets";
import { parseOutletsFile } from "../../lib/outlets-file";
import { feedResponse, frontPageResponse } from "../sim/content";
import type { SimRequest } from "../sim/http-types";
import { simOutlets, type SimOutlet } from "../sim/outlets";
import { toOutletsFile } from "../sim/outlets-file";
import { createTruth } from "../sim/truth";
import { createWorld } from "../sim/world";
import { atLeast, figure, type BenchContext, type Figure } from "./types";

export const name = "collection: front-page capture, rank spans, feed parsing";

const outlets = simOutlets(3);
const world = createWorld(11, outlets);
const truth = createTruth(world);
const START = Date.parse("2026-11-02T00:00:00Z");

function request(outlet: SimOutlet, now: number, path = "/"): SimRequest {
  return {
    method: "GET", host: outlet.hosts.www, path, query: new URLSearchParams(), headers: {}, now,
    signal: new AbortController().signal, robots: {} as SimRequest["robots"], origin: (host) => `http://${host}`,
  };
}
const text = (body: string | Uint8Array | undefined) => (typeof body === "string" ? body : new TextDecoder().decode(body));

/** A real-looking front page with ~300 article links: the simulator's page with its story block repeated. */
function bigFrontPage(outlet: SimOutlet, now: number): string {
  const html = text(frontPageResponse(world, request(outlet, now), outlet).body);
  const start = html.indexOf("<main");
  const end = html.indexOf("</main>");
  const main = html.slice(start, end);
  const copies = Array.from({ length: 5 }, (_, i) => main.replace(/\.html"/g, `-${i}.html"`).replace(/<main[^>]*>/, ""));
  return html.slice(0, start) + copies.join("\n") + html.slice(end);
}

function timeEach(runs: number, fn: () => void): number {
  fn();
  const started = performance.now();
  for (let i = 0; i < runs; i++) fn();
  return (performance.now() - started) / runs;
}

/** Mean ms of `fn` over `runs` awaited runs, after a warm-up. */
async function timeEachAsync(runs: number, fn: (i: number) => Promise<void>): Promise<number> {
  await fn(-1);
  const started = performance.now();
  for (let i = 0; i < runs; i++) await fn(i);
  return (performance.now() - started) / runs;
}

export async function run(context: BenchContext): Promise<Figure[]> {
  const figures: Figure[] = [];
  const outlet = outlets[0]!;
  const database = await context.createDatabase();
  try {
    await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(outlets)), "sim.json"));
    const [{ id: outletId }] = (await database.db.execute<{ id: number }>(sql`select id from outlets where slug = ${outlet.slug}`)) as unknown as [{ id: number }];

    // 1. A 300-link front page: bare parse vs parse + diff + store, headlines changing between captures.
    const pages = Array.from({ length: 12 }, (_, i) => bigFrontPage(outlet, START + i * 15 * 60_000));
    const links = extractFrontPage(pages[0]!, outlet.homepage).links.length;
    const bare = timeEach(20, () => void parseHTML(pages[0]!));
    const full = await timeEachAsync(20, async (i) => {
      const at = START + (i + 1) * 15 * 60_000;
      const page = pages[(i + 12) % 12]!;
      const { links: found } = extractFrontPage(page, outlet.homepage);
      await database.db.transaction(async (tx) => {
        const ids = await recordSightings(tx, { outletId, siteOf, via: "frontpage", at, sightings: found.map((l) => ({ url: l.url, headline: l.headline })) });
        await recordCapture(tx, { outletId, at, renderMode: "static", ranks: found.map((l, r) => ({ articleId: ids.get(l.url)!, rank: r + 1 })) });
      });
    });
    figures.push(figure(`front page of ${links} links: bare linkedom parse`, bare, "ms"));
    figures.push(figure(`front page of ${links} links: parse + diff + store`, full, "ms"));
    figures.push(figure("parse + diff + store ÷ bare parse", full / bare, "×", (v) => ({ bound: "≤ 2", ok: v <= 2 })));

    // 2. Thirty days of captures every 15 minutes of one outlet, from the simulator's truth.
    await database.db.execute(sql`truncate rank_spans, frontpage_captures`);
    const captures = 30 * 96;
    for (let c = 0; c < captures; c++) {
      const at = START + c * 15 * 60_000;
      const slots = truth.frontPageAt(outlet.slug, at);
      await database.db.transaction(async (tx) => {
        const ids = await recordSightings(tx, { outletId, siteOf, via: "frontpage", at, sightings: slots.map((s) => ({ url: s.url, headline: s.headline })) });
        await recordCapture(tx, { outletId, at, renderMode: "static", ranks: slots.map((s) => ({ articleId: ids.get(s.url)!, rank: s.rank })) });
      });
      if (c % 480 === 0) context.progress(`rank spans: day ${c / 96} of 30`);
    }
    const [sizes] = (await database.db.execute<{ spans: number; slots: number; bytes: number; row_bytes: number }>(sql`
      select (select count(*)::int from rank_spans) as spans,
             (select sum(link_count)::int from frontpage_captures where outcome = 'ok') as slots,
             pg_total_relation_size('rank_spans')::bigint as bytes,
             (select avg(pg_column_size(s.*))::int from rank_spans s) as row_bytes`)) as unknown as [{ spans: number; slots: number; bytes: number; row_bytes: number }];
    // One row per link per capture would need at least one heap tuple of the same width per slot.
    const perCaptureBytes = sizes.slots * (Number(sizes.bytes) / Math.max(1, sizes.spans));
    figures.push(figure("30 days, 15-min captures: rank-span rows", sizes.spans, "rows"));
    figures.push(figure("30 days, 15-min captures: one row per link per capture", sizes.slots, "rows"));
    figures.push(figure("rank-span rows ÷ per-capture rows", sizes.spans / sizes.slots, "ratio", (v) => ({ bound: "≤ 0.10", ok: v <= 0.1 })));
    figures.push(figure("rank-span bytes (table + indexes)", Number(sizes.bytes) / 1024, "KiB"));
    figures.push(figure("rank-span bytes ÷ per-capture bytes (same width per row)", Number(sizes.bytes) / perCaptureBytes, "ratio", (v) => ({ bound: "≤ 0.10", ok: v <= 0.1 })));
  } finally {
    await database.close();
  }

  // 3. Feed parsing throughput on the simulator's feeds.
  const feeds = outlets.map((o) => text(feedResponse(world, request(o, START, "/rss/portada.xml"), o).body));
  const bytes = feeds.reduce((n, f) => n + Buffer.byteLength(f), 0);
  const items = feeds.reduce((n, f, i) => n + parseFeed(f, outlets[i]!.homepage).length, 0);
  const perRound = timeEach(200, () => feeds.forEach((f, i) => parseFeed(f, outlets[i]!.homepage)));
  figures.push(figure("feed parsing throughput", bytes / 1024 / 1024 / (perRound / 1000), "MiB/s"));
  figures.push(figure("feed parsing throughput", items / (perRound / 1000), "items/s", atLeast(1000)));
  return figures;
}
