/** The open-data documentation page (SPEC WEB-3): every endpoint, field and parameter, readable without JavaScript. */
import { describe, expect, it } from "vitest";
import { DATASETS } from "../../db/open-data/datasets/index";
import { mainText, openPage, siteConfig, useBrowser } from "./fixtures";

const browser = useBrowser();

describe("/datos", () => {
  it("WEB-3: documents every dataset's list, export, parameters and fields, with the licence, without JavaScript", async () => {
    const { page, response } = await openPage(browser(), "/datos", { javaScriptEnabled: false });
    try {
      expect(response.status()).toBe(200);
      await expect.poll(() => page.locator("h1").allInnerTexts(), { timeout: 10_000 }).toEqual(["Datos abiertos"]);
      const text = await mainText(page);
      for (const d of DATASETS) {
        expect(text).toContain(`/api/v1/${d.name}`);
        expect(text).toContain(`/api/v1/exports/${d.name}.csv`);
        const fields = await page.locator(`section:has(> #conjunto-${d.name}) tbody th code`).allTextContents();
        expect(fields).toEqual(expect.arrayContaining([...d.fields, ...d.params]));
      }
      expect(text).toContain("Creative Commons");
      expect(text).toContain("RFC 4180");
      // The budget the front door applies, as configured (lib/front-door/api-budget.ts).
      expect(await page.getByTestId("api-budget").innerText()).toContain(
        `${siteConfig.apiBudgets.api.limit} llamadas a la API y ${siteConfig.apiBudgets.exports.limit} exportaciones por minuto`,
      );
      // And the bound on exports at once, with what a busy answer looks like (lib/front-door/page-cache/miss-gate.ts).
      const busy = await page.getByTestId("api-busy").innerText();
      expect(busy).toContain(`preparamos ${siteConfig.misses.exports} al mismo tiempo, una por dirección`);
      expect(busy).toContain("503");
    } finally {
      await page.context().close();
    }
  });

  it("WEB-3: the footer of every page links to /datos", async () => {
    const { page } = await openPage(browser(), "/bot", { javaScriptEnabled: false });
    try {
      expect(await page.locator('footer a[href="/datos"]').innerText()).toBe("Datos abiertos");
    } finally {
      await page.context().close();
    }
  });
});
