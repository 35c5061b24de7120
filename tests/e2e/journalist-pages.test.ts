/**
 * A journalist's day on the site, in Chromium without JavaScript, on a real crawl of the
 * simulated web: a day's leads can be found and read without colour, every table with an
 * export offers it beside it, phones get a usable outlet page and navigation, the home page's
 * leads use a wide screen, a shortened list of outlets says how many more (SPEC WEB-1, WEB-3, WEB-5).
 */
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { sideBySideHref } from "../../lib/pages/history-links";
import { dayValue } from "../../lib/pages/peninsular-time";
import { openPage, siteUrl, useBrowser, useSiteDatabase } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();

async function withPage<T>(path: string, check: (page: Page) => Promise<T>, width = 1280): Promise<T> {
  const { page, response } = await openPage(browser(), path, { javaScriptEnabled: false, viewport: { width, height: 900 } });
  try {
    expect(response.status(), path).toBe(200);
    return await check(page);
  } finally {
    await page.context().close();
  }
}

/** The outlet of the crawl with the most successful captures, and the minute of its latest. */
async function capturedOutlet(): Promise<{ slug: string; last: number }> {
  const [row] = await database().db.execute<{ slug: string; last: string }>(sql`
    select o.slug, max(fc.at)::text as last from outlets o join frontpage_captures fc on fc.outlet_id = o.id and fc.outcome = 'ok'
    where o.slug = any(${`{${inject("crawl").outletSlugs.join(",")}}`}::text[]) group by o.slug order by count(*) desc, o.slug limit 1`);
  return { slug: row!.slug, last: Date.parse(row!.last) };
}

/** The hrefs of the page's "Descargar CSV / JSON" blocks. */
async function downloads(page: Page): Promise<string[][]> {
  return page.getByTestId("downloads").evaluateAll((ps) => ps.map((p) => [...p.querySelectorAll("a")].map((a) => a.getAttribute("href")!)));
}

describe("a day's leads, found and read", () => {
  it("WEB-5: /portadas, the home page and an outlet page link to a day's leads", async () => {
    const { slug } = await capturedOutlet();
    for (const path of ["/", "/portadas", `/cabeceras/${slug}`]) {
      await withPage(path, async (page) => {
        // The mark is on the link or on the paragraph around it.
        const href = await page
          .getByTestId("day-leads-link")
          .first()
          .evaluate((el) => el.getAttribute("href") ?? el.querySelector("a")?.getAttribute("href") ?? null);
        expect(href, path).toMatch(/^\/portadas\/dia/);
      });
    }
  });

  it("WEB-5: the chart draws each shared story's letter in its cells, one colour per letter, and hour labels stay whole at 390 px", async () => {
    const { last } = await capturedOutlet();
    await withPage(
      `/portadas/dia?fecha=${dayValue(last)}`,
      async (page) => {
        const cells = await page
          .locator(".lead-strip > span[data-story]")
          .evaluateAll((ss) => ss.map((s) => ({ letter: s.textContent ?? "", colour: getComputedStyle(s).backgroundColor })));
        const colourOf = new Map<string, string>();
        for (const c of cells) {
          expect(c.letter).toMatch(/^[A-Z]+$/);
          expect(colourOf.get(c.letter) ?? c.colour, c.letter).toBe(c.colour);
          colourOf.set(c.letter, c.colour);
        }
        // Different letters never share a colour.
        expect(new Set(colourOf.values()).size).toBe(colourOf.size);
        const labels = await page
          .getByTestId("lead-hours")
          .locator("span")
          .evaluateAll((ss) =>
            ss.map((s) => ({
              text: s.textContent,
              lines: Math.round(s.getBoundingClientRect().height / parseFloat(getComputedStyle(s).lineHeight || "16")),
            })),
          );
        expect(labels.length).toBeGreaterThanOrEqual(7);
        for (const l of labels) expect(l.lines, l.text ?? "").toBeLessThanOrEqual(1);
      },
      390,
    );
  });
});

describe("downloads beside the tables", () => {
  it("WEB-3: outlet, story, side by side and a day's leads offer CSV and JSON of the table's own data; /datos links its endpoints", async () => {
    const { slug, last } = await capturedOutlet();
    const [story] = await database().db.execute<{ id: number }>(
      sql`select story_id as id from articles where story_id is not null group by story_id order by count(*) desc limit 1`,
    );
    const pages: [string, RegExp][] = [
      [`/cabeceras/${slug}`, new RegExp(`^/api/v1/exports/articles\\.(csv|json)\\?outlet=${slug}`)],
      [`/portadas/dia?fecha=${dayValue(last)}`, /^\/api\/v1\/exports\/rank-spans\.(csv|json)\?from=/],
      [
        sideBySideHref([slug, inject("crawl").outletSlugs.find((s) => s !== slug)!], last),
        /^\/api\/v1\/exports\/rank-spans\.(csv|json)\?outlet=/,
      ],
    ];
    if (story) pages.push([`/historias/${story.id}`, new RegExp(`^/api/v1/exports/articles\\.(csv|json)\\?story=${story.id}&`)]);
    for (const [path, first] of pages) {
      await withPage(path, async (page) => {
        const blocks = await downloads(page);
        expect(blocks.length, path).toBeGreaterThan(0);
        expect(
          blocks[0]!.map((h) => h.replace(/\.json/, ".csv")),
          path,
        ).toEqual([blocks[0]![0], blocks[0]![0]]);
        expect(blocks[0]![0], path).toMatch(first);
        expect(blocks[0]![1], path).toMatch(first);
        // Each link answers: an export, not an error.
        const response = await page.request.get(siteUrl(blocks[0]![0]!));
        expect(response.status(), blocks[0]![0]).toBe(200);
      });
    }
    await withPage("/datos", async (page) => {
      const hrefs = await page.locator("main a[href^='/api/v1/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(expect.arrayContaining(["/api/v1/outlets", "/api/v1/exports/outlets.csv", "/api/v1/exports/articles.json"]));
    });
  });
});

describe("phones and wide screens", () => {
  it("WEB-1: at 390 px the navigation is short and an outlet's front page gives its headlines most of the width", async () => {
    const { slug } = await capturedOutlet();
    await withPage(
      `/cabeceras/${slug}`,
      async (page) => {
        const mainTop = await page.locator("main").evaluate((m) => m.getBoundingClientRect().top);
        expect(mainTop).toBeLessThan(200);
        const table = page.getByTestId("front-now");
        if ((await table.count()) === 0) return;
        const [rank, headline] = await table
          .locator("tbody tr")
          .first()
          .locator("td")
          .evaluateAll((tds) => tds.slice(0, 2).map((td) => td.getBoundingClientRect().width));
        expect(rank!).toBeLessThan(60);
        expect(headline!).toBeGreaterThan(250);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
      },
      390,
    );
  });

  it("WEB-1: at 1280 px the home page's leads table uses the width of the page", async () => {
    await withPage("/", async (page) => {
      const [table, main] = await Promise.all([
        page.getByTestId("leads").evaluate((t) => t.getBoundingClientRect().width),
        page
          .locator("main")
          .evaluate((m) => m.clientWidth - parseFloat(getComputedStyle(m).paddingLeft) - parseFloat(getComputedStyle(m).paddingRight)),
      ]);
      expect(table / main).toBeGreaterThan(0.95);
    });
  });

  it("WEB-1: /historias says how many outlets a shortened list left out", async () => {
    await withPage("/historias", async (page) => {
      const text = await page.locator("main").innerText();
      expect(text).not.toMatch(/ y otras\b/);
    });
  });
});
