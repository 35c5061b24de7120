/**
 * Every public page read as a reader's browser shows it (SPEC WEB-4: legible on a phone):
 * each page at each width, laid out by Chromium, checked for sideways overflow and for text
 * too small to read, and optionally saved as a full-page screenshot. Used by
 * `npm run screenshots` and by the end-to-end test that keeps pages within a phone's width.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { otherPublicPages, siteSections } from "../../lib/pages/sections";

/** What a page at one width showed. */
export interface PageReading {
  path: string;
  width: number;
  status: number;
  /** Document width beyond the viewport, in CSS pixels (0 = nothing sideways). */
  overflowPx: number;
  /** The widest element sticking out of the viewport, for the report. */
  widest?: string;
  /** The smallest font size of visible text, chart labels included, in CSS pixels. */
  smallestTextPx: number;
  screenshot?: string;
}

/** The smallest text a reader should have to read, in CSS pixels. */
export const MIN_TEXT_PX = 11;

/** The public pages to read: every section and page of the lists, plus the first detail page each list links to. */
export async function publicPaths(browser: Browser, siteUrl: string): Promise<string[]> {
  const pages = [...siteSections, ...otherPublicPages];
  const paths = pages.filter((p) => p.caching !== "details").map((p) => p.href as string);
  const page = await browser.newPage();
  try {
    for (const list of pages.filter((p) => p.caching === "details" || p.caching === "page-and-details")) {
      // A detail page is found where readers find it: on its list, else on the home page.
      for (const from of list.caching === "details" ? ["/"] : [list.href, "/"]) {
        await page.goto(new URL(from, siteUrl).href);
        const href = await page.$$eval(
          "a[href]",
          (links, prefix) =>
            links
              .map((a) => new URL((a as HTMLAnchorElement).href).pathname)
              .find((p) => p.startsWith(`${prefix}/`) && p.split("/").length === prefix.split("/").length + 1),
          list.href,
        );
        if (href) {
          paths.push(href);
          break;
        }
      }
    }
  } finally {
    await page.close();
  }
  return paths;
}

async function measure(page: Page): Promise<Pick<PageReading, "overflowPx" | "widest" | "smallestTextPx">> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const overflowPx = Math.max(0, document.documentElement.scrollWidth - viewport);
    let widest: string | undefined;
    let widestRight = viewport;
    let smallestTextPx = Infinity;
    for (const el of Array.from(document.querySelectorAll<HTMLElement | SVGElement>("body *"))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // What sticks out, unless an ancestor scrolls it within its own box (a wide table in a scroller).
      if (box.right > widestRight + 0.5) {
        let scrolled = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const style = getComputedStyle(p);
          if (style.overflowX === "auto" || style.overflowX === "scroll" || style.overflowX === "hidden") {
            scrolled = true;
            break;
          }
        }
        if (!scrolled) {
          widestRight = box.right;
          widest = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${typeof el.className === "string" && el.className ? `.${el.className.split(/\s+/).join(".")}` : ""}`;
        }
      }
      const hasText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? "").trim() !== "");
      if (!hasText) continue;
      // SVG text is scaled with its drawing: its size on screen is the font size times the scale.
      let size = parseFloat(getComputedStyle(el).fontSize);
      const svg = el instanceof SVGElement ? el.ownerSVGElement : null;
      if (svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width > 0)
        size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      smallestTextPx = Math.min(smallestTextPx, size);
    }
    return { overflowPx, widest, smallestTextPx: Number.isFinite(smallestTextPx) ? Math.round(smallestTextPx * 10) / 10 : 0 };
  });
}

/** Read every path at every width; with `outDir`, save a full-page PNG of each as `<path>@<width>.png`. */
export async function surveyPages(o: {
  browser: Browser;
  siteUrl: string;
  paths: readonly string[];
  widths: readonly number[];
  outDir?: string;
}): Promise<PageReading[]> {
  if (o.outDir) await fs.mkdir(o.outDir, { recursive: true });
  const readings: PageReading[] = [];
  for (const width of o.widths) {
    const context = await o.browser.newContext({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
    try {
      const page = await context.newPage();
      for (const p of o.paths) {
        const response = await page.goto(new URL(p, o.siteUrl).href, { waitUntil: "load" });
        const reading: PageReading = { path: p, width, status: response?.status() ?? 0, ...(await measure(page)) };
        if (o.outDir) {
          const name = `${p === "/" ? "inicio" : p.slice(1).replace(/[^a-z0-9-]+/gi, "_")}@${width}.png`;
          reading.screenshot = path.join(o.outDir, name);
          // A long page on a busy machine takes more than Playwright's default 30 s to paint whole.
          await page.screenshot({ path: reading.screenshot, fullPage: true, timeout: 180_000 });
        }
        readings.push(reading);
      }
    } finally {
      await context.close();
    }
  }
  return readings;
}

/** The readings a reader would trip on: a page not answered, sideways overflow, text too small. */
export function problemsIn(readings: readonly PageReading[]): string[] {
  const out: string[] = [];
  for (const r of readings) {
    if (r.status !== 200) out.push(`${r.path} at ${r.width} px: HTTP ${r.status}`);
    if (r.overflowPx > 0) out.push(`${r.path} at ${r.width} px: ${r.overflowPx} px wider than the screen (${r.widest ?? "the page"})`);
    if (r.smallestTextPx > 0 && r.smallestTextPx < MIN_TEXT_PX) out.push(`${r.path} at ${r.width} px: text of ${r.smallestTextPx} px`);
  }
  return out;
}
