/**
 * The corrections log (SPEC WEB-1): an honest empty state, then entries written through
 * `addCorrection` appear newest first, escaped, 50 per page.
 */
import { describe, expect, it } from "vitest";
import { addCorrection } from "../../db/queries/site/corrections";
import { corrections } from "../../db/schema";
import { mainText, openPage, useBrowser, useSiteDatabase } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();

describe("Correcciones", () => {
  it("WEB-1: an empty log says so", async () => {
    await database().db.delete(corrections);
    const { page } = await openPage(browser(), "/correcciones");
    try {
      expect(await mainText(page)).toContain("Todavía no hay ninguna corrección anotada");
    } finally {
      await page.context().close();
    }
  });

  it("WEB-1: a correction added to the database appears dated, newest first, text escaped", async () => {
    const { db } = database();
    await addCorrection(db, { day: "2026-09-03", title: "Versión 0.9.0 de El bot", details: "Primera versión publicada." });
    await addCorrection(db, {
      day: "2026-09-07",
      title: "Corregido el recuento de <b>portadas</b>",
      details: "Contábamos dos veces\nlas portadas repetidas.",
    });
    const { page } = await openPage(browser(), "/correcciones", { javaScriptEnabled: false });
    try {
      const titles = await page.locator(".log h2").allInnerTexts();
      expect(titles).toEqual(["Corregido el recuento de <b>portadas</b>", "Versión 0.9.0 de El bot"]);
      expect(await page.locator(".log b").count()).toBe(0);
      expect(await page.locator(".log time").first().innerText()).toBe("7 de septiembre de 2026");
      expect(await page.locator(".log time").first().getAttribute("datetime")).toBe("2026-09-07");
      expect(await mainText(page)).toContain("Contábamos dos veces las portadas repetidas.");
    } finally {
      await page.context().close();
    }
  });

  it("WEB-2: the log is paginated 50 per page through ?pagina=, and a page past the end is a 404", async () => {
    const { db } = database();
    await db.delete(corrections);
    for (let i = 1; i <= 51; i++) {
      const day = new Date(Date.UTC(2026, 0, i)).toISOString().slice(0, 10);
      await addCorrection(db, { day, title: `Corrección número ${i}`, details: "Detalle." });
    }
    const first = await openPage(browser(), "/correcciones", { javaScriptEnabled: false });
    try {
      expect(await first.page.locator(".log li").count()).toBe(50);
      expect(await first.page.locator(".log h2").first().innerText()).toBe("Corrección número 51");
      expect(await first.page.locator('a[rel="next"]').getAttribute("href")).toBe("/correcciones?pagina=2");
      await first.page.locator('a[rel="next"]').click();
      await first.page.waitForURL(/pagina=2/);
      expect(await first.page.locator(".log h2").allInnerTexts()).toEqual(["Corrección número 1"]);
      expect(await first.page.locator('a[rel="prev"]').getAttribute("href")).toBe("/correcciones");
    } finally {
      await first.page.context().close();
    }
    for (const bad of ["3", "0", "dos"]) {
      const { page, response } = await openPage(browser(), `/correcciones?pagina=${bad}`);
      expect(response.status(), bad).toBe(404);
      await page.context().close();
    }
  });
});
