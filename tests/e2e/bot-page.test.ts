/**
 * The bot page and the documents about the bot (SPEC ID-4): generated from the live
 * configuration, served with the right content types and cache headers.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GATES } from "../../lib/gate-list";
import { readChangelog } from "../../lib/changelog-file";
import { botPageData } from "../../lib/pages/bot-page";
import { mainText, openPage, siteConfig, siteUrl, useBrowser, useSiteDatabase } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();
const expected = botPageData(siteConfig, readChangelog());

describe("El bot", () => {
  it("ID-4: /bot shows the User-Agent exactly as sent, the From address, the contacts and its last revision", async () => {
    const { page } = await openPage(browser(), "/bot");
    try {
      expect(await page.getByTestId("user-agent").innerText()).toBe(siteConfig.bot.userAgent);
      expect(siteConfig.bot.userAgent).toBe("HemeroscopioBot/1.0 (+https://hemeroscopio.example/bot; bot@hemeroscopio.org)");
      const text = await mainText(page);
      expect(text).toContain(siteConfig.bot.email);
      expect(text).toContain("https://hemeroscopio.example");
      expect(await page.locator(`main a[href="mailto:${siteConfig.bot.email}"]`).count()).toBeGreaterThan(0);
      // Separate addresses for publishers and for privacy, as configured, and the page's revision.
      expect(await page.getByTestId("mail-publishers").innerText()).toBe(siteConfig.publishersEmail);
      expect(await page.getByTestId("mail-privacy").innerText()).toBe(siteConfig.privacyEmail);
      expect(await page.getByTestId("revision").innerText()).toContain(`Última revisión de esta página: ${expected.revision}`);
      expect(expected.revision).toMatch(/\(versión \d+\.\d+\.\d+\)$/); // from CHANGELOG.md, not a fallback
    } finally {
      await page.context().close();
    }
  });

  it("ID-4: /bot states the configured intervals, pacing, limits and budget", async () => {
    const { page } = await openPage(browser(), "/bot", { javaScriptEnabled: false });
    try {
      expect(await page.getByTestId("feed-interval").innerText()).toBe("cada 10 minutos");
      expect(await page.getByTestId("sitemap-interval").innerText()).toBe("cada 15 minutos");
      expect(await page.getByTestId("frontpage-intervals").innerText()).toBe("15, 30 o 60 minutos");
      expect(await page.getByTestId("pacing").innerText()).toBe(expected.limits.pacing);
      expect(await page.getByTestId("connect-timeout").innerText()).toBe("10 segundos");
      expect(await page.getByTestId("total-timeout").innerText()).toBe("30 segundos");
      expect(await page.getByTestId("retry-after-give-up").innerText()).toBe("6 horas");
      expect(await page.getByTestId("article-budget").innerText()).toBe("500 artículos");
      const text = await mainText(page);
      for (const fact of [
        expected.schedule.night,
        expected.limits.maxBody,
        expected.limits.maxSitemap,
        expected.limits.maxRedirects,
        expected.limits.robotsCache,
      ]) {
        expect(text).toContain(fact);
      }
      expect(await page.getByTestId("robots-4xx").innerText()).toContain("no leemos nada");
      // The checks before a request, printed from the crawler's one list, in its order.
      expect(await page.getByTestId("gate-list").locator("li").allInnerTexts()).toEqual(GATES.map((g) => g.publicWhat));
    } finally {
      await page.context().close();
    }
  });

  it("ID-4: /bot gives a copyable robots.txt exclusion and links the address list, key directory and TDM file", async () => {
    const { page } = await openPage(browser(), "/bot");
    try {
      expect(await page.getByTestId("robots-example").innerText()).toBe("User-agent: HemeroscopioBot\nDisallow: /");
      const hrefs = await page.locator("main a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(
        expect.arrayContaining(["/bot/ips.json", "/.well-known/http-message-signatures-directory", "/.well-known/tdmrep.json"]),
      );
    } finally {
      await page.context().close();
    }
  });
});

describe("documents about the bot and the site", () => {
  it("ID-4: /bot/ips.json lists the configured egress addresses as JSON", async () => {
    const res = await fetch(siteUrl("/bot/ips.json"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const body = (await res.json()) as { egressIps: unknown; updated: string };
    expect(body.egressIps).toEqual(siteConfig.bot.egressIps);
    expect(new Date(body.updated).toISOString()).toBe(body.updated);
  });

  it("ID-4, WEB-3: /.well-known/tdmrep.json leaves the open data unreserved, reserves TDM rights on the pages and links its policy", async () => {
    const res = await fetch(siteUrl("/.well-known/tdmrep.json"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(await res.json()).toEqual([
      { location: "/api/", "tdm-reservation": 0 },
      { location: "/", "tdm-reservation": 1, "tdm-policy": "https://hemeroscopio.example/tdm-policy.json" },
    ]);
    const policy = await fetch(siteUrl("/tdm-policy.json"));
    expect(policy.headers.get("content-type")).toMatch(/^application\/ld\+json/);
    expect(await policy.json()).toMatchObject({
      "@type": "Offer",
      profile: "http://www.w3.org/ns/tdmrep",
      obligation: [{ action: "obtainConsent" }],
    });
  });

  it("ID-4: /robots.txt is plain text that allows the public pages and names our own bot", async () => {
    const res = await fetch(siteUrl("/robots.txt"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const text = await res.text();
    expect(text).toContain("User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\nAllow: /api/v1/exports/\n");
    expect(text).toContain("User-agent: HemeroscopioBot\nDisallow: /\n");
    expect(text).toContain("Sitemap: https://hemeroscopio.example/sitemap.xml");
  });

  it("WEB-1: /sitemap.xml lists the public sections", async () => {
    const res = await fetch(siteUrl("/sitemap.xml"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toContain("<loc>https://hemeroscopio.example/bot</loc>");
    expect(xml).toContain("<loc>https://hemeroscopio.example/correcciones</loc>");
  });

  it("LEG-1: /bot says how many active outlets' legal notices it re-reads, and that the others are not read", async () => {
    const db = database().db;
    const [one] = await db.execute<{ id: number; legal_notice: string | null }>(
      sql`select id, legal_notice from outlets where active and legal_notice is not null order by id limit 1`,
    );
    await db.execute(sql`update outlets set legal_notice = null where id = ${one!.id}`);
    try {
      const [counts] = await db.execute<{ known: number; active: number }>(sql`
        select count(*) filter (where legal_notice is not null)::int as known, count(*)::int as active from outlets where active`);
      const missing = counts!.active - counts!.known;
      expect(missing).toBeGreaterThan(0);
      const { page } = await openPage(browser(), "/bot", { javaScriptEnabled: false });
      try {
        expect(await page.getByTestId("legal-notice-coverage").innerText()).toBe(
          `Conocemos la de ${counts!.known} de las ${counts!.active} cabeceras activas; ${missing === 1 ? "el de la otra" : `el de las otras ${missing}`} no se relee hasta que tengamos su dirección.`,
        );
      } finally {
        await page.context().close();
      }
    } finally {
      await db.execute(sql`update outlets set legal_notice = ${one!.legal_notice} where id = ${one!.id}`);
    }
  });

  it("EXT-3: /bot and /estado state how many active outlets are read from static HTML and how many in the browser, from the database", async () => {
    const db = database().db;
    const [one] = await db.execute<{ id: number }>(sql`select id from outlets where active order by id limit 1`);
    await db.execute(sql`update outlets set render_mode = 'browser' where id = ${one!.id}`);
    try {
      const [counts] = await db.execute<{ s: number; b: number }>(sql`
        select count(*) filter (where render_mode = 'static')::int as s, count(*) filter (where render_mode = 'browser')::int as b
          from outlets where active`);
      expect(counts!.b).toBeGreaterThan(0);
      const cabeceras = (n: number) => `${n} ${n === 1 ? "cabecera" : "cabeceras"}`;
      for (const path of ["/bot", "/estado"]) {
        const { page } = await openPage(browser(), path, { javaScriptEnabled: false });
        try {
          expect(await page.getByTestId("render-static").innerText(), path).toBe(cabeceras(counts!.s));
          expect(await page.getByTestId("render-browser").innerText(), path).toBe(cabeceras(counts!.b));
          expect(await page.getByTestId("render-modes").innerText(), path).toContain(`De las ${cabeceras(counts!.s + counts!.b)} activas`);
        } finally {
          await page.context().close();
        }
      }
    } finally {
      await db.execute(sql`update outlets set render_mode = 'static' where id = ${one!.id}`);
    }
  });
});
