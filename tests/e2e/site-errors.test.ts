/**
 * Failure pages and security headers: a Spanish 404 with status 404, security headers
 * on every kind of response (SPEC SEC-3), and a server-rendered "temporarily
 * unavailable" notice when the database cannot be reached (a second `next start` of the
 * same build, pointed at a port where nothing listens).
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mainText, openPage, siteUrl, useBrowser } from "./fixtures";

const browser = useBrowser();

describe("not found", () => {
  it.each(["/no-existe-esta-pagina", "/cabeceras?pagina=999999"])(
    "WEB-1: %s answers 404 with a Spanish page inside the site frame",
    async (address) => {
      const { page, response } = await openPage(browser(), address, { javaScriptEnabled: false });
      try {
        expect(response.status()).toBe(404);
        expect(await page.locator("html").getAttribute("lang")).toBe("es");
        await expect.poll(() => page.locator("h1").allInnerTexts(), { timeout: 10_000 }).toEqual(["Página no encontrada"]);
        expect(await page.locator("main").count()).toBe(1);
        expect(await page.locator('header nav a[href="/bot"]').count()).toBe(1);
        expect(await mainText(page)).toContain("Volver al inicio");
        expect(await page.title()).toBe("Página no encontrada · Hemeroscopio");
      } finally {
        await page.context().close();
      }
    },
  );
});

describe("security headers", () => {
  it.each(["/", "/bot", "/correcciones", "/no-existe", "/robots.txt", "/bot/ips.json", "/.well-known/tdmrep.json"])(
    "SEC-3: %s carries CSP with frame-ancestors, X-Frame-Options and Referrer-Policy",
    async (p) => {
      const res = await fetch(siteUrl(p));
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    },
  );

  it("SEC-3, WEB-2: the public pages carry no script and load none; script-src names no hash and never 'unsafe-inline'", async () => {
    const context = await browser().newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        (window as unknown as { violations: string[] }).violations = [];
        document.addEventListener("securitypolicyviolation", (e) =>
          (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      const scripts: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "script") scripts.push(r.url());
      });
      for (const path of ["/", "/cabeceras", "/buscar?q=gobierno", "/bot"]) {
        const response = await page.goto(siteUrl(path));
        const scriptSrc =
          (response!.headers()["content-security-policy"] ?? "")
            .split(";")
            .map((d) => d.trim())
            .find((d) => d.startsWith("script-src")) ?? "";
        expect(scriptSrc, path).toBe("script-src 'self'");
        expect(await response!.text(), path).not.toMatch(/<script\b|rel="(?:modulepreload|preload" as="script)/i);
        await page.waitForLoadState("networkidle");
        expect(await page.locator("script").count(), path).toBe(0);
        expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), path).toEqual([]);
        // The section the reader is in is marked on the server, without a script.
        if (path === "/cabeceras") expect(await page.locator('.site-nav a[aria-current="page"]').getAttribute("href")).toBe("/cabeceras");
      }
      expect(scripts).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("SEC-3: the pages load nothing from other origins", async () => {
    const { page } = await openPage(browser(), "/bot");
    try {
      const origins = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => new URL(e.name).origin));
      expect(origins.filter((o) => o !== new URL(page.url()).origin)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

describe("database unavailable", () => {
  let child: ChildProcess | undefined;
  let base = "";

  beforeAll(async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, "127.0.0.1", () => {
        const port = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    // The same build as the main e2e site, pointed at a port where no database listens.
    child = spawn(
      process.execPath,
      [path.join("node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port), "-H", "127.0.0.1"],
      {
        env: {
          ...process.env,
          DATABASE_URL: `postgres://nobody@127.0.0.1:${closedPort}/none`,
          NEXT_TELEMETRY_DISABLED: "1",
          HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
        },
        stdio: ["ignore", "ignore", "ignore"],
      },
    );
    base = `http://127.0.0.1:${port}`;
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      if (
        await fetch(`${base}/robots.txt`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("the second site did not start");
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
  });

  it.each(["/correcciones", "/cabeceras", "/cabeceras/diario"])(
    "WEB-2: with the database down, %s says the service is temporarily unavailable, readable without JavaScript",
    async (p) => {
      const context = await browser().newContext({ javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        await page.goto(`${base}${p}`);
        await expect.poll(() => page.locator("h1").allInnerTexts(), { timeout: 10_000 }).toEqual(["Servicio no disponible temporalmente"]);
        expect(await page.locator("html").getAttribute("lang")).toBe("es");
        expect(await page.locator('header nav a[href="/bot"]').count()).toBe(1);
        expect(await page.locator('meta[name="robots"][content="noindex"]').count()).toBeGreaterThan(0);
      } finally {
        await context.close();
      }
    },
  );

  it("WEB-1: with the database down, the home page still explains the project and says the figure is unavailable", async () => {
    const context = await browser().newContext({ javaScriptEnabled: false });
    try {
      const home = await context.newPage();
      await home.goto(`${base}/`);
      await expect.poll(() => home.locator("h1").allInnerTexts(), { timeout: 10_000 }).toEqual(["Un observatorio de los medios españoles"]);
      expect(await home.getByTestId("figure-unavailable").innerText()).toContain("Servicio no disponible temporalmente");
    } finally {
      await context.close();
    }
  });

  it("WEB-1: pages that do not need the database still work, and the sitemap answers 503", async () => {
    const bot = await fetch(`${base}/bot`);
    expect(bot.status).toBe(200);
    expect(await bot.text()).toContain("HemeroscopioBot/1.0");
    const sitemap = await fetch(`${base}/sitemap.xml`);
    expect(sitemap.status).toBe(503);
    expect(sitemap.headers.get("retry-after")).toBe("300");
  });
});
