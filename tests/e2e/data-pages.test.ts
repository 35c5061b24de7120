/**
 * The outlet, article and story pages in Chromium (SPEC WEB-1, WEB-2, WEB-4, PUB-6):
 * their figures match the read models over the site's own database, the charts are
 * accessible SVG with a table beside them, each exclusion scope holds, bad addresses
 * are Spanish 404s, and everything reads with JavaScript disabled.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadArticlePage } from "../../db/queries/site/article-page";
import { loadOutletPage } from "../../db/queries/outlet-page/outlet-page";
import { loadPolicies } from "../../db/policies-in-force";
import { listRecentStories, loadStoryPage } from "../../db/queries/stories/story-page";
import { WITHHELD_HEADLINE } from "../../lib/policy";
import { formatCount } from "../../lib/pages/format";
import { PAGE_DATA, removePageData, seedPageData } from "../support/page-data";
import { mainText, useBrowser, useSiteDatabase, withPage } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();
const d = PAGE_DATA;

beforeAll(async () => {
  await seedPageData(database().db, Date.now());
});
afterAll(async () => {
  await removePageData(database().db);
});

async function rows(page: Page, section: string): Promise<string[][]> {
  return page
    .locator(`section[aria-labelledby="${section}"] table.data-table tbody tr`)
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll("td")).map((td) => (td.textContent ?? "").trim())));
}

async function expectAccessibleChart(page: Page, section: string): Promise<void> {
  const chart = page.locator(`section[aria-labelledby="${section}"] figure.chart`).first();
  const svg = chart.locator('svg[role="img"]').last();
  expect(await svg.getAttribute("aria-label")).toMatch(/.{20,}/);
  expect(await svg.locator("title").count()).toBe(1);
  expect(await chart.locator("figcaption").innerText()).toMatch(/ del .* al /);
  expect(await chart.locator("details table tbody tr").count()).toBeGreaterThan(0);
}

describe("outlet page", () => {
  it("WEB-1: the front page now, headline changes and the other figures match the database", async () => {
    const { db } = database();
    const model = (await loadOutletPage(db, await loadPolicies(db), { slug: d.open.slug, now: Date.now() }))!;
    await withPage(
      browser(),
      `/cabeceras/${d.open.slug}`,
      async (page, status) => {
        expect(status).toBe(200);
        await expect.poll(() => page.locator("h1").allInnerTexts(), { timeout: 10_000 }).toEqual([d.open.name]);
        const front = await rows(page, "portada-ahora");
        expect(front.map((r) => [r[0], r[1]])).toEqual(model.frontPage!.items.map((i) => [String(i.rank), i.headline]));
        expect(front[0]![1]).toBe(d.open.headline);
        const text = await mainText(page);
        expect(text).toContain(
          `${formatCount(model.headlineChanges.changes, "cambio de titular", "cambios de titular")} en ${formatCount(model.headlineChanges.changedArticles, "noticia", "noticias")}`,
        );
        expect(await page.locator('section[aria-labelledby="cambios-titular"] del').first().innerText()).toContain("aprueba");
        expect(await page.locator('section[aria-labelledby="cambios-titular"] ins').first().innerText()).toContain("retira");
        const longest = await rows(page, "tiempo-portada");
        expect(longest.map((r) => r[0])).toEqual(model.frontPageTime!.longest.map((l) => l.headline));
        expect(text).toMatch(/sin datos todavía/i); // agency and framing: the analysis has not run
        expect(text).toContain("Reserva de minería de textos y datos (TDM)");
      },
      { javaScriptEnabled: true },
    );
  });

  it("WEB-2: position timelines, delay and sections are accessible SVG charts with a data table", async () => {
    await withPage(
      browser(),
      `/cabeceras/${d.open.slug}`,
      async (page) => {
        for (const section of ["posiciones", "retraso", "secciones"]) await expectAccessibleChart(page, section);
        const ranks = await page
          .locator('section[aria-labelledby="posiciones"] svg.chart-plot g[aria-label="y-axis tick label"] text')
          .allTextContents();
        expect(ranks[0]).toBe("1");
      },
      { javaScriptEnabled: true },
    );
  });

  it("PUB-4: a published reply is shown in full, exactly as sent, and never run as markup", async () => {
    await withPage(
      browser(),
      `/cabeceras/${d.open.slug}`,
      async (page) => {
        expect(await page.locator(".reply-text").innerText()).toBe(d.reply);
        expect(await page.locator("main script").count()).toBe(0);
      },
      { javaScriptEnabled: true },
    );
  });

  it("PUB-6: each scope on the outlet page", async () => {
    await withPage(
      browser(),
      `/cabeceras/${d.withheld.slug}`,
      async (page) => {
        const text = await mainText(page);
        expect(text).toContain(WITHHELD_HEADLINE);
        expect(text).not.toContain(d.withheld.headline);
        expect(await page.content()).not.toContain(d.withheld.headline);
      },
      { javaScriptEnabled: true },
    );
    await withPage(
      browser(),
      `/cabeceras/${d.unpositioned.slug}`,
      async (page) => {
        expect(await page.locator("#portada-ahora, #posiciones, #tiempo-portada").count()).toBe(0);
        expect(await mainText(page)).toContain("no capturamos ni mostramos su portada");
      },
      { javaScriptEnabled: true },
    );
    await withPage(
      browser(),
      `/cabeceras/${d.excluded.slug}`,
      async (page, status) => {
        expect(status).toBe(404);
        expect(await page.content()).not.toContain(d.excluded.headline);
      },
      { javaScriptEnabled: true },
    );
  });
});

describe("article page", () => {
  it("WEB-1: headline history with a word diff, times, section, byline and the rank chart", async () => {
    const { db } = database();
    const model = (await loadArticlePage(db, await loadPolicies(db), { id: d.open.article }))!;
    await withPage(
      browser(),
      `/noticias/${d.open.article}`,
      async (page, status) => {
        expect(status).toBe(200);
        await expect.poll(() => page.locator("h1").allInnerTexts(), { timeout: 10_000 }).toEqual([model.headline]);
        expect(await page.locator(".timeline > li").count()).toBe(model.versions.length);
        expect(await page.locator(".timeline del").innerText()).toContain("aprueba");
        expect(await page.locator(".timeline ins").innerText()).toContain("retira");
        const text = await mainText(page);
        expect(text).toContain("Política");
        expect(text).toContain("Ana Pérez");
        expect(text).toContain(`Mejor posición ${model.ranks!.bestRank}`);
        await expectAccessibleChart(page, "posicion");
      },
      { javaScriptEnabled: true },
    );
  });

  it("PUB-6: each scope on the article page", async () => {
    await withPage(
      browser(),
      `/noticias/${d.withheld.article}`,
      async (page) => {
        expect(await page.locator("h1").innerText()).toBe(WITHHELD_HEADLINE);
        expect(await page.content()).not.toContain(d.withheld.headline);
      },
      { javaScriptEnabled: true },
    );
    await withPage(
      browser(),
      `/noticias/${d.unpositioned.article}`,
      async (page) => {
        expect(await page.locator("#posicion ~ figure, svg").count()).toBe(0);
        expect(await mainText(page)).toContain("no mostramos las posiciones");
      },
      { javaScriptEnabled: true },
    );
    await withPage(
      browser(),
      `/noticias/${d.excluded.article}`,
      async (_page, status) => {
        expect(status).toBe(404);
      },
      { javaScriptEnabled: true },
    );
  });
});

describe("story pages", () => {
  it("WEB-1: the list counts outlets as the database does and links the story", async () => {
    const { db } = database();
    // The crawl's own stories (clustered by the worker) share the list: find the page that holds ours.
    const list = await listRecentStories(db, await loadPolicies(db), { page: 1, pageSize: 10_000, now: Date.now() });
    const at = list.items.findIndex((s) => s.id === d.story);
    const mine = list.items[at]!;
    expect(mine.outletCount).toBe(3);
    const listPage = Math.floor(at / 20) + 1;
    await withPage(
      browser(),
      listPage === 1 ? "/historias" : `/historias?pagina=${listPage}`,
      async (page, status) => {
        expect(status).toBe(200);
        const row = page.locator("tbody tr", { has: page.locator(`a[href="/historias/${d.story}"]`) });
        expect(await row.getByTestId("story-outlets").innerText()).toBe(String(mine.outletCount));
        expect(await row.innerText()).not.toContain(d.excluded.name);
      },
      { javaScriptEnabled: true },
    );
  });

  it("WEB-1, PUB-6: a story shows each visible outlet, when and where, its headlines side by side", async () => {
    const { db } = database();
    const model = (await loadStoryPage(db, await loadPolicies(db), { id: d.story }))!;
    await withPage(
      browser(),
      `/historias/${d.story}`,
      async (page, status) => {
        expect(status).toBe(200);
        const table = await rows(page, "quien");
        expect(table.map((r) => r[0])).toEqual(model.coverage.map((c) => c.outlet.name));
        expect(table.map((r) => r[0])).toEqual([d.open.name, d.withheld.name, d.unpositioned.name]);
        const html = await page.content();
        expect(html).not.toContain(d.excluded.name);
        expect(html).not.toContain(d.withheld.headline);
        expect(await page.locator(".variants").innerText()).toContain(WITHHELD_HEADLINE);
        expect(table[2]!.slice(-3)).toEqual(["—", "—", "—"]); // sin posición
        await expectAccessibleChart(page, "cobertura");
      },
      { javaScriptEnabled: true },
    );
  });
});

describe("on the crawl of the simulated web", () => {
  /** The crawled outlet whose front page holds the most links now, with its read model. */
  async function busiestCrawledOutlet() {
    const { db } = database();
    const policies = await loadPolicies(db);
    const now = Date.now();
    const models = await Promise.all(inject("crawl").outletSlugs.map((slug) => loadOutletPage(db, policies, { slug, now })));
    const shown = models.filter((m) => m !== undefined && m.frontPage !== null);
    shown.sort((a, b) => b!.frontPage!.items.length - a!.frontPage!.items.length);
    const model = shown[0];
    if (!model || model.frontPage!.items.length === 0) throw new Error("the crawl recorded no front page");
    return model;
  }

  it("WEB-1, DER-7, DER-8: an outlet's page shows the crawl's figures as its read model computes them", async () => {
    const model = await busiestCrawledOutlet();
    await withPage(
      browser(),
      `/cabeceras/${model.outlet.slug}`,
      async (page, status) => {
        expect(status).toBe(200);
        const front = await rows(page, "portada-ahora");
        expect(front.map((r) => [r[0], r[1]])).toEqual(model.frontPage!.items.map((i) => [String(i.rank), i.headline]));
        const text = await mainText(page);
        expect(text).toContain(`${formatCount(model.headlineChanges.changes, "cambio de titular", "cambios de titular")} en`);
        expect(text).toContain(formatCount(model.delay.articles, "noticia vista", "noticias vistas"));
        if (model.delay.declared > 0) expect(text).toContain(`Con hora declarada ${model.delay.declared} de ${model.delay.articles}`);
        const longest = await rows(page, "tiempo-portada");
        expect(longest.map((r) => [r[0], r[1]])).toEqual(model.frontPageTime!.longest.map((l) => [l.headline, String(l.bestRank)]));
        const sources = await rows(page, "estado");
        expect(sources.map((r) => r[1])).toEqual(model.status.sources.map((s) => s.url));
        await expectAccessibleChart(page, "posiciones");
      },
      { javaScriptEnabled: true },
    );
  });

  it("WEB-1: the lead story's article page shows its crawled headline history and ranks", async () => {
    const { db } = database();
    const lead = (await busiestCrawledOutlet()).frontPage!.items[0]!;
    const model = (await loadArticlePage(db, await loadPolicies(db), { id: lead.articleId }))!;
    await withPage(
      browser(),
      `/noticias/${lead.articleId}`,
      async (page, status) => {
        expect(status).toBe(200);
        expect(await page.locator("h1").innerText()).toBe(model.headline);
        expect(await page.locator(".timeline > li").count()).toBe(model.versions.length);
        expect(await mainText(page)).toContain(`Mejor posición ${model.ranks!.bestRank}`);
        expect(await page.locator(".chart details tbody tr").count()).toBe(model.ranks!.spans.length);
      },
      { javaScriptEnabled: true },
    );
  });
});

