/**
 * The public pages are served from indexed queries (SPEC WEB-4): every statement behind each
 * page's read model, on generated history, is planned with sequential scans disabled, and none
 * may still read a big table (requests, captures, rank spans, articles, headlines, stories) from
 * end to end — which is what a statement no index can serve does, and what on a year of history
 * costs seconds. Small tables (outlets, policies) may be scanned; the per-day aggregates count as
 * big (a year of them is what the outlet page over a year reads by index).
 */
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { pageApiHeadlineVersions } from "../../../db/open-data/sql/headline-versions";
import { loadPolicies } from "../../../db/policies-in-force";
import { loadDayLeads } from "../../../db/queries/front-pages/day-leads";
import { loadOutletPage } from "../../../db/queries/outlet-page/outlet-page";
import { loadArticlePage } from "../../../db/queries/site/article-page";
import { leadsNow, readHomePage } from "../../../db/queries/site/home-page";
import { searchHeadlines } from "../../../db/queries/site/search";
import { readStatusPage } from "../../../db/queries/site/status-page";
import { loadStoryPage } from "../../../db/queries/stories/story-page";
import { dayHours, parseDay } from "../../../lib/pages/peninsular-time";
import { parseSeedOptions } from "../../../scripts/seed-history/options";
import { seedHistory } from "../../../scripts/seed-history/seed";
import { explainPage, type Explained } from "../../bench/support/api-explain";
import { createTestDatabase } from "../../support/database";

const END = Date.parse("2026-11-20T12:00:00Z");
const DAY = 86_400_000;
let database: Database;
let plans: postgres.Sql;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedHistory(
    database.sql,
    parseSeedOptions(["--outlets", "3", "--days", "6", "--seed", "planes", "--end", new Date(END).toISOString()], END),
  );
  // The site's session settings, and no sequential scan unless no index can serve the statement.
  plans = postgres(database.url, { max: 1, onnotice: () => {}, connection: { random_page_cost: 1.1, jit: "off", enable_seqscan: "off" } });
}, 300_000);
afterAll(async () => {
  await plans?.end();
  await database?.close();
});

/** Every statement of `work`, explained, with the big tables it reads end to end. */
async function explained(label: string, work: Parameters<typeof explainPage>[3]): Promise<Explained[]> {
  const out = await explainPage(plans, drizzle(plans), label, work);
  expect(out.length, `${label}: statements`).toBeGreaterThan(0);
  return out;
}

/** The actual rows per loop and the loops of the first plan node matching `node`. */
function actualRows(plan: string, node: RegExp): { rows: number; loops: number } {
  const line = plan.split("\n").find((l) => node.test(l));
  const [, rows, loops] = /actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+) loops=(\d+)/.exec(line ?? "") ?? [];
  return { rows: Number(rows), loops: Number(loops) };
}

describe("the public pages' plans (WEB-4, OPS-8)", () => {
  it("WEB-4, OPS-8: no statement behind a public page reads a big table by a sequential scan", async () => {
    const db = drizzle(plans);
    const policies = await loadPolicies(db);
    const [outlet] = await plans<{ slug: string; id: number }[]>`select slug, id from outlets order by id limit 1`;
    const [article] = await plans<{ id: string }[]>`
      select id from articles where first_seen_frontpage_at is not null order by first_seen_at desc limit 1 offset 5`;
    const [story] = await plans<{ id: string }[]>`select id from stories order by last_seen_at desc, outlet_count desc limit 1`;
    const yesterday = parseDay(new Date(END - DAY).toISOString().slice(0, 10))!;
    const all = [
      ...(await explained("home", (d) => readHomePage(d, policies, END))),
      ...(await explained("outlet", (d) => loadOutletPage(d, policies, { slug: outlet!.slug, now: END }))),
      ...(await explained("outlet over its days", (d) =>
        loadOutletPage(d, policies, { slug: outlet!.slug, now: END, period: { start: END - 5 * DAY, end: END } }),
      )),
      // A year-long period (SPEC OPS-8): whole days from the aggregates, the ends from rows, every read by index.
      ...(await explained("outlet over a year", (d) =>
        loadOutletPage(d, policies, { slug: outlet!.slug, now: END, period: { start: END - 365 * DAY, end: END } }),
      )),
      ...(await explained("article", (d) => loadArticlePage(d, policies, { id: Number(article!.id) }))),
      ...(await explained("story", (d) => loadStoryPage(d, policies, { id: Number(story!.id) }))),
      ...(await explained("search", (d) => searchHeadlines(d, policies, { q: "vivienda", page: 1 }))),
      ...(await explained("status", (d) => readStatusPage(d, policies, END))),
      ...(await explained("day's leads", (d) =>
        loadDayLeads(
          d,
          policies,
          dayHours(yesterday.start, yesterday.end).map((h) => h.at),
        ),
      )),
    ];
    const scanned = all.filter((e) => e.seqScans > 0).map((e) => `${e.label}:\n${e.plan}`);
    expect(scanned, scanned.join("\n\n")).toEqual([]);
  });

  it("WEB-3: a page of one outlet's headline versions reads that outlet's versions, not every outlet's since the period's start", async () => {
    const [outlet] = await plans<{ id: number }[]>`
      select outlet_id as id from headline_versions group by outlet_id order by count(*), outlet_id limit 1`;
    const [e] = await explained("headline versions of one outlet", (d) =>
      pageApiHeadlineVersions(d, { excluded: [], outletId: outlet!.id, from: END - 6 * DAY, limit: 10 }),
    );
    // The scan of headline_versions, its rows times its loops: the page's ten (and the one that ends it) at most.
    const { rows, loops } = actualRows(e!.plan, /Scan.* on headline_versions v\b/);
    expect(rows * loops, e!.plan).toBeLessThanOrEqual(11);
  });

  it("WEB-1: each outlet's lead is the first of its open spans in page order, read by index, not all its open spans sorted", async () => {
    const db = drizzle(plans);
    const policies = await loadPolicies(db);
    const [e] = await explained("each outlet's lead", (d) => leadsNow(d, policies));
    expect(actualRows(e!.plan, /Index Scan using rank_spans_open_position on rank_spans rs\b/).rows, e!.plan).toBe(1);
    expect(e!.plan).not.toMatch(/Sort Key: rs\."?position/);
  });
});
