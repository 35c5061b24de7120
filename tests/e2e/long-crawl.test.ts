/**
 * The site as a reader sees it after a crawl that ran for hours (SPEC WEB-7): the e2e
 * database holds 14 simulated hours of 10 outlets recorded by the real worker, with a failed
 * extraction, a closed front page and a blocked site (tests/support/global-site.ts). First
 * the crawl is checked to have that shape, then every public page is read on it against the
 * database and against the invariants readers rely on: no rank or article twice in a "now"
 * table, one value for a fact shown in two places, no page wider than a phone.
 */
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ENOUGH_DATA } from "../../lib/pages/enough-data";
import { problemsIn, publicPaths, surveyPages } from "../support/page-survey";
import { siteUrl, useBrowser, useSiteDatabase, withPage } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();
const crawl = inject("crawl");
const HOUR = 3_600_000;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await database().db.execute(query)) as unknown as T[];
}

/** Read `path` as the server sent it, expecting a 200. */
function read<T>(path: string, look: (page: Page) => Promise<T>): Promise<T> {
  return withPage(browser(), path, async (page, status) => {
    expect(status, path).toBe(200);
    return look(page);
  });
}

/** A source row as a table shows it: its state with each time as its instant, and its last success and failure instants. */
interface SourceCells {
  state: string;
  lastSuccess: string | null;
  lastFailure: string | null;
}

/** The rows of the sources table inside `scope`, keyed by address; `columns` says where state, success and failure are. */
async function sourceRows(
  page: Page,
  scope: string,
  columns: { state: number; success: number; failure: number },
): Promise<Map<string, SourceCells>> {
  const found = await page.locator(`${scope} tr:has(td.url)`).evaluateAll(
    (trs, c) =>
      trs.map((tr) => {
        const cells = Array.from(tr.querySelectorAll("td"));
        const instant = (td: Element | undefined) => td?.querySelector("time")?.getAttribute("datetime") ?? null;
        // Times inside the state are compared as instants: each page prints them in its own zone.
        const state = (td: Element | undefined) => {
          const copy = td?.cloneNode(true) as HTMLElement | undefined;
          copy?.querySelectorAll("time").forEach((t) => t.replaceWith(t.getAttribute("datetime") ?? ""));
          return (copy?.textContent ?? "")
            .replace(/\s+/g, " ")
            .replace(/ \(\d+ seguidas\)/, "")
            .trim();
        };
        return [
          cells.find((td) => td.classList.contains("url"))?.textContent?.trim() ?? "",
          { state: state(cells[c.state]), lastSuccess: instant(cells[c.success]), lastFailure: instant(cells[c.failure]) },
        ] as const;
      }),
    columns,
  );
  return new Map(found);
}

describe("the crawl behind the pages", () => {
  it("WEB-7: ran at least 6 simulated hours with 20 or more captures per outlet, moves, closed spans and stories", async () => {
    expect(crawl.to - crawl.from).toBeGreaterThanOrEqual(6 * HOUR);
    const incidents = crawl.incidents!;
    // Every capture counts, failed extractions too; the closed and blocked outlets stop being captured half-way.
    const captures = await rows<{ slug: string; n: number }>(sql`
      select o.slug, count(*)::int as n from outlets o join frontpage_captures c on c.outlet_id = o.id group by o.slug`);
    const steady = captures.filter((c) => ![incidents.closedFrontPage, incidents.blockedSite].includes(c.slug));
    // Another e2e file may already have deleted one outlet's data (a total exclusion, STO-4).
    expect(steady.length).toBeGreaterThanOrEqual(crawl.outletSlugs.length - 3);
    for (const c of steady) expect(c.n, c.slug).toBeGreaterThanOrEqual(20);
    const [spans] = await rows<{ closed: number; moved: number }>(sql`
      select count(*) filter (where to_at is not null)::int as closed,
             (select count(*)::int from (select article_id from rank_spans group by article_id having count(distinct position) > 1) m) as moved
      from rank_spans`);
    expect(spans!.closed).toBeGreaterThan(50);
    expect(spans!.moved).toBeGreaterThan(20);
    const [stories] = await rows<{ shared: number }>(sql`
      select count(*)::int as shared from (select story_id from articles where story_id is not null group by story_id having count(distinct outlet_id) >= 2) s`);
    expect(stories!.shared).toBeGreaterThan(0);
  });

  it("WEB-7: met a failed extraction that recovered, a closed front page, a blocked site and an outlet reserving text mining", async () => {
    const { failedExtraction, closedFrontPage, blockedSite } = crawl.incidents!;
    const outcomes = await rows<{ slug: string; outcome: string; last: string }>(sql`
      select o.slug, c.outcome, max(c.at) as last from frontpage_captures c join outlets o on o.id = c.outlet_id group by 1, 2`);
    const last = (slug: string, outcome: string) => Date.parse(outcomes.find((r) => r.slug === slug && r.outcome === outcome)?.last ?? "");
    expect(last(failedExtraction, "extraction-failed")).toBeGreaterThan(crawl.from);
    expect(last(failedExtraction, "ok")).toBeGreaterThan(last(failedExtraction, "extraction-failed"));
    const closed = await rows<{ slug: string; kind: string }>(sql`
      select o.slug, s.kind from sources s join outlets o on o.id = s.outlet_id where s.closed_since is not null`);
    expect(closed).toContainEqual({ slug: closedFrontPage, kind: "frontpage" });
    expect(closed.filter((c) => c.slug === closedFrontPage).map((c) => c.kind)).toEqual(["frontpage"]);
    expect(closed.filter((c) => c.slug === blockedSite).length).toBeGreaterThanOrEqual(2);
    const [challenges] = await rows<{ n: number }>(sql`select count(*)::int as n from fetch_log where outcome = 'challenge'`);
    expect(challenges!.n).toBeGreaterThan(0);
    const reserving = await read("/estado", (page) =>
      page.locator('[data-testid="outlet-status"] tbody tr', { hasText: "Reservada" }).count(),
    );
    expect(reserving).toBeGreaterThan(0);
  });
});