describe("bad addresses", () => {
  it.each([
    "/noticias/abc",
    "/noticias/0",
    "/noticias/99999999999999999999",
    "/noticias/1.5",
    "/noticias/8999999",
    "/historias/abc",
    "/historias/-1",
    "/historias/123456789",
    "/historias?pagina=abc",
    "/historias?pagina=999999",
    "/cabeceras/no-existe",
    "/cabeceras/%E2%80%AE",
  ])("WEB-1, WEB-2: %s is a Spanish 404, never a 500, read without JavaScript", async (path) => {
    await withPage(browser(), path, async (page, status) => {
      expect(status).toBe(404);
      expect(await page.locator("h1").allInnerTexts()).toEqual(["Página no encontrada"]);
      expect(await page.locator("html").getAttribute("lang")).toBe("es");
    });
  });
});

describe("without JavaScript", () => {
  it.each([`/cabeceras/${d.open.slug}`, `/noticias/${d.open.article}`, `/historias/${d.story}`, "/historias"])(
    "WEB-2: %s reads the same with JavaScript disabled, charts and tables included",
    async (path) => {
      await withPage(browser(), path, async (page, status) => {
        expect(status).toBe(200);
        expect(await page.locator("h1").count()).toBe(1);
        expect((await mainText(page)).length).toBeGreaterThan(200);
        if (path !== "/historias") expect(await page.locator('svg[role="img"]').count()).toBeGreaterThan(0);
      });
    },
  );
});
