/**
 * What researchers come for (SPEC WEB-9), on a real crawl of the simulated web read
 * without JavaScript: attention over time on /buscar agreeing with the series endpoint, who
 * blocks which bots on /robots agreeing with the stored robots.txt versions, and /datos's
 * citation, examples and OpenAPI document.
 */
import { sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { loadOutletRobots } from "../../db/queries/site/robots-table";
import { loadPolicies } from "../../db/policies-in-force";
import { parseCsv } from "../../lib/csv";
import { DATASET_VERSION } from "../../lib/dataset-version";
import { BOTS, currentVerdicts, VERDICT_WORDS } from "../../lib/robots/bot-verdicts";
import { mainText, openPage, siteUrl, useBrowser, useSiteDatabase, withPage } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();

/** A word of some recorded headline, long enough to be meaningful to the search. */
async function aWord(offset: number): Promise<string> {
  const [row] = await database().db.execute<{ w: string }>(sql`
    select lower(w) as w from (select distinct w from headline_versions, regexp_split_to_table(text, '\\s+') as w
      where length(w) >= 7 and w ~ '^[[:alpha:]]+$' order by w) x offset ${offset} limit 1`);
  expect(row).toBeDefined();
  return row!.w;
}

describe("/buscar: attention over time", () => {
  it("WEB-1, WEB-3, WEB-9: charts two searches side by side, and its figures are the series endpoint's", async () => {
    const [one, two] = [await aWord(0), await aWord(1)];
    const series = (await (await fetch(siteUrl(`/api/v1/series?q=${encodeURIComponent(one)}`))).json()) as {
      version: string;
      data: { outlet: string | null; articles: number }[];
    };
    expect(series.version).toBe(DATASET_VERSION);
    const expected = series.data.filter((r) => r.outlet === null).reduce((n, r) => n + r.articles, 0);
    expect(expected).toBeGreaterThan(0);
    await withPage(browser(), `/buscar?q=${encodeURIComponent(one)}&q2=${encodeURIComponent(two)}`, async (page, status) => {
      expect(status).toBe(200);
      const section = page.getByTestId("attention");
      expect(await section.locator('.chart-wide svg[role="img"]').count()).toBe(1);
      expect(await page.getByTestId("attention-legend").locator("li").allInnerTexts()).toEqual([`«${one}»`, `«${two}»`]);
      const cells = await page.getByTestId("attention-table").locator("tbody tr td:nth-child(2)").allTextContents();
      expect(cells).toHaveLength(30);
      expect(cells.reduce((n, c) => n + Number(c.split(" ")[0]!.replace(/\./g, "")), 0)).toBe(expected);
      expect(await page.getByTestId("attention-outlets").locator("tbody tr").count()).toBeGreaterThan(0);
      const downloads = await page
        .getByTestId("attention-downloads")
        .locator("a")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
      const csv = await fetch(siteUrl(downloads[0]!));
      expect(csv.status).toBe(200);
      expect(csv.headers.get("content-disposition")).toContain(`hemeroscopio-datos-${DATASET_VERSION}-serie-`);
      const [header, ...rows] = parseCsv(await csv.text());
      expect(header).toEqual(["query", "day", "outlet", "articles", "outlet_articles", "share", "prominence_minutes"]);
      expect(new Set(rows.map((r) => r[0]))).toEqual(new Set([one, two]));
      const articles = await fetch(siteUrl(downloads[2]!));
      expect(articles.status).toBe(200);
      await articles.body?.cancel();
    });
  });
});

describe("/robots: who blocks which bots", () => {
  it("WEB-3, WEB-9, ROB-4: each cell is the verdict of the outlet's stored robots.txt for that crawler, with its CSV and feed", async () => {
    const outlets = await loadOutletRobots(database().db, await loadPolicies(database().db));
    const known = outlets.filter((o) => o.versions.length > 0);
    expect(known.length).toBeGreaterThan(0);
    await withPage(browser(), "/robots", async (page, status) => {
      expect(status).toBe(200);
      expect(await page.locator("h1").innerText()).toBe("Quién bloquea a qué robots");
      const headers = await page.getByTestId("robots-table").locator("thead th").allTextContents();
      expect(headers.slice(1)).toEqual(BOTS.map((b) => b.token));
      for (const outlet of known) {
        const row = page
          .getByTestId("robots-table")
          .locator("tbody tr")
          .filter({ has: page.locator(`a[href="/cabeceras/${outlet.slug}"]`) });
        const cells = await row.locator("td").allInnerTexts();
        const verdicts = currentVerdicts(outlet.versions);
        expect(cells.map((c) => c.split("\n")[0])).toEqual(BOTS.map((b) => VERDICT_WORDS[verdicts.get(b.token)!.verdict]));
      }
      expect(await page.getByTestId("robots-counts").locator("tbody tr").count()).toBeGreaterThan(0);
    });
    const csv = await fetch(siteUrl("/robots/tabla.csv"));
    expect(csv.status).toBe(200);
    const [, ...rows] = parseCsv(await csv.text());
    expect(rows.length).toBe(known.length * BOTS.length);
    const atom = await fetch(siteUrl("/robots/cambios.atom"));
    expect(atom.status).toBe(200);
    expect(new XMLParser().parse(await atom.text()).feed.title).toBe("Cambios de bloqueos en robots.txt");
  });

  it("is linked from /bot and /datos", async () => {
    for (const path of ["/bot", "/datos"]) {
      await withPage(browser(), path, async (page) => {
        expect(await page.locator('main a[href="/robots"]').count(), path).toBeGreaterThan(0);
      });
    }
  });
});

describe("/datos: how to cite, examples and the OpenAPI document", () => {
  it("WEB-3, WEB-9: names the dataset version, shows Python and R examples and serves a valid-looking OpenAPI 3.1 document", async () => {
    await withPage(browser(), "/datos", async (page) => {
      expect(await page.getByTestId("dataset-version").innerText()).toContain(DATASET_VERSION);
      expect(await page.getByTestId("citation").innerText()).toContain(`versión ${DATASET_VERSION}`);
      expect(await page.getByTestId("example-python").innerText()).toContain('f"{base}/series"');
      expect(await page.getByTestId("example-r").innerText()).toContain("library(httr2)");
      expect(await mainText(page)).toContain("/api/v1/openapi.json");
    });
    const response = await fetch(siteUrl("/api/v1/openapi.json"));
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; info: { version: string }; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe(DATASET_VERSION);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/v1/series", "/api/v1/articles", "/api/v1/exports/articles.csv"]));
  });
});

describe("one article's headline changes", () => {
  it("WEB-6: the article page links its Atom feed, with one entry per headline version", async () => {
    const [article] = await database().db.execute<{ id: number; n: number }>(sql`
      select article_id as id, count(*)::int as n from headline_versions group by article_id order by count(*) desc, article_id limit 1`);
    expect(article).toBeDefined();
    await withPage(browser(), `/noticias/${article!.id}`, async (page) => {
      expect(await page.locator(`head link[rel="alternate"][href="/noticias/${article!.id}/cambios.atom"]`).count()).toBe(1);
    });
    const response = await fetch(siteUrl(`/noticias/${article!.id}/cambios.atom`));
    expect(response.status).toBe(200);
    const feed = new XMLParser({ isArray: (name) => name === "entry" }).parse(await response.text()).feed as { entry?: unknown[] };
    expect(feed.entry ?? []).toHaveLength(Number(article!.n));
    expect((await fetch(siteUrl("/noticias/999999999/cambios.atom"))).status).toBe(404);
  });
});

describe("the new pages at a desktop and a phone width", () => {
  it("fit the screen at 1280 and 390 px (screenshots in /tmp/research-shots)", async () => {
    const word = await aWord(0);
    for (const [name, path] of [
      ["robots", "/robots"],
      ["buscar", `/buscar?q=${encodeURIComponent(word)}&q2=${encodeURIComponent(await aWord(1))}`],
    ] as const) {
      for (const width of [1280, 390]) {
        const { page } = await openPage(browser(), path, { javaScriptEnabled: false, viewport: { width, height: 900 } });
        try {
          await page.screenshot({ path: `/tmp/research-shots/${name}-${width}.png`, fullPage: true });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow, `${path} at ${width}`).toBeLessThanOrEqual(0);
        } finally {
          await page.context().close();
        }
      }
    }
  });
});