describe("every page on it", () => {
  it("WEB-7: each outlet's \"Su portada ahora\" runs in rank order, and its first link is the home page's lead for it", async () => {
    const leads = await read("/", (page) =>
      page.locator('[data-testid="leads"] tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({
          outlet: tr.querySelector("th a")?.getAttribute("href") ?? "",
          lead: tr.querySelector("td a")?.getAttribute("href") ?? null,
        })),
      ),
    );
    expect(new Set(leads.map((l) => l.outlet)).size).toBe(leads.length);
    expect(leads.length).toBeGreaterThanOrEqual(crawl.outletSlugs.length);
    for (const slug of crawl.outletSlugs) {
      const table = await read(`/cabeceras/${slug}`, (page) =>
        page.locator('section[aria-labelledby="portada-ahora"] tbody tr').evaluateAll((trs) =>
          trs.map((tr) => ({
            rank: Number(tr.querySelector("td")?.textContent),
            article: tr.querySelector("a")?.getAttribute("href") ?? "",
          })),
        ),
      );
      const ranks = table.map((r) => r.rank);
      expect(ranks, slug).toEqual([...ranks].sort((a, b) => a - b));
      const home = leads.find((l) => l.outlet === `/cabeceras/${slug}`);
      if (table.length > 0 && table[0]!.rank === 1) expect(home?.lead, slug).toBe(table[0]!.article);
    }
  }, 240_000);

  it("WEB-7: every source's state, last success and last failure read the same on /estado and on its outlet's page", async () => {
    const status = await read("/estado", async (page) => {
      const byOutlet = new Map<string, Map<string, SourceCells>>();
      for (const slug of crawl.outletSlugs) {
        const name = await page.locator(`[data-testid="outlet-status"] tr[data-slug="${slug}"] th`).innerText();
        byOutlet.set(
          slug,
          await sourceRows(
            page,
            `details:has(summary:text-is("${name}: ")), details:has(summary:text-matches("^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:"))`,
            { success: 2, failure: 3, state: 4 },
          ),
        );
      }
      return byOutlet;
    });
    for (const slug of crawl.outletSlugs) {
      const own = await read(`/cabeceras/${slug}`, (page) =>
        sourceRows(page, 'section[aria-labelledby="estado"]', { state: 2, success: 3, failure: 4 }),
      );
      expect(own.size, slug).toBeGreaterThan(0);
      expect(Object.fromEntries(own), slug).toEqual(Object.fromEntries(status.get(slug)!));
    }
  }, 240_000);

  it("WEB-7: the closed front page and the blocked site say so, from the same instant, on /estado and on their pages", async () => {
    const { closedFrontPage, blockedSite } = crawl.incidents!;
    const [front] = await rows<{ since: string }>(sql`
      select s.closed_since as since from sources s join outlets o on o.id = s.outlet_id where o.slug = ${closedFrontPage} and s.kind = 'frontpage'`);
    const since = new Date(front!.since).toISOString();
    const own = await read(`/cabeceras/${closedFrontPage}`, (page) =>
      page.locator('section[aria-labelledby="estado"] dd', { hasText: "Cerrada para nosotros" }).locator("time").getAttribute("datetime"),
    );
    expect(own).toBe(since);
    const status = await read("/estado", (page) =>
      page
        .locator(`tr[data-slug="${closedFrontPage}"]`)
        .locator("span", { hasText: "Portada cerrada" })
        .locator("time")
        .getAttribute("datetime"),
    );
    expect(status).toBe(since);
    // The blocked site: its front page and its feeds and sitemaps closed, the same on both pages.
    const blocked = await read(`/cabeceras/${blockedSite}`, (page) =>
      page.locator('section[aria-labelledby="estado"] tbody tr', { hasText: "Cerrada para nosotros desde el" }).count(),
    );
    expect(blocked).toBeGreaterThanOrEqual(2);
    const listed = await read("/estado", (page) => page.locator(`tr[data-slug="${blockedSite}"]`).innerText());
    expect(listed).toContain("Portada cerrada para nosotros desde el");
  });

  it("WEB-7: a lag figure from fewer articles than its threshold says 'aún pocos datos' instead of a number, and only then", async () => {
    const lag = await read("/estado", (page) =>
      page.locator('[data-testid="lag"] tbody tr').evaluateAll((trs) =>
        trs.map((tr) => ({
          articles: Number((tr.querySelectorAll("td")[1]?.textContent ?? "").replace(/\D/g, "")),
          text: tr.textContent ?? "",
        })),
      ),
    );
    expect(lag.length).toBeGreaterThan(0);
    for (const row of lag) expect(row.text.includes("aún pocos datos"), row.text).toBe(row.articles < ENOUGH_DATA.lagPercentiles.min);
  });

  it("WEB-7: no public page is wider than a 360 or 390 px screen, nor its text under 11 px, and each answers 200", async () => {
    const paths = [...new Set([...(await publicPaths(browser(), siteUrl("/"))), ...crawl.outletSlugs.map((s) => `/cabeceras/${s}`)])];
    const readings = await surveyPages({ browser: browser(), siteUrl: siteUrl("/"), paths, widths: [360, 390, 1280] });
    expect(readings.length).toBe(paths.length * 3);
    expect(problemsIn(readings)).toEqual([]);
  }, 600_000);
});
