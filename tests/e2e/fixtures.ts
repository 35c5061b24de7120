/**
 * Shared helpers for the public-site end-to-end tests: the site's address, the
 * configuration it runs with, a browser per test file, the site's database, and the
 * list of public pages with their expected headings.
 */
import type { Browser, BrowserContextOptions, Page, Response } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { openDatabase, type Database } from "../../db/client";
import { loadConfig } from "../../lib/config";
import { launchBrowser } from "../support/browser";

/** The configuration the e2e site runs with (tests/support/global-site.ts). */
export const siteConfig = loadConfig({ HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example" });

/** Absolute URL of `path` on the running site. */
export function siteUrl(path = "/"): string {
  return new URL(path, inject("siteUrl")).toString();
}

/** Every public page of WEB-1 with the text of its one h1. */
export const publicPages: readonly { path: string; h1: string }[] = [
  { path: "/", h1: "Un observatorio de los medios españoles" },
  { path: "/cabeceras", h1: "Cabeceras" },
  { path: "/historias", h1: "Historias" },
  { path: "/buscar", h1: "Buscar" },
  { path: "/estado", h1: "Estado" },
  { path: "/bot", h1: "El bot" },
  { path: "/metodologia", h1: "Metodología" },
  { path: "/editores", h1: "Editores" },
  { path: "/replicas", h1: "Réplicas" },
  { path: "/privacidad", h1: "Privacidad" },
  { path: "/correcciones", h1: "Correcciones" },
  { path: "/quienes-somos", h1: "Quiénes somos" },
];

/** Sections under construction: their page must say so. */
export const buildingPaths: string[] = [];

/** A Chromium for this test file, launched before its tests and closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser was not launched");
    return browser;
  };
}

/** The site's own database for this test file, opened before its tests and closed after. */
export function useSiteDatabase(): () => Database {
  let database: Database | undefined;
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: inject("siteDatabaseUrl"), dataDir: "/nonexistent" }, { maxConnections: 2 });
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error("the site database was not opened");
    return database;
  };
}

/** Open `path` in a fresh context; the caller closes `page.context()`. */
export async function openPage(
  browser: Browser,
  path: string,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; response: Response }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const response = await page.goto(siteUrl(path));
  if (!response) throw new Error(`no response for ${path}`);
  return { page, response };
}

/**
 * Open `path` in a fresh context (JavaScript off, as the server sent the page, unless
 * `options` says otherwise), hand the page and its status to `look`, then close the context.
 */
export async function withPage<T>(
  browser: Browser,
  path: string,
  look: (page: Page, status: number) => Promise<T>,
  options: BrowserContextOptions = { javaScriptEnabled: false },
): Promise<T> {
  const { page, response } = await openPage(browser, path, options);
  try {
    return await look(page, response.status());
  } finally {
    await page.context().close();
  }
}

/** Visible text of the page's main landmark, whitespace collapsed. */
export async function mainText(page: Page): Promise<string> {
  return (await page.locator("main").innerText()).replace(/\s+/g, " ");
}
