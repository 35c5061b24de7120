/**
 * The public pages in Chromium (SPEC WEB-1, WEB-2, WEB-4): each opens with its heading,
 * the shared frame and every section link, in Spanish, with and without JavaScript.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { siteSections } from "../../lib/pages/sections";
import { buildingPaths, mainText, openPage, publicPages, siteConfig, siteUrl, useBrowser } from "./fixtures";

const browser = useBrowser();

/** Checks every public page shares: language, one h1, landmarks, navigation, footer. */
async function expectSiteFrame(page: Page, h1: string): Promise<void> {
  expect(await page.locator("html").getAttribute("lang")).toBe("es");
  await expect.poll(() => page.locator("h1").allInnerTexts(), { timeout: 10_000 }).toEqual([h1]);
  expect(await page.locator("main").count()).toBe(1);
  expect(await page.locator("body > header").count()).toBe(1);
  expect(await page.locator("body > footer").count()).toBe(1);
  expect(await page.locator("main").getAttribute("id")).toBe("contenido");
  expect(await page.locator("a.skip-link").getAttribute("href")).toBe("#contenido");

  const nav = page.locator('header nav[aria-label="Secciones"] a');
  const links = await nav.evaluateAll((as) => as.map((a) => ({ href: a.getAttribute("href"), text: a.textContent?.trim() ?? "" })));
  expect(links).toEqual(siteSections.map((s) => ({ href: s.href, text: s.label })));
  for (const link of links) expect(link.text.length).toBeGreaterThan(0);

  const footerLinks = await page.locator("footer a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  expect(footerLinks).toEqual(
    expect.arrayContaining(["/bot", "/privacidad", "/correcciones", "/datos", `mailto:${siteConfig.contactEmail}`]),
  );
  expect(await page.title()).toMatch(/Hemeroscopio/);
}

describe("public pages", () => {
  it.each(publicPages)("WEB-1: $path shows its heading, the site frame and every section link", async ({ path, h1 }) => {
    const { page, response } = await openPage(browser(), path);
    try {
      expect(response.status()).toBe(200);
      await expectSiteFrame(page, h1);
      const current = await page.locator('nav a[aria-current="page"]').allInnerTexts();
      expect(current).toEqual([siteSections.find((s) => s.href === path)!.label]);
      if (buildingPaths.includes(path)) expect(await mainText(page)).toMatch(/en construcción/i);
    } finally {
      await page.context().close();
    }
  });

  it("WEB-2: every public page reads the same with JavaScript disabled", async () => {
    for (const { path, h1 } of publicPages) {
      const { page, response } = await openPage(browser(), path, { javaScriptEnabled: false });
      try {
        expect(response.status(), path).toBe(200);
        await expectSiteFrame(page, h1);
        expect((await mainText(page)).length, path).toBeGreaterThan(150);
      } finally {
        await page.context().close();
      }
    }
  });

  it("WEB-2: /datos reads with JavaScript disabled, in the site frame", async () => {
    const { page, response } = await openPage(browser(), "/datos", { javaScriptEnabled: false });
    try {
      expect(response.status()).toBe(200);
      await expectSiteFrame(page, "Datos abiertos");
      expect(await page.locator('nav a[aria-current="page"]').count()).toBe(0);
      expect((await mainText(page)).length).toBeGreaterThan(150);
    } finally {
      await page.context().close();
    }
  });

  it("WEB-4: the public pages set no cookies and run no script, as Privacidad promises", async () => {
    const context = await browser().newContext();
    try {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "script") scripts.push(r.url());
      });
      for (const { path } of publicPages) {
        await page.goto(siteUrl(path));
        expect(await page.locator("script").count(), path).toBe(0);
      }
      expect(await context.cookies()).toEqual([]);
      expect(scripts).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
