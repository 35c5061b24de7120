/**
 * A publisher asks for an exclusion as a person would (SPEC PUB-2): fills the form on
 * /editores in Chromium without JavaScript, places the code in the robots.txt of its domain
 * on the simulated web, and the crawler — the real polite client, on a clock 200× faster —
 * finds it and applies the exclusion within 15 simulated minutes; the site then shows the
 * outlet nowhere and lists the exclusion in the public register. A "slow down" request
 * (PUB-7) takes the same road. Then an attack list
 * against the form: each attempt is refused with nothing stored (SEC-2).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createCrawlPipeline } from "../../crawler/compose";
import type { Pipeline } from "../../crawler/schedule/pipeline";
import { scaledClock, type Clock } from "../../lib/clock";
import { loadConfig } from "../../lib/config";
import { startSimulatedWeb, type SimulatedWeb } from "../sim/index";
import { openPage, siteUrl, useBrowser, useSiteDatabase } from "./fixtures";

const SCALE = 200;
const browser = useBrowser();
const database = useSiteDatabase();
let sim: SimulatedWeb;
let clock: Clock;
let pipeline: Pipeline;

beforeAll(async () => {
  clock = scaledClock(SCALE);
  sim = await startSimulatedWeb({ clock, outlets: inject("crawl").outletSlugs.length });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-publishers-"));
  const config = loadConfig({
    HEMEROSCOPIO_RESOLVE: sim.resolveRule,
    HEMEROSCOPIO_ONLY_RESOLVED: "true",
    HEMEROSCOPIO_DATA_DIR: dataDir,
    HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
    HEMEROSCOPIO_TIME_SCALE: String(SCALE),
  });
  pipeline = await createCrawlPipeline({ config, db: database().db, clock, workerId: "e2e-publishers" });
});

afterAll(async () => {
  await pipeline?.close?.();
  await sim?.close();
});

async function exclusionCount(): Promise<number> {
  const [row] = await database().db.execute<{ n: number }>(sql`select count(*)::int as n from exclusions`);
  return row!.n;
}

describe("a publisher excludes its outlet (PUB-2)", () => {
  it("PUB-2: form → code in robots.txt → applied within 15 simulated minutes → gone from the site and in the register", async () => {
    const slug = inject("crawl").outletSlugs[3]!;
    const [outlet] = await database().db.execute<{ name: string; homepage: string; domain: string }>(sql`
      select o.name, o.homepage, s.site_domain as domain from outlets o join sources s on s.outlet_id = o.id and s.kind = 'frontpage' where o.slug = ${slug}`);
    const { page } = await openPage(browser(), "/editores", { javaScriptEnabled: false });
    let token: string;
    try {
      await page.fill('input[name="dominio"]', outlet!.domain);
      await page.selectOption('select[name="alcance"]', "total");
      await page.fill('input[name="contacto"]', "direccion@ejemplo.es");
      await page.waitForTimeout(2_100); // a person takes a moment; instant submissions are refused
      await page.click('button[type="submit"]');
      await page.waitForURL(/\/editores\/solicitud\//);
      token = await page.getByTestId("token").innerText();
      expect(await page.getByTestId("state").innerText()).toContain("Pendiente");
    } finally {
      await page.context().close();
    }

    const host = new URL(outlet!.homepage).hostname;
    sim.setScenario(host, [{ kind: "robots-group", agents: ["*"], extra: [`# ${token}`] }]);
    const started = clock.now();
    const stop = new AbortController();
    let applied = false;
    while (!applied && clock.now() - started < 15 * 60_000) {
      await pipeline.housekeeping!(stop.signal);
      const [row] = await database().db.execute<{ applied: boolean }>(
        sql`select applied_at is not null as applied from exclusions where token = ${token}`,
      );
      applied = row!.applied;
      if (!applied) await clock.sleep(30_000);
    }
    expect(applied, "applied within 15 simulated minutes").toBe(true);
    const robotsRequests = sim.accessLog().filter((e) => e.host === host && e.path === "/robots.txt");
    expect(robotsRequests.length).toBeGreaterThan(0);

    try {
      const status = await openPage(browser(), `/editores/solicitud/${token}`);
      expect(await status.page.getByTestId("state").innerText()).toContain("Aplicada");
      await status.page.context().close();
      expect((await fetch(siteUrl(`/cabeceras/${slug}`))).status).toBe(404);
      const register = await openPage(browser(), "/editores");
      const row = register.page.getByTestId("register").locator("tbody tr", { hasText: outlet!.name });
      expect(await row.innerText()).toContain("Exclusión total");
      expect(await register.page.locator("main").innerText()).not.toContain("direccion@ejemplo.es");
      await register.page.context().close();
    } finally {
      await database().db.execute(sql`delete from exclusions where token = ${token}`);
    }
  });

  it("PUB-7: a slow-down request goes the same way: form → code in robots.txt → applied → in the register as a slow-down; /bot explains it", async () => {
    const slug = inject("crawl").outletSlugs[2]!;
    const [outlet] = await database().db.execute<{ name: string; homepage: string; domain: string }>(sql`
      select o.name, o.homepage, s.site_domain as domain from outlets o join sources s on s.outlet_id = o.id and s.kind = 'frontpage' where o.slug = ${slug}`);
    const { page } = await openPage(browser(), "/editores", { javaScriptEnabled: false });
    let token: string;
    try {
      expect(await page.getByTestId("slow-down-scopes").innerText()).toContain("Portada como mucho cada hora");
      await page.fill('input[name="dominio"]', outlet!.domain);
      await page.selectOption('select[name="alcance"]', "portada-cada-hora");
      await page.fill('input[name="contacto"]', "direccion@ejemplo.es");
      await page.waitForTimeout(2_100);
      await page.click('button[type="submit"]');
      await page.waitForURL(/\/editores\/solicitud\//);
      token = await page.getByTestId("token").innerText();
      expect(await page.locator("h1").innerText()).toBe("Petición de ir más despacio");
    } finally {
      await page.context().close();
    }
    sim.setScenario(new URL(outlet!.homepage).hostname, [{ kind: "robots-group", agents: ["*"], extra: [`# ${token}`] }]);
    const started = clock.now();
    const stop = new AbortController();
    let applied = false;
    while (!applied && clock.now() - started < 15 * 60_000) {
      await pipeline.housekeeping!(stop.signal);
      const [row] = await database().db.execute<{ applied: boolean }>(
        sql`select applied_at is not null as applied from exclusions where token = ${token}`,
      );
      applied = row!.applied;
      if (!applied) await clock.sleep(30_000);
    }
    try {
      expect(applied, "applied within 15 simulated minutes").toBe(true);
      // A slow-down hides nothing: the outlet's page is still there.
      expect((await fetch(siteUrl(`/cabeceras/${slug}`))).status).toBe(200);
      const register = await openPage(browser(), "/editores");
      const row = register.page.getByTestId("register").locator("tbody tr", { hasText: outlet!.name });
      expect(await row.innerText()).toContain("Ir más despacio: Portada como mucho cada hora");
      await register.page.context().close();
      const bot = await openPage(browser(), "/bot");
      expect(await bot.page.getByTestId("slow-down").innerText()).toContain("como mucho cada hora");
      await bot.page.context().close();
    } finally {
      await database().db.execute(sql`delete from exclusions where token = ${token}`);
    }
  });

  it("PUB-2: an unknown or malformed request address is a 404", async () => {
    expect((await fetch(siteUrl(`/editores/solicitud/hemeroscopio-verificacion-${"0".repeat(32)}`))).status).toBe(404);
    expect((await fetch(siteUrl("/editores/solicitud/%3Cscript%3E"))).status).toBe(404);
  });
});

describe("attacks on the exclusion form are refused with nothing stored (SEC-2)", () => {
  /** A fresh, genuine form token from the page, aged past the minimum fill time. */
  async function formToken(): Promise<string> {
    const html = await (await fetch(siteUrl("/editores"))).text();
    const token = /name="ficha" value="([^"]+)"/.exec(html)![1]!;
    await new Promise((r) => setTimeout(r, 2_100));
    return token;
  }
  const origin = () => new URL(siteUrl("/")).origin;
  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(siteUrl("/editores/solicitar"), {
      method: "POST",
      redirect: "manual",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: origin(), ...headers },
    });
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const good = { dominio: "periodico-atacado.test", alcance: "total", contacto: "a@b.es" };

  it.each([
    ["XSS in the domain", { dominio: "<script>alert(1)</script>" }, 400],
    ["XSS in the contact", { contacto: '"><img src=x onerror=alert(1)>@x.es' }, 400],
    ["SQL metacharacters", { contacto: "x'); delete from exclusions;--@x.es" }, 400],
    ["SSRF through the verification domain", { dominio: "169.254.169.254" }, 400],
    ["an unknown scope", { alcance: "todo-y-mas" }, 400],
    ["the honeypot filled", { web: "http://spam.example" }, 400],
  ] as const)("SEC-2: %s", async (_, fields, status) => {
    const before = await exclusionCount();
    const response = await post(form({ ...good, ficha: await formToken(), ...fields }));
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("onerror=");
    expect(await exclusionCount()).toBe(before);
  });

  it("SEC-2: a POST from another origin (CSRF), without a form token, with a forged or instant one, or oversized is refused", async () => {
    const before = await exclusionCount();
    const token = await formToken();
    expect((await post(form({ ...good, ficha: token }), { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(form(good))).status).toBe(400);
    expect((await post(form({ ...good, ficha: `${Date.now() - 10_000}.forged` }))).status).toBe(400);
    const fresh = /name="ficha" value="([^"]+)"/.exec(await (await fetch(siteUrl("/editores"))).text())![1]!;
    expect((await post(form({ ...good, ficha: fresh }))).status).toBe(400);
    expect((await post(form({ ...good, ficha: token, contacto: `${"a".repeat(20_000)}@x.es` }))).status).toBe(413);
    expect((await post(form({ ...good, ficha: token }), { "content-type": "text/plain" })).status).toBe(415);
    expect(await exclusionCount()).toBe(before);
  });

  it("SEC-2: one address is limited to 5 requests an hour (each with its own token: a token is spent once)", async () => {
    const tokens = await Promise.all(
      Array.from({ length: 7 }, async () => /name="ficha" value="([^"]+)"/.exec(await (await fetch(siteUrl("/editores"))).text())![1]!),
    );
    await new Promise((r) => setTimeout(r, 2_100));
    const statuses: number[] = [];
    for (const token of tokens) statuses.push((await post(form({ ...good, ficha: token }))).status);
    expect(statuses.filter((s) => s === 303).length).toBeLessThanOrEqual(5);
    expect(statuses.at(-1)).toBe(429);
    await database().db.execute(sql`delete from exclusions where domain = 'periodico-atacado.test'`);
    await database().db.execute(sql`delete from form_submissions`);
  });
});
