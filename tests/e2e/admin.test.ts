/**
 * The operator runs the site from the admin as a person would, in Chromium without
 * JavaScript (SPEC ADM-1, ADM-2): first-run setup, login, publishing a reply sent through
 * /replicas (PUB-4), confirming an exclusion received by mail (PUB-2), hiding a byline
 * asked for on /privacidad (PUB-5), editing an outlet, the audit log, logout. Then an
 * attack list against the admin and the new public forms (SEC-2, SEC-3): each attempt is
 * refused with nothing stored. What needs attention (ADM-3): the badge, the list, its Atom
 * feed, the workers' errors.
 */
import { sql } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import http from "node:http";
import { afterAll, describe, expect, inject, it } from "vitest";
import { saveOutletChecks } from "../../db/outlet-checks";
import { setupCode } from "../../lib/admin/one-time-codes";
import { loadConfig } from "../../lib/config";
import { readOrCreateSecret } from "../../lib/forms/secret-file";
import type { OutletCheck } from "../../lib/outlet-check";
import { mainText, openPage, siteUrl, useBrowser, useSiteDatabase } from "./fixtures";

const browser = useBrowser();
const database = useSiteDatabase();
const PASSWORD = "una contraseña de prueba muy larga";
const XSS = `Réplica de la dirección.\n\n<script>document.title="pwned"</script><img src=x onerror="document.title='pwned'"> ' OR 1=1; --\n  Fin.`;
let operator: BrowserContext | undefined;

afterAll(async () => {
  await operator?.close();
});

const origin = () => new URL(siteUrl("/")).origin;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function count(table: string): Promise<number> {
  const [row] = await database().db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return row!.n;
}

/** A person's pause before submitting: instant submissions are refused (SEC-2). */
async function humanSubmit(page: Page, selector = 'button[type="submit"]'): Promise<void> {
  await page.waitForTimeout(2_100);
  await page.click(selector);
}

