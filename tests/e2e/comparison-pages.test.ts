/**
 * The pages that answer a reader's questions (SPEC WEB-1, WEB-2, WEB-7), in Chromium
 * without JavaScript: /cabeceras compares the crawled outlets with the figures their own
 * pages show, sorts by links and scrolls in its own box on a phone; a story page says who
 * published first, marks agency copy and links each headline to its article page.
 */
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadOutletComparison } from "../../db/queries/site/outlet-comparison";
import { loadPolicies } from "../../db/policies-in-force";
import { loadStoryPage } from "../../db/queries/stories/story-page";
import { formatNumber } from "../../lib/pages/format";
import { comparisonFigures } from "../../app/_lib/pages/outlet-comparison";
import { formatElapsed, formatPercent } from "../../lib/pages/period";
import { outletReadingNote, readingSpanNote } from "../../lib/pages/reading-span";
import { SITE_TIME_ZONE } from "../../lib/pages/time-zone";
import { HOUR } from "../support/page-fixtures";
import { PAGE_DATA, removePageData, seedPageData } from "../support/page-data";
import { useBrowser, useSiteDatabase, withPage } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();
const slugs = () => inject("crawl").outletSlugs;

/** Read `path` with JavaScript off at `width`, after checking it answered 200. */
function read<T>(path: string, fn: (page: Page) => Promise<T>, width = 1280): Promise<T> {
  return withPage(
    browser(),
    path,
    async (page, status) => {
      expect(status, path).toBe(200);
      return fn(page);
    },
    { javaScriptEnabled: false, viewport: { width, height: 900 } },
  );
}

/** The comparison table's rows: the outlet's link, then each cell's text and its link. */
async function tableRows(page: Page) {
  return page
    .getByTestId("comparison")
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const cells = Array.from(tr.querySelectorAll("td"));
        return {
          href: tr.querySelector("th a")?.getAttribute("href") ?? "",
          text: cells.map((td) => (td.textContent ?? "").replace(/\s+/g, " ").trim()),
          links: cells.map((td) => td.querySelector("a")?.getAttribute("href") ?? null),
        };
      }),
    );
}

