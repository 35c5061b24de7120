/**
 * Accessibility checks beyond structure (SPEC WEB-4): text contrast in the light and
 * dark palettes, and a layout that fits a phone screen without sideways scrolling.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_DATA, removePageData, seedPageData } from "../support/page-data";
import { openPage, useBrowser, useSiteDatabase } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();

beforeAll(async () => {
  await seedPageData(database().db, Date.now());
});
afterAll(async () => {
  await removePageData(database().db);
});

/** The data pages, with rows from tests/support/page-data.ts. */
const dataPages = [`/cabeceras/${PAGE_DATA.open.slug}`, `/noticias/${PAGE_DATA.open.article}`, `/historias/${PAGE_DATA.story}`];

/** Text elements whose contrast we measure on each page. */
const samples = [
  "main p",
  "main li",
  "main a",
  ".lead",
  ".tagline",
  ".brand",
  ".site-nav a",
  ".site-footer p",
  ".site-footer a",
  ".hint",
  ".badge",
  ".eyebrow",
  "main code",
  ".card-text",
  ".figure-number",
  "main td",
  "main tbody th",
  ".muted",
  "main del",
  "main th",
  "figcaption",
  "summary",
  ".diff ins",
  ".chart-plot-swatch",
  ".reply-text",
];

/** The lowest WCAG contrast ratio among visible elements matching `samples`, with its selector. */
async function lowestContrast(page: Page): Promise<{ ratio: number; selector: string }> {
  return page.evaluate((selectors) => {
    const rgba = (s: string) => (s.match(/[\d.]+/g) ?? []).map(Number) as number[];
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const c = [r, g, b].map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const background = (el: Element | null): number[] => {
      for (let e = el; e; e = e.parentElement) {
        const bg = rgba(getComputedStyle(e).backgroundColor);
        if (bg.length === 3 || (bg[3] ?? 0) > 0) return bg;
      }
      return [255, 255, 255];
    };
    let lowest = { ratio: 21, selector: "" };
    for (const selector of selectors) {
      for (const el of Array.from(document.querySelectorAll(selector))) {
        if (!(el as HTMLElement).offsetParent) continue;
        const fg = luminance(rgba(getComputedStyle(el).color));
        const bg = luminance(background(el));
        const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
        if (ratio < lowest.ratio) lowest = { ratio, selector };
      }
    }
    return lowest;
  }, samples);
}

describe("accessibility", () => {
  it.each([
    ["light", "/"],
    ["light", "/bot"],
    ["light", "/historias"],
    ["light", "/correcciones"],
    ["light", "/buscar?q=gobierno"],
    ["light", "/estado"],
    ["light", "/editores"],
    ["light", "/datos"],
    ["dark", "/"],
    ["dark", "/bot"],
    ["dark", "/historias"],
    ["dark", "/correcciones"],
    ["dark", "/buscar?q=gobierno"],
    ["dark", "/estado"],
    ["dark", "/editores"],
    ["dark", "/datos"],
    ...dataPages.flatMap(
      (path) =>
        [
          ["light", path],
          ["dark", path],
        ] as const,
    ),
  ] as const)("WEB-4: text on %s %s has at least 4.5:1 contrast", async (colorScheme, path) => {
    const { page } = await openPage(browser(), path, { colorScheme });
    try {
      const lowest = await lowestContrast(page);
      expect(lowest.ratio, `lowest contrast at ${lowest.selector}`).toBeGreaterThanOrEqual(4.5);
    } finally {
      await page.context().close();
    }
  });

  it.each(["/buscar", "/estado", "/editores"])("WEB-4: every form control on %s has an accessible name", async (path) => {
    const { page } = await openPage(browser(), path);
    try {
      const unnamed = await page
        .locator("main input:not([type=hidden]), main select, main button, main textarea")
        .evaluateAll((controls) =>
          controls
            .filter((c) => !(c as HTMLInputElement).labels?.length && !c.getAttribute("aria-label") && !(c.textContent ?? "").trim())
            .map((c) => c.outerHTML),
        );
      expect(unnamed).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it.each(["/", "/bot", "/cabeceras", "/correcciones", "/buscar?q=gobierno", "/estado", "/historias", "/datos", ...dataPages])(
    "WEB-4: %s fits a 360 px wide phone without sideways scrolling",
    async (path) => {
      const { page } = await openPage(browser(), path, { viewport: { width: 360, height: 740 } });
      try {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      } finally {
        await page.context().close();
      }
    },
  );
});
