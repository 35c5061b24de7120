/**
 * The public pages read as a reader reads them after a crawl (SPEC WEB-7): no link twice in
 * a "now" table, a status shown on two pages says the same on both, no story twice on the
 * home page, every time labelled with its zone in Spanish, no internal word on a page.
 */
import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { LAST_SUCCESS_LABEL, robotsAccessLabel } from "../../lib/pages/collection-status";
import { mainText, useBrowser, useSiteDatabase, withPage } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();
const slugs = () => inject("crawl").outletSlugs;

describe("pages after a crawl, as a reader reads them", () => {
  it("WEB-7: 'Su portada ahora' lists each link once and each rank once, on every crawled outlet", async () => {
    for (const slug of slugs()) {
      await withPage(browser(), `/cabeceras/${slug}`, async (page) => {
        const rows = page.locator('section[aria-labelledby="portada-ahora"] tbody tr');
        const ranks = await rows.locator("td:nth-child(1)").allInnerTexts();
        const links = await rows.locator("td:nth-child(2) a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
        expect(new Set(ranks).size, slug).toBe(ranks.length);
        expect(new Set(links).size, slug).toBe(links.length);
        expect(ranks, slug).toEqual(ranks.map((_, i) => String(i + 1)));
      });
    }
  }, 240_000);

  it("WEB-7, ROB-4: robots.txt of each outlet's front-page host reads the same on Estado and on the outlet page", async () => {
    const hosts = await database().db.execute<{ slug: string; origin: string; access: string | null }>(sql`
      select o.slug, h.host as origin, h.robots_access as access from outlets o
      join sources s on s.outlet_id = o.id and s.kind = 'frontpage'
      join hosts h on h.host = substring(s.url from '^[a-z]+://[^/]+')
      where o.active`);
    expect(hosts.length).toBeGreaterThan(0);
    const estado = await withPage(browser(), "/estado", async (page) =>
      Object.fromEntries(
        await page
          .getByTestId("outlet-status")
          .locator("tbody tr")
          .evaluateAll((trs) =>
            trs.map((tr) => [tr.getAttribute("data-slug"), tr.querySelector('[data-testid="robots"]')?.textContent ?? ""]),
          ),
      ),
    );
    for (const h of hosts.filter((x) => slugs().includes(x.slug))) {
      const label = robotsAccessLabel(h.access);
      expect(estado[h.slug], h.slug).toContain(label);
      expect(estado[h.slug], h.slug).not.toContain("aún no leído");
      await withPage(browser(), `/cabeceras/${h.slug}`, async (page) => {
        const line = await page
          .locator('section[aria-labelledby="senales"] li', { hasText: `${h.origin}/robots.txt` })
          .first()
          .innerText();
        expect(line, h.slug).toContain(label);
        expect((await page.locator('section[aria-labelledby="estado"] thead').textContent())?.toLowerCase()).toContain(
          LAST_SUCCESS_LABEL.toLowerCase(),
        );
      });
    }
    await withPage(browser(), "/estado", async (page) => {
      // The sources' tables are folded (<details>): their text, not what is painted.
      const text = (await page.locator("main").textContent()) ?? "";
      expect(text).toContain(LAST_SUCCESS_LABEL);
      expect(text).not.toMatch(/Último acierto|Último éxito/);
    });
  }, 240_000);

  it("WEB-1, WEB-7: the home page lists each story once", async () => {
    await withPage(browser(), "/", async (page) => {
      const stories = page.getByTestId("stories");
      if ((await stories.count()) === 0) return;
      const names = await stories.locator("li > a").allInnerTexts();
      const hrefs = await stories.locator("li > a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(new Set(names).size).toBe(names.length);
      expect(new Set(hrefs).size).toBe(hrefs.length);
    });
  });

  it("WEB-7: times are labelled with their zone in Spanish; an outlet on Canary time says 'hora canaria', never its zone id", async () => {
    const { db } = database();
    // An outlet of the crawl with at least one article (some outlets of the simulated web block us).
    const [article] = await db.execute<{ id: number; slug: string }>(sql`
      select a.id, o.slug from articles a join outlets o on o.id = a.outlet_id
      where o.slug = any(${`{${slugs().join(",")}}`}::text[]) order by o.slug, a.id limit 1`);
    const slug = article!.slug;
    await db.execute(sql`update outlets set timezone = 'Atlantic/Canary' where slug = ${slug}`);
    try {
      for (const path of [`/cabeceras/${slug}`, `/noticias/${article!.id}`]) {
        await withPage(browser(), path, async (page) => {
          expect(await page.getByTestId("time-zone").innerText(), path).toBe("Horas en hora canaria");
          expect(await mainText(page), path).not.toMatch(/Atlantic\/|Europe\/|hora de la cabecera/);
        });
      }
    } finally {
      await db.execute(sql`update outlets set timezone = 'Europe/Madrid' where slug = ${slug}`);
    }
    await withPage(browser(), `/cabeceras/${slug}`, async (page) =>
      expect(await page.getByTestId("time-zone").innerText()).toBe("Horas en hora peninsular"),
    );
    await withPage(browser(), "/metodologia", async (page) => {
      const rule = await page.getByTestId("time-rule").innerText();
      expect(rule).toContain("hora peninsular");
      expect(rule).toContain("hora canaria");
    });
  });

  it("WEB-7: no internal word, no count of nothing, no missing space on the pages a reader reads", async () => {
    const paths = [
      "/",
      "/historias",
      "/estado",
      "/quienes-somos",
      ...slugs()
        .slice(0, 4)
        .map((s) => `/cabeceras/${s}`),
    ];
    for (const path of paths) {
      await withPage(browser(), path, async (page) => {
        const text = await mainText(page);
        expect(text, path).not.toMatch(/isAccessibleForFree|Dónde: |\bpage\b|\bheader\b|tdm-reservation|use-last-good|disallow-all/);
        expect(text, path).not.toMatch(/\b0 cambios de titular en 0 noticias|de 0 noticias/);
        expect(text, path).not.toMatch(/[a-záéíóúñ]\),[a-záéíóúñ]/i);
      });
    }
  }, 240_000);

  it("WEB-3: /quienes-somos and /datos agree that our data is open (CC BY 4.0), and point to each other", async () => {
    await withPage(browser(), "/quienes-somos", async (page) => {
      const text = await mainText(page);
      expect(text).toContain("Creative Commons Reconocimiento 4.0");
      expect(text).not.toMatch(/escríbenos/i);
      expect(await page.locator('main a[href="/datos"]').count()).toBeGreaterThan(0);
    });
    await withPage(browser(), "/datos", async (page) => {
      const text = await mainText(page);
      expect(text).toContain("Creative Commons Reconocimiento 4.0");
      expect(text).toContain("no llevan reserva de minería");
    });
  });
});