describe("/cabeceras as a comparison table", () => {
  it("WEB-1, WEB-7: each crawled outlet's figures are its read model's, each linking to its outlet page's section", async () => {
    const { db } = database();
    const model = await loadOutletComparison(db, await loadPolicies(db), Date.now());
    const rows = await read("/cabeceras", tableRows);
    for (const slug of slugs()) {
      const m = model.rows.find((r) => r.slug === slug);
      if (!m) continue; // an outlet of the crawl excluded in full is not listed
      const row = rows.find((r) => r.href === `/cabeceras/${slug}`);
      expect(row, slug).toBeDefined();
      const f = comparisonFigures(m, model.end);
      const [, , , perDay, agency, rewrites, tests, delay] = row!.text;
      // The cells' text has its spaces collapsed (a no-break space too), as tableRows reads it.
      const shown = (text: string) => text.replace(/\s+/g, " ");
      expect(perDay, slug).toBe(f.articlesPerDay === null ? "aún pocos datos" : shown(formatNumber(f.articlesPerDay)));
      const missing = !f.agencyVerdict.measurable && f.agencyVerdict.reason === "muestra-sesgada" ? "no medible" : "aún pocos datos";
      expect(agency, slug).toBe(f.agencyShare === null ? missing : shown(formatPercent(f.agencyShare)));
      expect(delay, slug).toBe(f.delayMedianMs === null ? "aún pocos datos" : shown(formatElapsed(f.delayMedianMs)));
      expect([rewrites, tests], slug).toEqual([formatNumber(m.changes.rewrites), formatNumber(m.changes.tests)]);
      expect(row!.links.slice(4), slug).toEqual(["agencias", "pruebas-ab", "pruebas-ab", "retraso"].map((a) => `/cabeceras/${slug}#${a}`));
      expect(row!.links[0], slug).toBe(`/cabeceras/${slug}#estado`);
    }
  }, 120_000);

  it("WEB-7: a crawl younger than the 7 days the table covers says since when its outlets are read", async () => {
    const { db } = database();
    const model = await loadOutletComparison(db, await loadPolicies(db), Date.now());
    const note = readingSpanNote(
      model.rows.map((r) => r.readingSince),
      model.start,
      SITE_TIME_ZONE,
    );
    // This crawl began minutes ago: every outlet read is read for less than the window.
    expect(note).toMatch(/^Empezamos a leer estas cabeceras el .*, no 7 días\.$/);
    const shown = await read("/cabeceras", (page) => page.getByTestId("reading-span").allInnerTexts());
    expect(shown.map((t) => t.trim())).toEqual([note]);
    // And each outlet's page says since when it is read, as its status read model has it.
    const slug = slugs()[0]!;
    const row = model.rows.find((r) => r.slug === slug)!;
    const [outlet] = await db.execute<{ timezone: string }>(sql`select timezone from outlets where slug = ${slug}`);
    const onPage = await read(`/cabeceras/${slug}`, (page) => page.getByTestId("reading-span").allInnerTexts());
    expect(onPage.map((t) => t.trim())).toEqual([outletReadingNote(row.readingSince, Date.now() - 7 * 24 * HOUR, outlet!.timezone)]);
  });

  it("WEB-7: the median delay reads the same in the table and on the outlet page", async () => {
    const rows = await read("/cabeceras", tableRows);
    for (const slug of slugs().slice(0, 4)) {
      const row = rows.find((r) => r.href === `/cabeceras/${slug}`);
      if (!row) continue;
      const onPage = await read(`/cabeceras/${slug}`, async (page) =>
        (await page.getByTestId("delay-median").count()) === 0 ? null : (await page.getByTestId("delay-median").innerText()).trim(),
      );
      if (onPage === null) {
        expect(row.text[7], slug).toBe("aún pocos datos");
      } else {
        expect(onPage.startsWith("aún pocos datos") ? "aún pocos datos" : onPage, slug).toBe(row.text[7]);
      }
    }
  }, 120_000);

  it("WEB-2: a column header sorts the table by a link, without JavaScript; figures from too little data go last", async () => {
    await read("/cabeceras", async (page) => {
      await page.getByTestId("comparison").locator("thead a", { hasText: "Reescrituras" }).click();
      expect(new URL(page.url()).searchParams.get("orden")).toBe("-reescrituras");
      expect(await page.locator('th[aria-sort="descending"]').innerText()).toContain("Reescrituras");
      const counts = (await tableRows(page)).map((r) => Number(r.text[5]!.replace(/\./g, "")));
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      await page.goto(new URL("?orden=retraso", page.url()).href);
      const delays = (await tableRows(page)).map((r) => r.text[7]!);
      const firstMissing = delays.indexOf("aún pocos datos");
      if (firstMissing >= 0) expect(delays.slice(firstMissing).every((t) => t === "aún pocos datos")).toBe(true);
    });
  });

  it("WEB-2, DER-4: the headline features table shows the framing letters and sorts by each column with a link, keeping the other table's order", async () => {
    await read("/cabeceras?orden=-reescrituras", async (page) => {
      const table = page.getByTestId("features-comparison");
      expect(await table.locator("thead th").allInnerTexts()).toEqual(
        expect.arrayContaining([expect.stringContaining("Encuadre C · Conflicto")]),
      );
      await table.locator("thead a", { hasText: "Preguntas" }).click();
      const url = new URL(page.url());
      expect(url.searchParams.get("rasgos")).toBe("-preguntas");
      expect(url.searchParams.get("orden")).toBe("-reescrituras");
      expect(await page.getByTestId("features-comparison").locator('th[aria-sort="descending"]').innerText()).toContain("Preguntas");
      const cells = await page
        .getByTestId("features-comparison")
        .locator("tbody tr")
        .evaluateAll((trs) => trs.map((tr) => (tr.querySelectorAll("td")[1]?.textContent ?? "").trim()));
      const shares = cells.filter((t) => /^\d/.test(t)).map((t) => Number(t.split(/\s/)[0]!.replace(",", ".")));
      expect(shares).toEqual([...shares].sort((a, b) => b - a));
      const firstMissing = cells.findIndex((t) => !/^\d/.test(t));
      if (firstMissing >= 0) expect(cells.slice(firstMissing).every((t) => !/^\d/.test(t))).toBe(true);
    });
  });

  it("WEB-7: on a 360 px phone the page does not overflow; the table scrolls inside its own box", async () => {
    await read(
      "/cabeceras",
      async (page) => {
        const sizes = await page.evaluate(() => {
          const wrap = document.querySelector('[data-testid="comparison"]')!.parentElement!;
          return {
            page: document.documentElement.scrollWidth,
            wrap: wrap.scrollWidth,
            box: wrap.clientWidth,
            overflow: getComputedStyle(wrap).overflowX,
          };
        });
        expect(sizes.page).toBeLessThanOrEqual(360);
        expect(sizes.wrap).toBeGreaterThan(sizes.box);
        expect(sizes.overflow).toBe("auto");
      },
      360,
    );
  });
});

describe("a story page answers who was first", () => {
  const d = PAGE_DATA;
  beforeAll(async () => {
    const { db } = database();
    const now = Date.now();
    await seedPageData(db, now);
    // The outlet we saw last declared the earliest publication time, and its copy is EFE's.
    await db.execute(
      sql`update articles set published_at = ${new Date(now - 11 * HOUR).toISOString()}, agency = 'EFE' where id = ${d.unpositioned.article}`,
    );
  });
  afterAll(async () => {
    await removePageData(database().db);
  });

  it("WEB-1: outlets in order of declared publication, first seen beside it, agency copy marked, each headline linking to its article", async () => {
    const { db } = database();
    const model = (await loadStoryPage(db, await loadPolicies(db), { id: d.story }))!;
    expect(model.coverage.map((c) => c.articleId)).toEqual([d.unpositioned.article, d.open.article, d.withheld.article]);
    await read(`/historias/${d.story}`, async (page) => {
      const rows = page.locator('section[aria-labelledby="quien"] tbody tr');
      expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-article")))).toEqual(
        model.coverage.map((c) => String(c.articleId)),
      );
      expect(await rows.first().locator("td").nth(2).textContent()).toContain("Primera");
      expect(await rows.nth(1).locator("td").nth(2).textContent()).not.toContain("Primera");
      expect(await rows.first().getByTestId("agency").textContent()).toBe("Teletipo · EFE");
      expect(await rows.nth(1).getByTestId("agency").count()).toBe(0);
      const links = await rows.locator("td.headline a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(links).toEqual(model.coverage.map((c) => `/noticias/${c.articleId}`));
      expect(await rows.nth(2).locator("td").nth(2).innerText()).toBe("no la declara");
      expect(await rows.nth(0).locator("time").count()).toBeGreaterThanOrEqual(2);
    });
  });
});
