/**
 * The nightly bulk files and the research bundle (SPEC WEB-9) in Chromium, on the crawl the
 * e2e site serves: /datos links to /datos/volcados, which lists a day's eight files with the
 * rows, sizes and checksums of its manifest and serves each; the bundle form downloads one zip
 * whose checksums match; the page fits 1280 and 390 px (screenshots in /tmp/research-shots).
 */
import fs from "node:fs/promises";
import { unzipSync } from "fflate";
import { describe, expect, inject, it, beforeAll } from "vitest";
import { loadApiScope } from "../../db/open-data/context";
import { writeBulkDay } from "../../db/bulk/write-day";
import { sha256Hex, utcDay, type BulkManifest } from "../../lib/bulk/manifest";
import { DATASET_VERSION } from "../../lib/dataset-version";
import { openPage, siteUrl, useBrowser, useSiteDatabase, withPage } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();
let manifest: BulkManifest;

beforeAll(async () => {
  // The worker writes a day once it is over; the crawl is hours old, so the test writes the crawl's last day as the worker would.
  const crawl = inject("crawl");
  const db = database().db;
  const ctx = { ...(await loadApiScope(db)), db, now: crawl.to };
  manifest = await writeBulkDay({ ctx, dir: inject("bulkDir"), day: utcDay(crawl.to), now: crawl.to });
  expect(manifest.files.find((f) => f.name === "articles.csv.gz")!.rows).toBeGreaterThan(0);
});

describe("/datos/volcados", () => {
  it("is linked from /datos and lists each file of a day with its manifest's rows and checksum, each served as listed", async () => {
    await withPage(browser(), "/datos", async (page, status) => {
      expect(status).toBe(200);
      await page.getByTestId("bulk-link").getByRole("link", { name: "volcados diarios" }).click();
      expect(new URL(page.url()).pathname).toBe("/datos/volcados");
      expect(await page.locator("h1").innerText()).toBe("Volcados diarios");
      const table = page.getByTestId(`bulk-day-${manifest.day}`);
      const rows = table.locator("tbody tr");
      expect(await rows.count()).toBe(8);
      const sums = await table.locator("code.checksum").allTextContents();
      expect(sums).toEqual(manifest.files.map((f) => f.sha256));
      const links = await table.locator("tbody a").evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
      expect(links).toEqual(manifest.files.map((f) => `/api/v1/bulk/${manifest.day}/${f.name}`));
      for (const [i, href] of links.entries()) {
        const response = await fetch(siteUrl(href));
        expect(response.status).toBe(200);
        expect(response.headers.get("ratelimit-policy")).toContain('"exports"');
        expect(sha256Hex(new Uint8Array(await response.arrayBuffer()))).toBe(manifest.files[i]!.sha256);
      }
      const counts = await rows.locator("td:nth-child(2)").allTextContents();
      expect(counts.map((c) => Number(c.replace(/\./g, "")))).toEqual(manifest.files.map((f) => f.rows));
    });
    expect((await fetch(siteUrl(`/api/v1/bulk/${manifest.day}/outlets.csv.gz`))).status).toBe(404);
  });

  it("downloads a research bundle for the chosen outlet and period, with checksums that match", async () => {
    const { page } = await openPage(browser(), "/datos/volcados", { javaScriptEnabled: false, acceptDownloads: true });
    try {
      const form = page.getByTestId("bundle-form");
      await form.locator('input[name="from"]').fill(manifest.day);
      await form.locator('input[name="to"]').fill(manifest.day);
      await form.locator("summary").click();
      const first = form.locator('input[name="outlets"]').first();
      const slug = (await first.getAttribute("value"))!;
      await first.check();
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        form.getByRole("button", { name: /Descargar el paquete/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`hemeroscopio-${manifest.day}_${manifest.day}-${slug}-v${DATASET_VERSION}.zip`);
      const files = unzipSync(new Uint8Array(await fs.readFile((await download.path())!)));
      const sums = new TextDecoder().decode(files["SHA256SUMS"]).trim().split("\n");
      expect(sums.map((l) => l.split("  ")[1])).toEqual([
        "LEEME.md",
        "codebook.csv",
        "articles.csv",
        "headline-versions.csv",
        "rank-spans.csv",
        "stories.csv",
        "manifest.json",
      ]);
      for (const line of sums) expect(sha256Hex(files[line.split("  ")[1]!]!)).toBe(line.split("  ")[0]);
      const articles = new TextDecoder().decode(files["articles.csv"]).trim().split("\r\n").slice(1);
      expect(articles.length).toBeGreaterThan(0);
      expect(articles.every((line) => line.split(",")[1] === slug)).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it("fits the screen at 1280 and 390 px (screenshots in /tmp/research-shots)", async () => {
    await fs.mkdir("/tmp/research-shots", { recursive: true });
    for (const width of [1280, 390]) {
      const { page } = await openPage(browser(), "/datos/volcados", { javaScriptEnabled: false, viewport: { width, height: 900 } });
      try {
        await page.screenshot({ path: `/tmp/research-shots/volcados-${width}.png`, fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `/datos/volcados at ${width}`).toBeLessThanOrEqual(0);
      } finally {
        await page.context().close();
      }
    }
  });
});
