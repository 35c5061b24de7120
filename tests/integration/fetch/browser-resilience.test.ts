import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrowserRenderer, type BrowserRendererOptions } from "@/crawler/fetch/browser";
import { loadConfig } from "@/lib/config";
import { chromiumPath } from "../../support/browser";

// Outcomes and robustness of browser mode, against a fixture server on 127.0.0.1 (`*.test`).
const hits: string[] = [];
const routes = new Map<string, http.RequestListener>();
let server: http.Server;
let port: number;
const never = new AbortController().signal;

beforeAll(async () => {
  if (!fs.existsSync(chromiumPath()))
    throw new Error(`Chromium not found at ${chromiumPath()}: run "apt-get install -y chromium" or set CHROMIUM_PATH`);
  server = http.createServer((req, res) => {
    const p = new URL(req.url ?? "/", "http://x.test").pathname;
    hits.push(p);
    const route = routes.get(p);
    if (route) route(req, res);
    else res.writeHead(404).end("no route");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  routes.set("/", (_req, res) =>
    res.writeHead(200, { "content-type": "text/html" }).end(`<a href="/a/2024/05/01/noticia.html">Noticia</a>`),
  );
});
afterAll(async () => {
  await Promise.all(renderers.map((r) => r.close()));
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const renderers: ReturnType<typeof createBrowserRenderer>[] = [];
function renderer(o: Partial<BrowserRendererOptions> = {}, env: Record<string, string> = {}) {
  const config = loadConfig({
    HEMEROSCOPIO_RESOLVE: `*.test=127.0.0.1:${port}`,
    HEMEROSCOPIO_ONLY_RESOLVED: "true",
    HEMEROSCOPIO_TOTAL_TIMEOUT_MS: "10000",
    CHROMIUM_PATH: chromiumPath(),
    ...env,
  });
  const r = createBrowserRenderer({ config, ...o });
  renderers.push(r);
  return r;
}
const page = (p: string, body: string) => routes.set(p, (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(body));

/** The browser process id, asked of the browser itself. */
async function browserPid(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  const info = (await session.send("SystemInfo.getProcessInfo")) as { processInfo: { type: string; id: number }[] };
  await session.detach();
  return info.processInfo.find((p) => p.type === "browser")!.id;
}

describe("browser mode: outcomes like HTTP mode", () => {
  it("BLK-1, BLK-3: a 403 document is http-error 403 and a 429 keeps Retry-After; neither is rendered", async () => {
    routes.set("/closed", (_req, res) => res.writeHead(403, { "content-type": "text/html" }).end("<h1>Forbidden</h1>"));
    routes.set("/busy", (_req, res) => res.writeHead(429, { "retry-after": "120" }).end("slow down"));
    const r = renderer();
    const closed = await r.render("http://diario.test/closed", never);
    expect(closed).toMatchObject({ result: { outcome: "http-error", status: 403 }, boxes: [], requests: 1 });
    expect(new TextDecoder().decode(closed.result.body)).toBe("<h1>Forbidden</h1>"); // as sent, for BLK-5 checks
    const busy = await r.render("http://diario.test/busy", never);
    expect(busy.result).toMatchObject({ outcome: "http-error", status: 429, headers: { "retry-after": "120" } });
  });

  it("ROB-6: a redirect of the document is returned, not followed (the caller checks and paces each hop)", async () => {
    routes.set("/moved", (_req, res) => res.writeHead(301, { location: "http://otro.test/destino" }).end());
    hits.length = 0;
    const r = await renderer().render("http://diario.test/moved", never);
    expect(r.result).toMatchObject({ outcome: "redirect", status: 301, location: "http://otro.test/destino" });
    expect(hits).toEqual(["/moved"]);
  });

  it("SEC-1: in test mode a host no resolve rule names is refused before any request", async () => {
    const r = await renderer().render("http://example.com/", never);
    expect(r).toMatchObject({ result: { outcome: "ssrf-refused" }, requests: 0 });
  });

  it("EXT-1: a 200 that is not HTML (a PDF) is returned as fetched, not laid out", async () => {
    routes.set("/doc.pdf", (_req, res) => res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.4"));
    const r = await renderer().render("http://diario.test/doc.pdf", never);
    expect(r).toMatchObject({ result: { outcome: "ok", status: 200 }, boxes: [], requests: 1 });
    expect(new TextDecoder().decode(r.result.body)).toBe("%PDF-1.4");
  });

  it("EXT-3, STO-3: a page that breaks the DOM APIs our script uses still renders, without boxes or its error text", async () => {
    page(
      "/broken",
      `<a href="/a/2024/05/01/noticia.html">N</a><script>
      Element.prototype.getBoundingClientRect = () => { throw new Error("TEXTO-DE-LA-PAGINA"); };</script>`,
    );
    const r = await renderer().render("http://diario.test/broken", never);
    expect(r).toMatchObject({ result: { outcome: "ok" }, boxes: [] });
    expect(JSON.stringify({ ...r.result, body: undefined })).not.toContain("TEXTO-DE-LA-PAGINA");
  });

  it("a missing browser fails each render clearly, without asking the site for anything", async () => {
    hits.length = 0;
    const r = await renderer({}, { CHROMIUM_PATH: "/nonexistent/chromium" }).render("http://diario.test/", never);
    expect(r.result.outcome).toBe("unreachable");
    expect(r.result.error).toMatch(/Chromium not found at \/nonexistent\/chromium/);
    expect(hits).toEqual([]);
  });
});

describe("browser mode: robustness", () => {
  it("POL-5: a page whose script never ends times out within the total timeout, and the next render works", async () => {
    // 5 s: long enough that an ordinary page renders within it on a busy machine, so only the hung one times out.
    page("/hang", `<script>for (;;) {}</script>`);
    const r = renderer({}, { HEMEROSCOPIO_TOTAL_TIMEOUT_MS: "5000" });
    const hung = await r.render("http://diario.test/hang", never);
    expect(hung.result).toMatchObject({ outcome: "timeout", status: 200, error: "total timeout of 5000 ms" });
    // The outcome and its error say the total timeout cut it; without the cut the page would never end (no margin on the
    // wall clock is asserted: a busy machine may take longer to tear the page down).
    expect((await r.render("http://diario.test/", never)).result.outcome).toBe("ok");
  });

  it("a browser killed mid-render gives unreachable; the renderer relaunches it, also after an idle crash", async () => {
    const launched: Browser[] = [];
    // A total timeout far past the kill: on a busy machine only the crash, not the deadline, may end the render.
    const r = renderer({ onLaunch: (b) => launched.push(b) }, { HEMEROSCOPIO_TOTAL_TIMEOUT_MS: "40000" });
    expect((await r.render("http://diario.test/", never)).result.outcome).toBe("ok");
    const pid = await browserPid(launched[0]!);
    routes.set("/slow", (_req, res) => {
      res
        .writeHead(200, { "content-type": "text/html" })
        .end(`<script>const end = Date.now() + 3000; while (Date.now() < end) {}</script>`);
      setTimeout(() => process.kill(pid, "SIGKILL"), 500); // the page is busy for 3 s by then
    });
    const crashed = await r.render("http://diario.test/slow", never);
    expect(crashed.result).toMatchObject({ outcome: "unreachable", status: 200 });
    expect(crashed.result.error).toMatch(/^browser: /);
    expect((await r.render("http://diario.test/", never)).result.outcome).toBe("ok");
    expect(launched).toHaveLength(2);
    // An idle crash: the next render notices the disconnection and starts a fresh browser.
    const disconnected = new Promise((resolve) => launched[1]!.once("disconnected", resolve));
    process.kill(await browserPid(launched[1]!), "SIGKILL");
    await disconnected;
    expect((await r.render("http://diario.test/", never)).result.outcome).toBe("ok");
    expect(launched).toHaveLength(3);
  });

  it("STO-3, OPS-2: many renders, aborted and timed-out ones included, leave no context or page open in the browser", async () => {
    page("/hang-short", `<script>for (;;) {}</script>`);
    const launched: Browser[] = [];
    const r = renderer({ onLaunch: (b) => launched.push(b) }, { HEMEROSCOPIO_TOTAL_TIMEOUT_MS: "5000" });
    for (let i = 0; i < 12; i++) expect((await r.render("http://diario.test/", never)).result.outcome).toBe("ok");
    const stop = new AbortController();
    const aborted = r.render("http://diario.test/", stop.signal);
    stop.abort();
    await aborted;
    expect((await r.render("http://diario.test/hang-short", never)).result.outcome).toBe("timeout");
    expect((await r.render("http://diario.test/", never)).result.outcome).toBe("ok");
    // A timed-out render drops its browser: the last one launched holds nothing once its render is done.
    const current = launched.at(-1)!;
    expect(current.isConnected()).toBe(true);
    expect(current.contexts().flatMap((c) => c.pages())).toEqual([]);
    expect(current.contexts()).toEqual([]);
    for (const old of launched.slice(0, -1)) expect(old.isConnected()).toBe(false);
  });

  it("POL-1: a document is requested at once, not after other pages' layouts (its site's lease, held by the polite client, covers only the request); layouts still come one by one", async () => {
    // The server answers once both requests are in, or after 4 s: requests sent one after the other would meet it one at a time.
    let inFlight = 0;
    let maxInFlight = 0;
    const waiting: (() => void)[] = [];
    routes.set("/seq", (_req, res) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      const answer = () => {
        inFlight--;
        res.writeHead(200, { "content-type": "text/html" }).end("<p>uno</p>");
      };
      waiting.push(answer);
      if (waiting.length === 2) waiting.splice(0).forEach((a) => a());
      else setTimeout(() => waiting.splice(0).forEach((a) => a()), 4_000);
    });
    const r = renderer();
    const [a, b] = await Promise.all([r.render("http://diario.test/seq", never), r.render("http://diario.test/seq", never)]);
    expect([a.result.outcome, b.result.outcome]).toEqual(["ok", "ok"]);
    expect(maxInFlight).toBe(2);
    expect(a.boxes).toEqual(b.boxes);
  });
});
