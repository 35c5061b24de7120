/**
 * Outlet groups in Chromium (docs/outlet-groups.md): /cabeceras lists the groups with their
 * counts and narrows its table to one with a plain GET form (no JavaScript); /buscar and the
 * home page take the same filter, and so does the feed of a search; a group is read in one spelling, and a value that is no
 * group name is a 400.
 */
import { inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outlets } from "../../db/schema";
import { addArticle, addFrontPages, HOUR } from "../support/page-fixtures";
import { mainText, siteUrl, useBrowser, useSiteDatabase, withPage } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();
const WORD = "marejadagrupal";

beforeAll(async () => {
  const { db } = database();
  const slugs = ["grupo-estatal", "grupo-gallego"];
  await db.delete(outlets).where(inArray(outlets.slug, slugs));
  const made = await db
    .insert(outlets)
    .values([
      { slug: "grupo-estatal", name: "Estatal de Grupos", homepage: "https://grupo-estatal.test/", groups: ["nacional"] },
      { slug: "grupo-gallego", name: "Gallego de Grupos", homepage: "https://grupo-gallego.test/", groups: ["local", "islas-cies"] },
    ])
    .returning({ id: outlets.id, slug: outlets.slug });
  const now = Date.now();
  for (const o of made) {
    const article = await addArticle(db, {
      outletId: o.id,
      path: `/${WORD}-${o.slug}`,
      firstSeenAt: now - 2 * HOUR,
      headlines: [[`Una ${WORD} llega a la costa de ${o.slug}`, now - 2 * HOUR, now - HOUR]],
    });
    await addFrontPages(db, o.id, [[now - HOUR, [article]]]);
  }
  // Nothing else in the shared database is in the group `islas-cies`.
  const rows = await db.execute<{ n: number }>(sql`select count(*)::int as n from outlets where 'islas-cies' = any(groups)`);
  expect(rows[0]?.n).toBe(1);
});

describe("outlet groups", () => {
  it("WEB-1: /cabeceras lists the groups with counts and its form narrows the table without JavaScript", async () => {
    await withPage(browser(), "/cabeceras", async (page) => {
      const list = page.getByTestId("group-list");
      expect(await list.innerText()).toMatch(/islas-cies\s*\(1\)/);
      await page.getByTestId("group-filter").locator("select").selectOption("islas-cies");
      await Promise.all([page.waitForURL(/grupo=islas-cies/), page.getByTestId("group-filter").getByRole("button").click()]);
      const text = await mainText(page);
      expect(text).toContain("Gallego de Grupos");
      expect(text).not.toContain("Estatal de Grupos");
      expect(await page.getByTestId("group-select").inputValue()).toBe("islas-cies");
    });
  });

  it("WEB-2, SEC-6: a group is read however it is spelt; a value that is no group name is a 400", async () => {
    await withPage(browser(), "/cabeceras?grupo=%20Islas%20Cies%20", async (page, status) => {
      expect(status).toBe(200);
      expect(await mainText(page)).toContain("Gallego de Grupos");
      expect(await mainText(page)).not.toContain("Estatal de Grupos");
    });
    await withPage(browser(), "/cabeceras?grupo=%3Cx%3E", async (page, status) => {
      expect(status).toBe(400);
      expect(await page.getByTestId("bad-query").innerText()).toContain("el grupo indicado no es válido");
    });
    await withPage(browser(), "/cabeceras?grupo=ninguno-asi", async (page) => {
      expect(await page.getByTestId("empty-group").innerText()).toContain("ninguno-asi");
    });
  });

  it("WEB-1: /buscar narrows its results and its series to the group chosen in its form", async () => {
    await withPage(browser(), `/buscar?q=${WORD}`, async (page) => {
      expect(await page.getByTestId("hits").locator("li").count()).toBe(2);
      await page.getByTestId("group-select").selectOption("islas-cies");
      await Promise.all([page.waitForURL(/grupo=islas-cies/), page.locator("form.search-form button[type=submit]").click()]);
      const hits = await page.getByTestId("hits").innerText();
      expect(hits).toContain("Gallego de Grupos");
      expect(hits).not.toContain("Estatal de Grupos");
      const csv = await page.locator('a[href^="/buscar/serie.csv"]').first().getAttribute("href");
      expect(csv).toContain("grupo=islas-cies");
      // The feed that follows this search keeps the group.
      const atom = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute("href");
      expect(atom).toContain("grupo=islas-cies");
      const xml = await (await fetch(siteUrl(atom!))).text();
      expect(xml).toContain("Gallego de Grupos");
      expect(xml).not.toContain("Estatal de Grupos");
    });
  });

  it("WEB-1: the home page shows only the group's front pages", async () => {
    await withPage(browser(), "/?grupo=islas-cies", async (page) => {
      const leads = await page.getByTestId("leads").innerText();
      expect(leads).toContain("Gallego de Grupos");
      expect(leads).not.toContain("Estatal de Grupos");
      expect(await page.locator(".figure-number").innerText()).toBe("1");
    });
  });
});
