/**
 * The home page figure and the outlet directory (SPEC WEB-1): both read the outlets
 * table; inactive outlets are neither counted nor listed.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { countActiveOutlets } from "../../db/queries/site-stats";
import { outlets } from "../../db/schema";
import { siteSections } from "../../lib/pages/sections";
import { mainText, openPage, useBrowser, useSiteDatabase } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();

beforeAll(async () => {
  const { db } = database();
  await db.delete(outlets).where(eq(outlets.slug, "diario-prueba"));
  await db.delete(outlets).where(eq(outlets.slug, "diario-cerrado"));
  await db.insert(outlets).values([
    { slug: "diario-prueba", name: "Diario de Prueba", homepage: "https://diario-prueba.test/" },
    { slug: "diario-cerrado", name: "Diario Cerrado", homepage: "https://diario-cerrado.test/", active: false },
  ]);
});

describe("home and outlets", () => {
  it("WEB-1: the home page explains the project, counts the outlets followed and links every section", async () => {
    const count = await countActiveOutlets(database().db);
    expect(count).toBeGreaterThanOrEqual(1);
    const { page } = await openPage(browser(), "/", { javaScriptEnabled: false });
    try {
      expect(await page.locator(".figure-number").innerText()).toBe(String(count));
      expect(await mainText(page)).toContain("nunca guarda el texto de los artículos");
      const cards = await page.locator("main .cards a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(cards).toEqual(siteSections.filter((s) => s.href !== "/").map((s) => s.href));
    } finally {
      await page.context().close();
    }
  });

  it("WEB-1: /cabeceras lists active outlets with their home page, and not inactive ones", async () => {
    const { page } = await openPage(browser(), "/cabeceras");
    try {
      const row = page.locator("tbody tr", { hasText: "Diario de Prueba" });
      expect(await row.locator('a[href="/cabeceras/diario-prueba"]').count()).toBe(1);
      expect(await row.locator('a[href="https://diario-prueba.test/"]').innerText()).toBe("diario-prueba.test");
      expect(await mainText(page)).not.toContain("Diario Cerrado");
    } finally {
      await page.context().close();
    }
  });

  it("WEB-1: an outlet's page names it; an unknown or inactive outlet is a Spanish 404", async () => {
    const { page } = await openPage(browser(), "/cabeceras/diario-prueba");
    try {
      await expect.poll(() => page.locator("h1").allInnerTexts(), { timeout: 10_000 }).toEqual(["Diario de Prueba"]);
      expect(await mainText(page)).toContain("Todavía no hemos capturado su portada");
    } finally {
      await page.context().close();
    }
    for (const slug of ["diario-cerrado", "no-existe"]) {
      const { page: p, response } = await openPage(browser(), `/cabeceras/${slug}`);
      try {
        expect(response.status(), slug).toBe(404);
        await expect.poll(() => p.locator("h1").allInnerTexts(), { timeout: 10_000 }).toEqual(["Página no encontrada"]);
      } finally {
        await p.context().close();
      }
    }
  });
});