/** A signed form token from a page, aged past the minimum fill time. */
async function pageToken(path: string): Promise<string> {
  const html = await (await fetch(siteUrl(path))).text();
  const token = /name="ficha" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no form token on ${path}`);
  await wait(2_100);
  return token;
}

/** `n` fresh form tokens of one page (each is spent by its first post), old enough to be accepted. */
async function pageTokens(path: string, n: number): Promise<string[]> {
  const tokens = await Promise.all(
    Array.from({ length: n }, async () => {
      const token = /name="ficha" value="([^"]+)"/.exec(await (await fetch(siteUrl(path))).text())?.[1];
      if (!token) throw new Error(`no form token on ${path}`);
      return token;
    }),
  );
  await wait(2_100);
  return tokens;
}

/**
 * A POST from another loopback address (127.0.0.0/8 is all local): the site takes a
 * reader's address from the connection, never from a header, so other readers are other
 * source addresses. node:http can bind one (`localAddress`); fetch cannot.
 */
function postFrom(source: string, url: string, init: { body: string; headers: Record<string, string> }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers: init.headers, localAddress: source }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          for (const v of [value].flat()) if (v !== undefined) headers.append(name, v);
        resolve(new Response(Buffer.concat(chunks), { status: response.statusCode!, headers }));
      });
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

function post(path: string, body: string, headers: Record<string, string> = {}, source?: string): Promise<Response> {
  const all = { "content-type": "application/x-www-form-urlencoded", origin: origin(), ...headers };
  return source
    ? postFrom(source, siteUrl(path), { body, headers: all })
    : fetch(siteUrl(path), { method: "POST", redirect: "manual", body, headers: all });
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Log in over HTTP from loopback address `source`; the session cookie ("name=value"). */
async function loginCookie(source: string): Promise<string> {
  const response = await post(
    "/admin/entrar/enviar",
    form({ ficha: await pageToken("/admin/entrar"), clave: PASSWORD, next: "/admin" }),
    {},
    source,
  );
  expect(response.status).toBe(303);
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

/** The CSRF token the admin renders for this session. */
async function csrfOf(cookie: string): Promise<string> {
  const html = await (await fetch(siteUrl("/admin/correcciones"), { headers: { cookie } })).text();
  return /name="csrf" value="([^"]+)"/.exec(html)![1]!;
}

async function visibleOutlet(index: number): Promise<{ id: number; slug: string; name: string; domain: string }> {
  const slug = inject("crawl").outletSlugs[index]!;
  const [row] = await database().db.execute<{ id: number; slug: string; name: string; domain: string }>(sql`
    select o.id, o.slug, o.name, s.site_domain as domain from outlets o join sources s on s.outlet_id = o.id and s.kind = 'frontpage' where o.slug = ${slug}`);
  return row!;
}

describe("the operator's admin, as a person uses it (ADM-1, ADM-2)", () => {
  it("SEC-3: without a session the admin redirects to the login; setup is offered only while no operator exists", async () => {
    const response = await fetch(siteUrl("/admin/cabeceras"), { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(
      new URL(response.headers.get("location")!, siteUrl()).pathname + new URL(response.headers.get("location")!, siteUrl()).search,
    ).toBe("/admin/entrar?next=%2Fadmin%2Fcabeceras");
    expect(await count("operator")).toBe(0);
    const { page } = await openPage(browser(), "/admin/entrar", { javaScriptEnabled: false });
    expect(await page.locator("main").innerText()).toContain("Todavía no hay cuenta de operador");
    await page.context().close();
  });

  it("ADM-1: first-run setup creates the one operator, signs in with an httpOnly SameSite=Strict cookie, and closes itself", async () => {
    operator = await browser().newContext({ javaScriptEnabled: false });
    const page = await operator.newPage();
    await page.goto(siteUrl("/admin/configurar"));
    // The code `npm start` prints in its log (the site's secret is under the data directory).
    await page.fill('input[name="codigo"]', setupCode(readOrCreateSecret(loadConfig().dataDir)));
    await page.fill('input[name="clave"]', PASSWORD);
    await page.fill('input[name="repite"]', PASSWORD);
    await humanSubmit(page);
    await page.waitForURL((url) => url.pathname === "/admin");
    expect(await page.locator("h1").innerText()).toBe("Solicitudes");
    const [cookie] = await operator.cookies();
    expect(cookie).toMatchObject({ name: "hemeroscopio-admin", httpOnly: true, sameSite: "Strict", path: "/" });
    const [stored] = await database().db.execute<{ password_hash: string }>(sql`select password_hash from operator`);
    expect(stored!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored!.password_hash).not.toContain(PASSWORD);
    const [session] = await database().db.execute<{ id_hash: string }>(sql`select id_hash from sessions`);
    expect(session!.id_hash).not.toBe(cookie!.value);
    expect(session!.id_hash).toMatch(/^[0-9a-f]{64}$/);
    // The setup is closed: its page says so and a second POST creates nothing.
    const closed = await operator.newPage();
    await closed.goto(siteUrl("/admin/configurar"));
    expect(await closed.getByTestId("setup-closed").isVisible()).toBe(true);
    await closed.close();
    expect(await count("operator")).toBe(1);
  });

  it("PUB-4: a reply sent on /replicas is published by the operator, in full and escaped, on the outlet page and /replicas", async () => {
    const outlet = await visibleOutlet(1);
    const publisher = await openPage(browser(), "/replicas", { javaScriptEnabled: false });
    await publisher.page.selectOption('select[name="cabecera"]', outlet.slug);
    await publisher.page.fill('input[name="firma"]', "Dirección del medio");
    await publisher.page.fill('input[name="contacto"]', "direccion@medio.es");
    await publisher.page.fill('textarea[name="texto"]', XSS);
    await humanSubmit(publisher.page);
    await publisher.page.waitForURL(/\/replicas\/enviada$/);
    expect(await publisher.page.getByTestId("reply-received").isVisible()).toBe(true);
    const [reply] = await database().db.execute<{ id: number; reply_text: string; published_at: string | null }>(sql`
      select id, reply_text, published_at from replies where outlet_id = ${outlet.id} order by id desc limit 1`);
    expect(reply!.reply_text).toBe(XSS);
    expect(reply!.published_at).toBeNull();
    // Not shown before the operator publishes it.
    expect(await (await fetch(siteUrl(`/cabeceras/${outlet.slug}`))).text()).not.toContain("Dirección del medio");

    const page = await operator!.newPage();
    await page.goto(siteUrl("/admin"));
    const item = page.locator(`[data-reply="${reply!.id}"]`);
    expect(await item.innerText()).toMatch(/publicar antes de: .* en plazo \(quedan 2 d 23 h\)|quedan 3 d 0 h/);
    await page.getByTestId(`publish-${reply!.id}`).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    expect(await page.locator(`[data-reply="${reply!.id}"]`).count()).toBe(0);
    await page.close();

    for (const path of [`/cabeceras/${outlet.slug}`, "/replicas"]) {
      const shown = await openPage(browser(), path);
      const text = await shown.page.locator(".reply-text", { hasText: "Réplica de la dirección." }).first().innerText();
      expect(text).toBe(XSS.replace(/\n\s*$/, ""));
      expect(await shown.page.title()).not.toBe("pwned");
      expect(await shown.page.locator("main img[src='x']").count()).toBe(0);
      await shown.page.context().close();
      const html = await (await fetch(siteUrl(path))).text();
      expect(html).toContain("&lt;script&gt;document.title");
      expect(html).not.toContain('<script>document.title="pwned"');
    }
    await publisher.page.context().close();

    // The operator can withdraw it: gone from both pages at once, kept in the table, audited.
    const admin = await operator!.newPage();
    await admin.goto(siteUrl("/admin"));
    await admin.locator("summary", { hasText: "Últimas decididas" }).first().click();
    await admin.getByTestId(`unpublish-${reply!.id}`).click();
    await admin.waitForURL((url) => url.pathname === "/admin");
    await admin.close();
    for (const path of [`/cabeceras/${outlet.slug}`, "/replicas"])
      expect(await (await fetch(siteUrl(path))).text()).not.toContain("Réplica de la dirección.");
    const [after] = await database().db.execute<{ published_at: string | null; rejected_at: string | null }>(
      sql`select published_at, rejected_at from replies where id = ${reply!.id}`,
    );
    expect(after!.published_at).not.toBeNull();
    expect(after!.rejected_at).not.toBeNull();
    const logged = await database().db.execute(
      sql`select 1 from audit_log where action = 'reply.unpublish' and details->>'id' = ${String(reply!.id)}`,
    );
    expect(logged.length).toBe(1);
  });

  it("PUB-2: a mail exclusion entered in the admin is in force at once, shows its 72 h deadline, and is confirmed", async () => {
    const outlet = await visibleOutlet(2);
    const page = await operator!.newPage();
    try {
      await page.goto(siteUrl("/admin"));
      await page.click("summary:has-text('Anotar una exclusión')");
      await page.fill('input[name="dominio"]', outlet.domain);
      await page.selectOption('select[name="alcance"]', "sin-anotacion-de-modelo");
      await page.fill('input[name="contacto"]', "legal@medio.es");
      await page.click("button:has-text('Aplicar la exclusión')");
      await page.waitForURL((url) => url.pathname === "/admin");
      const row = page.getByTestId("exclusions").locator(`tr[data-domain="${outlet.domain}"]`);
      const text = await row.innerText();
      expect(text).toContain("Sin anotación de modelo");
      expect(text).toContain("correo");
      expect(text).toMatch(/en plazo \(quedan (2 d 23 h|3 d 0 h)\)/);
      expect(text).toContain("aplicar antes de");
      const [applied] = await database().db.execute<{ id: number; applied: boolean }>(sql`
        select id, applied_at is not null as applied from exclusions where domain = ${outlet.domain} and channel = 'mail'`);
      expect(applied!.applied).toBe(true);
      await row.getByRole("button", { name: "Confirmar" }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      expect(await page.getByTestId("exclusions").locator(`tr[data-domain="${outlet.domain}"]`).count()).toBe(0);
      const [confirmed] = await database().db.execute<{ confirmed: boolean }>(
        sql`select confirmed_at is not null as confirmed from exclusions where id = ${applied!.id}`,
      );
      expect(confirmed!.confirmed).toBe(true);
      const register = await openPage(browser(), "/editores");
      const line = await register.page.getByTestId("register").locator("tbody tr", { hasText: outlet.name }).innerText();
      expect(line).toContain("Sin anotación de modelo");
      expect(line.match(/\d{4}/g)?.length ?? 0).toBeGreaterThanOrEqual(3); // received, applied, confirmed dates
      await register.page.context().close();
    } finally {
      await page.close();
      await database().db.execute(sql`delete from exclusions where domain = ${outlet.domain} and channel = 'mail'`);
    }
  });

  it("PUB-5: a byline request from /privacidad, once accepted, cites the headline «sin firma a petición del autor»", async () => {
    const db = database().db;
    const outlet = await visibleOutlet(0);
    const [article] = await db.execute<{ id: number; authors: string[] }>(sql`
      select id, authors from articles where outlet_id = ${outlet.id} order by id limit 1`);
    const author = "Marta Firma Prueba";
    await db.execute(sql`update articles set authors = array[${author}, 'Otro Autor']::text[] where id = ${article!.id}`);
    try {
      const before = await openPage(browser(), `/noticias/${article!.id}`);
      expect(await mainText(before.page)).toContain(author);
      await before.page.context().close();

      const person = await openPage(browser(), "/privacidad", { javaScriptEnabled: false });
      await person.page.fill('input[name="nombre"]', "marta  firma prueba");
      await person.page.fill('input[name="contacto"]', "marta@periodista.es");
      await humanSubmit(person.page, '[data-testid="byline-form"] button[type="submit"]');
      await person.page.waitForURL(/\/privacidad\/enviada$/);
      await person.page.context().close();

      const page = await operator!.newPage();
      await page.goto(siteUrl("/admin"));
      const [request] = await db.execute<{ id: number }>(sql`select id from byline_requests where author_name = 'marta firma prueba'`);
      await page.getByTestId(`accept-byline-${request!.id}`).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await page.close();

      const after = await openPage(browser(), `/noticias/${article!.id}`);
      const text = await mainText(after.page);
      expect(text).toContain("sin firma a petición del autor");
      expect(text).toContain("Otro Autor");
      expect(text).not.toContain(author);
      await after.page.context().close();
    } finally {
      await db.execute(
        sql`update articles set authors = array(select jsonb_array_elements_text(${JSON.stringify(article!.authors)}::jsonb)) where id = ${article!.id}`,
      );
      await db.execute(sql`delete from byline_requests where author_name = 'marta firma prueba'`);
    }
  });

  it("ADM-2: the operator edits an outlet and the public site shows the change", async () => {
    const outlet = await visibleOutlet(4);
    const page = await operator!.newPage();
    try {
      await page.goto(siteUrl("/admin/cabeceras"));
      const row = page.getByTestId("outlets").locator(`tr[data-slug="${outlet.slug}"]`);
      await row.locator("summary").click();
      await row.locator('input[name="nombre"]').fill(`${outlet.name} (editada)`);
      await row.getByTestId(`save-${outlet.slug}`).click();
      await page.waitForURL((url) => url.pathname === "/admin/cabeceras");
      const shown = await openPage(browser(), `/cabeceras/${outlet.slug}`);
      expect(await shown.page.locator("h1").innerText()).toContain(`${outlet.name} (editada)`);
      await shown.page.context().close();
      const [sources] = await database().db.execute<{ n: number }>(sql`
        select count(*)::int as n from sources where outlet_id = ${outlet.id} and active and not proposed and kind in ('feed', 'sitemap')`);
      expect(sources!.n).toBeGreaterThan(0); // the edit kept its sources
      const exported = await page.request.get(siteUrl("/admin/cabeceras/exportar?formato=json"));
      expect(exported.status()).toBe(200);
      expect(await exported.text()).toContain(`${outlet.name} (editada)`);
    } finally {
      await page.close();
      await database().db.execute(sql`update outlets set name = ${outlet.name} where id = ${outlet.id}`);
    }
  });

  it("ADM-2: the outlets table shows each outlet's last check: what answered, what moved, what is gone, and what to use instead", async () => {
    const outlet = await visibleOutlet(4);
    const check: OutletCheck = {
      slug: outlet.slug,
      checkedAt: Date.parse("2026-12-05T03:00:00Z"),
      urls: [
        { field: "homepage", url: "https://www.medio.example/", state: "ok", status: 200 },
        {
          field: "feed",
          url: "https://www.medio.example/rss/antigua.xml",
          state: "redirected",
          finalUrl: "https://www.medio.example/rss/",
        },
        { field: "legalNotice", url: "https://www.medio.example/aviso-legal", state: "gone", status: 404, detail: "http-error" },
      ],
      announcedFeeds: ["https://www.medio.example/rss/ultima-hora.xml"],
      robotsSitemaps: ["https://www.medio.example/sitemap-news.xml"],
      legalLinks: ["https://www.medio.example/info/aviso-legal.html"],
    };
    await saveOutletChecks(database().db, [check]);
    const page = await operator!.newPage();
    try {
      await page.goto(siteUrl("/admin/cabeceras"));
      const cell = page.getByTestId(`check-${outlet.slug}`);
      const text = await cell.innerText();
      expect(text).toContain("1 de 3 responden");
      expect(text).toContain("feed: redirige https://www.medio.example/rss/antigua.xml → https://www.medio.example/rss/");
      expect(text).toContain("aviso legal: ya no existe (404) https://www.medio.example/aviso-legal");
      for (const offered of [...check.announcedFeeds, ...check.robotsSitemaps, ...check.legalLinks]) expect(text).toContain(offered);
      const unchecked = page.getByTestId("outlets").locator("tr").filter({ hasText: "Sin comprobar" });
      expect(await unchecked.count()).toBeGreaterThan(0);
    } finally {
      await page.close();
      await database().db.execute(sql`delete from outlet_checks where outlet_id = ${outlet.id}`);
    }
  });

  it("ADM-2: crawler health, corrections and the audit log; every action was logged", async () => {
    const page = await operator!.newPage();
    await page.goto(siteUrl("/admin/salud"));
    expect(await page.getByTestId("sites").locator("tbody tr").count()).toBeGreaterThan(0);
    await page.goto(siteUrl("/admin/correcciones"));
    await page.fill('input[name="titulo"]', "Corrección de prueba");
    await page.fill('textarea[name="detalles"]', "Detalle <b>sin marcas</b>");
    await page.click("button:has-text('Anotar')");
    await page.waitForURL((url) => url.pathname === "/admin/correcciones");
    const pub = await openPage(browser(), "/correcciones");
    expect(await mainText(pub.page)).toContain("Detalle <b>sin marcas</b>");
    await pub.page.context().close();
    await page.goto(siteUrl("/admin/registro"));
    const audit = await page.getByTestId("audit").innerText();
    // In Spanish prose, never the codes the log stores.
    for (const action of [
      "Configuración de la contraseña del operador",
      "Entrada en el panel",
      "Réplica publicada",
      "Exclusión anotada a mano",
      "Exclusión confirmada",
      "Petición de firma aceptada",
      "Cabecera editada",
      "Lista de cabeceras exportada",
      "Corrección publicada",
    ]) {
      expect(audit).toContain(action);
    }
    expect(audit).not.toMatch(/\b(?:setup|login|reply|exclusion|byline|outlets?|correction|source|legal)\.[a-z]|[{}"]|sin-anotacion/);
    expect(audit).not.toContain(PASSWORD);
    await page.close();
    await database().db.execute(sql`delete from corrections where title = 'Corrección de prueba'`);
  });

  it("ADM-3: the header's badge counts what needs attention; /admin/atencion, its Atom feed and /admin/errores show a worker's error", async () => {
    await database().db.execute(sql`insert into worker_events (at, level, worker_id, component, event, fields)
      values (now(), 'error', 'e2e', 'worker', 'housekeeping.failed', '{"error": "<b>no markup</b>"}'::jsonb)`);
    const page = await operator!.newPage();
    await page.goto(siteUrl("/admin/cabeceras"));
    const badge = Number(await page.getByTestId("attention-badge").innerText());
    expect(badge).toBeGreaterThan(0);
    await page.goto(siteUrl("/admin/atencion"));
    const rows = page.getByTestId("attention").locator("tbody tr");
    expect(await rows.count()).toBe(badge);
    expect(await page.getByTestId("attention").innerText()).toContain("Error del rastreador: housekeeping.failed");
    await page.goto(siteUrl("/admin/errores"));
    expect(await page.getByTestId("worker-events").innerText()).toContain("<b>no markup</b>");
    const cookies = (await operator!.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const feed = await fetch(siteUrl("/admin/atencion/atom"), { headers: { cookie: cookies } });
    expect(feed.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await feed.text();
    expect(xml.match(/<entry>/g)).toHaveLength(badge);
    expect(xml).toContain("&lt;b&gt;no markup&lt;/b&gt;");
    // Without a session: no cookie is sent to the login, a forged one is refused.
    const anonymous = await fetch(siteUrl("/admin/atencion/atom"), { redirect: "manual" });
    expect([303, 307]).toContain(anonymous.status);
    expect(anonymous.headers.get("location")).toContain("/admin/entrar");
    const forged = await fetch(siteUrl("/admin/atencion/atom"), {
      redirect: "manual",
      headers: { cookie: `hemeroscopio-admin=${"A".repeat(43)}` },
    });
    expect(forged.status).toBe(403);
    expect(await forged.text()).not.toContain("<feed");
    await page.close();
    await database().db.execute(sql`delete from worker_events where worker_id = 'e2e'`);
  });

  it("OPS-5: /admin/metricas charts the last 24 hours of requests, bytes, blocks and failed extractions, and the tables' sizes; /metrics answers loopback only", async () => {
    const page = await operator!.newPage();
    await page.goto(siteUrl("/admin/metricas"));
    expect(await page.locator("h1").innerText()).toBe("Métricas");
    const now = await page.getByTestId("metrics-now").innerText();
    expect(now).toMatch(/Procesos del rastreador activos\s+\d+/);
    expect(now).toMatch(/Base de datos\s+[\d,.]+ (KiB|MiB) en \d+ tablas/);
    for (const id of ["metrics-requests", "metrics-bytes", "metrics-blocks", "metrics-extractions", "metrics-tables"]) {
      const section = page.getByTestId(id);
      // Two drawings (narrow and wide), each an accessible image, and the data as a table.
      expect(await section.locator('svg[role="img"]').count(), id).toBe(2);
      expect(await section.locator("table tbody tr").count(), id).toBeGreaterThan(0);
    }
    // The crawl of the last hours is in the hourly requests (its table: 24 hours, a total over zero).
    // The table sits in a closed <details>: its text is read as text content (innerText of what is not shown is empty).
    const totals = await page.getByTestId("metrics-requests").locator("tbody tr td:last-child").allTextContents();
    expect(totals).toHaveLength(24);
    expect(totals.some((t) => Number(t.replace(",", ".")) > 0)).toBe(true);
    expect(await page.getByTestId("metrics-tables").locator("table").textContent()).toContain("fetch_log");
    await page.close();
    const metrics = await fetch(siteUrl("/metrics"));
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/^hemeroscopio_database_table_bytes\{table="fetch_log"\} [1-9]\d*$/m);
    expect(text).toMatch(/^hemeroscopio_workers_alive \d+$/m);
    const forwarded = await fetch(siteUrl("/metrics"), { headers: { "x-forwarded-for": "127.0.0.1" } });
    expect(forwarded.status).toBe(401);
    expect(await forwarded.text()).not.toContain("hemeroscopio_");
  });

  it("ADM-1: a session lasts 8 hours of wall-clock time; once expired, the login comes back to the page asked for, query included", async () => {
    const [life] = await database().db.execute<{ seconds: number }>(
      sql`select extract(epoch from max(expires_at) - now())::float8 as seconds from sessions`,
    );
    expect(life!.seconds).toBeGreaterThan(8 * 3600 - 600);
    expect(life!.seconds).toBeLessThanOrEqual(8 * 3600);
    await database().db.execute(sql`update sessions set expires_at = now() - interval '1 minute'`);
    const page = await operator!.newPage();
    try {
      await page.goto(siteUrl("/admin/registro?antes=999999"));
      await page.waitForURL(/\/admin\/entrar/);
      expect(new URL(page.url()).searchParams.get("next")).toBe("/admin/registro?antes=999999");
      await page.fill('input[name="clave"]', PASSWORD);
      await humanSubmit(page);
      await page.waitForURL((url) => url.pathname === "/admin/registro");
      expect(new URL(page.url()).search).toBe("?antes=999999");
      await expect.poll(() => page.getByTestId("audit").count()).toBe(1);
    } finally {
      await page.close();
    }
  });

  it("ADM-1: logout deletes the session; the old cookie no longer opens the admin", async () => {
    const [cookie] = await operator!.cookies();
    const page = await operator!.newPage();
    await page.goto(siteUrl("/admin"));
    await page.click("button:has-text('Salir')");
    await page.waitForURL(/\/admin\/entrar/);
    await page.close();
    expect(await count("sessions")).toBe(0);
    const response = await fetch(siteUrl("/admin"), { redirect: "manual", headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    expect([303, 307]).toContain(response.status);
    expect(response.headers.get("location")).toContain("/admin/entrar");
  });
});

describe("attacks on the admin and the reply and byline forms are refused with nothing stored (SEC-2, SEC-3)", () => {
  it("SEC-3: no admin page, export or action without a valid session", async () => {
    const forged = `hemeroscopio-admin=${"A".repeat(43)}`;
    for (const path of [
      "/admin",
      "/admin/cabeceras",
      "/admin/salud",
      "/admin/registro",
      "/admin/correcciones",
      "/admin/avisos-legales",
      "/admin/atencion",
      "/admin/errores",
      "/admin/metricas",
    ]) {
      for (const cookie of [undefined, forged]) {
        const response = await fetch(siteUrl(path), { redirect: "manual", headers: cookie ? { cookie } : {} });
        expect([303, 307], `${path} ${cookie ?? "no cookie"}`).toContain(response.status);
        expect(response.headers.get("location")).toContain("/admin/entrar");
        expect(await response.text()).not.toContain('name="csrf"'); // no admin content, only the redirect
      }
    }
    const exported = await fetch(siteUrl("/admin/cabeceras/exportar"), { redirect: "manual", headers: { cookie: forged } });
    expect(exported.status).toBe(403);
    const before = await count("corrections");
    for (const cookie of [undefined, forged]) {
      const response = await post(
        "/admin/accion",
        form({ accion: "correction.add", dia: "2026-01-01", titulo: "x", detalles: "y", csrf: "z" }),
        cookie ? { cookie } : {},
      );
      expect(response.status).toBe(403);
    }
    expect(await count("corrections")).toBe(before);
  });

  it("SEC-2: admin actions need the session's CSRF token and our origin; oversized bodies are refused", async () => {
    const cookie = await loginCookie("127.0.100.1");
    const other = await loginCookie("127.0.100.2");
    const csrf = await csrfOf(cookie);
    const before = await count("corrections");
    const fields = { accion: "correction.add", dia: "2026-01-01", titulo: "Ataque", detalles: "y" };
    expect((await post("/admin/accion", form(fields), { cookie })).status).toBe(403);
    expect((await post("/admin/accion", form({ ...fields, csrf: "forjado" }), { cookie })).status).toBe(403);
    expect((await post("/admin/accion", form({ ...fields, csrf: await csrfOf(other) }), { cookie })).status).toBe(403);
    expect((await post("/admin/accion", form({ ...fields, csrf }), { cookie, origin: "https://evil.example" })).status).toBe(403);
    expect(
      (
        await fetch(siteUrl("/admin/accion"), {
          method: "POST",
          redirect: "manual",
          body: form({ ...fields, csrf }),
          headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        })
      ).status,
    ).toBe(403);
    expect((await post("/admin/accion", form({ ...fields, csrf, detalles: "x".repeat(600 * 1024) }), { cookie })).status).toBe(413);
    expect((await post("/admin/accion", form({ ...fields, csrf }), { cookie, "content-type": "text/plain" })).status).toBe(415);
    expect((await post("/admin/accion", form({ accion: "no.existe", csrf }), { cookie })).status).toBe(400);
    expect((await post("/admin/accion", form({ accion: "reply.publish", id: "1 or 1=1", csrf }), { cookie })).status).toBe(400);
    expect(await count("corrections")).toBe(before);
    // The genuine request with the token works, so the refusals above were the guard's.
    expect((await post("/admin/accion", form({ ...fields, csrf }), { cookie })).status).toBe(303);
    expect(await count("corrections")).toBe(before + 1);
    await database().db.execute(sql`delete from corrections where title = 'Ataque'`);
  });

  it("SEC-3: the login's next= never leads off the admin (open redirect)", async () => {
    for (const next of [
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example",
      "/admin//evil.example",
      "javascript:alert(1)",
      "/editores",
    ]) {
      const response = await post(
        "/admin/entrar/enviar",
        form({ ficha: await pageToken("/admin/entrar"), clave: PASSWORD, next }),
        {},
        "127.0.100.3",
      );
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("location")!, siteUrl());
      expect(location.origin).toBe(origin());
      expect(location.pathname).toBe("/admin");
    }
    const page = (await openPage(browser(), "/admin/entrar?next=https%3A%2F%2Fevil.example")).page;
    expect(await page.locator('input[name="next"]').inputValue()).toBe("/admin");
    await page.context().close();
  });

  it("SEC-2: the reply and byline forms refuse XSS names, bad origins, missing or instant tokens, oversized bodies", async () => {
    const outlet = await visibleOutlet(1);
    const replies = await count("replies");
    const bylines = await count("byline_requests");
    const reply = {
      cabecera: outlet.slug,
      firma: "Dirección",
      contacto: "d@medio.es",
      texto: "Una réplica suficientemente larga para pasar.",
    };
    const byline = { nombre: "Ana Pérez", contacto: "ana@x.es" };
    const replyToken = await pageToken("/replicas");
    const bylineToken = await pageToken("/privacidad");
    const attempts: [string, Record<string, string>, Record<string, string>, number, string?][] = [
      ["/replicas/enviar", { ...reply, ficha: replyToken }, { origin: "https://evil.example" }, 403],
      ["/replicas/enviar", reply, {}, 400],
      ["/replicas/enviar", { ...reply, ficha: replyToken, web: "spam" }, {}, 400],
      ["/replicas/enviar", { ...reply, ficha: replyToken, cabecera: "<script>alert(1)</script>" }, {}, 400],
      ["/replicas/enviar", { ...reply, ficha: replyToken, cabecera: "no-existe" }, {}, 400, "127.0.2.50"],
      ["/replicas/enviar", { ...reply, ficha: replyToken, contacto: '"><svg onload=alert(1)>@x.es' }, {}, 400],
      ["/replicas/enviar", { ...reply, ficha: replyToken, texto: "x".repeat(70 * 1024) }, {}, 413],
      ["/privacidad/firma", { ...byline, ficha: bylineToken, nombre: "<img src=x onerror=alert(1)>" }, {}, 400],
      ["/privacidad/firma", { ...byline, ficha: bylineToken, contacto: "x'); delete from byline_requests;--" }, {}, 400],
      ["/privacidad/firma", { ...byline, ficha: bylineToken }, { origin: "https://evil.example" }, 403],
      ["/privacidad/firma", { ...byline, ficha: bylineToken, nombre: "a".repeat(5_000) }, {}, 413],
    ];
    for (const [path, fields, headers, status, source] of attempts) {
      const response = await post(path, form(fields), headers, source);
      expect(response.status, `${path} ${JSON.stringify(fields).slice(0, 80)}`).toBe(status);
      const html = await response.text();
      expect(html).not.toContain("<script>alert");
      expect(html).not.toContain("onerror=alert");
      expect(html).not.toContain("<svg onload");
    }
    const fresh = /name="ficha" value="([^"]+)"/.exec(await (await fetch(siteUrl("/replicas"))).text())![1]!;
    expect((await post("/replicas/enviar", form({ ...reply, ficha: fresh }))).status).toBe(400);
    expect(await count("replies")).toBe(replies);
    expect(await count("byline_requests")).toBe(bylines);
  });

  it("SEC-2: one address may send 5 replies an hour, and a form token is spent by the reply it carried", async () => {
    const outlet = await visibleOutlet(1);
    const tokens = await Promise.all(
      Array.from({ length: 7 }, async () => /name="ficha" value="([^"]+)"/.exec(await (await fetch(siteUrl("/replicas"))).text())![1]!),
    );
    await wait(2_100);
    const statuses: number[] = [];
    const fields = {
      cabecera: outlet.slug,
      firma: "Límite",
      contacto: "d@medio.es",
      texto: "Una réplica suficientemente larga para pasar.",
    };
    expect((await post("/replicas/enviar", form({ ...fields, ficha: tokens[0]! }), {}, "127.0.2.78")).status).toBe(303);
    expect((await post("/replicas/enviar", form({ ...fields, ficha: tokens[0]! }), {}, "127.0.2.79")).status).toBe(400);
    for (const token of tokens.slice(1))
      statuses.push((await post("/replicas/enviar", form({ ...fields, ficha: token }), {}, "127.0.2.77")).status);
    expect(statuses.filter((s) => s === 303).length).toBe(5);
    expect(statuses.at(-1)).toBe(429);
    await database().db.execute(sql`delete from replies where author = 'Límite'`);
  });

  it("SEC-5: brute force slows the guessing address down and never locks the operator out from elsewhere", async () => {
    // Sign-in tokens are single-use: every attempt carries a fresh one.
    const tokens = await pageTokens("/admin/entrar", 12);
    const attempt = (clave: string, source: string) =>
      post("/admin/entrar/enviar", form({ ficha: tokens.pop()!, clave, next: "/admin" }), {}, source);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(`adivina-${i}`, `127.0.113.${i + 1}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    const sessions = await count("sessions");
    expect((await attempt(PASSWORD, "127.0.113.99")).status).toBe(303);
    expect(await count("sessions")).toBe(sessions + 1);
    // One address guessing in parallel gets one check; the others wait (Retry-After).
    const fast = await Promise.all(Array.from({ length: 5 }, (_, i) => attempt(`rapida-${i}`, "127.0.113.200")));
    expect(fast.map((r) => r.status).sort()).toEqual([401, 429, 429, 429, 429]);
    expect(Number(fast.find((r) => r.status === 429)!.headers.get("retry-after"))).toBeGreaterThan(0);
    const [logged] = await database().db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action in ('login.failed', 'login.throttled')`,
    );
    expect(logged!.n).toBeGreaterThanOrEqual(11);
    await database().db.execute(sql`delete from form_submissions`);
  });
});
