import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { createBrowserRenderer, type BrowserRendererOptions } from "@/crawler/fetch/browser";
import { attachBoxes, leadStory } from "@/crawler/parse/frontpage/boxes";
import { extractFrontPage } from "@/crawler/parse/frontpage/frontpage";
import { loadConfig } from "@/lib/config";
import { chromiumPath } from "../../support/browser";

// Real Chromium against a fixture server on 127.0.0.1, reached as `*.test` through the
// resolve override (docs/architecture.md Testing). The server's log is the truth about what was sent.
interface Hit {
  path: string;
  headers: http.IncomingHttpHeaders;
}
const hits: Hit[] = [];
const routes = new Map<string, http.RequestListener>();
let server: http.Server;
let port: number;
let connections = 0;
let upgrades = 0;
const never = new AbortController().signal;
const originalCwd = process.cwd();
let scratch: string; // cwd and data dir of the run: must stay empty (STO-3)

beforeAll(async () => {
  if (!fs.existsSync(chromiumPath()))
    throw new Error(`Chromium not found at ${chromiumPath()}: run "apt-get install -y chromium" or set CHROMIUM_PATH`);
  scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-browser-"));
  process.chdir(scratch);
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x.test");
    hits.push({ path: url.pathname, headers: req.headers });
    const route = routes.get(url.pathname);
    if (route) route(req, res);
    else res.writeHead(404).end("no route");
  });
  server.on("connection", () => connections++);
  server.on("upgrade", (_req, socket) => {
    upgrades++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await Promise.all(renderers.map((r) => r.close()));
  process.chdir(originalCwd);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await fs.promises.rm(scratch, { recursive: true, force: true });
});

const config = () =>
  loadConfig({
    HEMEROSCOPIO_RESOLVE: `*.test=127.0.0.1:${port}`,
    HEMEROSCOPIO_ONLY_RESOLVED: "true",
    HEMEROSCOPIO_TOTAL_TIMEOUT_MS: "10000",
    HEMEROSCOPIO_DATA_DIR: path.join(scratch, "data"),
    CHROMIUM_PATH: chromiumPath(),
  });
const renderers: ReturnType<typeof createBrowserRenderer>[] = [];
const renderer = (o: Partial<BrowserRendererOptions> = {}) => {
  const r = createBrowserRenderer({ config: config(), ...o });
  renderers.push(r);
  return r;
};
const html = (body: string, head = "") => `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
const serve = (p: string, body: string, headers: http.OutgoingHttpHeaders = {}) =>
  routes.set(p, (_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...headers }).end(body));
const text = (body: Uint8Array | undefined) => new TextDecoder().decode(body ?? new Uint8Array());
const reset = () => {
  hits.length = 0;
  connections = 0;
  upgrades = 0;
};

describe("browser mode: what reaches the site", () => {
  it("ID-1, ID-2: the document is requested once with our exact UA, From and Accept, no Cookie; the page sees our UA", async () => {
    serve("/", html(`<p id="ua"></p><script>document.getElementById("ua").textContent = navigator.userAgent</script>`));
    reset();
    const c = config();
    const r = await renderer().render("http://diario.test/", never);
    expect(r.result).toMatchObject({ outcome: "ok", status: 200, url: "http://diario.test/", charset: "utf-8" });
    expect(text(r.result.body)).toContain(`<p id="ua">${c.bot.userAgent}</p>`); // rendered DOM, script run
    expect(hits).toHaveLength(1);
    expect(hits[0]!.headers).toMatchObject({
      "user-agent": c.bot.userAgent,
      from: c.bot.email,
      accept: "text/html, application/xhtml+xml",
    });
    expect(Object.keys(hits[0]!.headers).filter((h) => h === "cookie" || h.startsWith("sec-ch-"))).toEqual([]);
    expect(r.requests).toBe(1);
  });

  it("POL-2: images, styles, fonts, media, frames, scripts, XHR/fetch, beacons, WebSockets and third parties never reach a server", async () => {
    const ip = `http://127.0.0.1:${port}`;
    serve(
      "/",
      html(
        `<img src="/logo.png"><img src="${ip}/pixel.gif"><video src="/clip.mp4" autoplay muted></video><audio src="/a.mp3" autoplay></audio>
       <iframe src="/frame.html"></iframe><iframe src="http://ads.other.test/ad.html"></iframe><p style="font-family:F">Texto</p>
       <script>
         fetch("/api/data.json").catch(() => {}); fetch("${ip}/ip").catch(() => {});
         const x = new XMLHttpRequest(); x.open("GET", "/xhr"); x.send(); navigator.sendBeacon("/beacon", "x");
         try { new WebSocket("ws://diario.test/ws"); new WebSocket("ws://127.0.0.1:${port}/ws"); } catch {}
         new EventSource("/events"); setTimeout(() => { location.href = "/elsewhere"; }, 0);
       </script>`,
        `<link rel="stylesheet" href="/style.css"><link rel="stylesheet" href="http://cdn.other.test/s.css"><link rel="preconnect" href="${ip}">
       <link rel="prefetch" href="/next.html"><link rel="icon" href="/favicon.ico"><script src="/app.js"></script><script src="http://cdn.other.test/t.js"></script>
       <style>@font-face { font-family: F; src: url(/font.woff2) } body { background: url(/bg.png) }</style>`,
      ),
    );
    reset();
    const r = await renderer().render("http://diario.test/", never);
    expect(r.result.outcome).toBe("ok");
    expect(hits.map((h) => h.path)).toEqual(["/"]);
    expect({ connections, upgrades }).toEqual({ connections: 1, upgrades: 0 });
    expect(r.blocked).toBeGreaterThanOrEqual(10);
    expect(r.requests).toBe(1);
  });

  it("ID-2: a cookie set by the page (header or script) is never sent, and the next render starts without it", async () => {
    serve(
      "/c",
      html(`<p id="c"></p><script>
      document.getElementById("c").textContent = "[" + document.cookie + "]";
      document.cookie = "js=1; path=/"; fetch("/ping").catch(() => {});
    </script>`),
      { "set-cookie": "sid=abc; Path=/" },
    );
    routes.set("/ping", (_req, res) => res.writeHead(200, { "set-cookie": "p=1; Path=/", "content-type": "text/plain" }).end("pong"));
    reset();
    const r = renderer({ clock: instantClock([]) });
    const first = await r.render("http://diario.test/c", never);
    const second = await r.render("http://diario.test/c", never);
    expect(hits.map((h) => h.path)).toEqual(["/c", "/c"]); // the script's own fetch is blocked (POL-2)
    for (const h of hits) expect(h.headers.cookie).toBeUndefined();
    expect(text(first.result.body)).toContain(`<p id="c">[]</p>`);
    expect(text(second.result.body)).toContain(`<p id="c">[]</p>`);
  });

  it("EXT-3: link boxes at 1280×900 with font sizes; a link at y=2000 is below the fold; hidden links have no box", async () => {
    const lead = "/politica/2024/05/01/el-gobierno-aprueba-la-reforma.html";
    const far = "/deportes/2024/05/01/el-equipo-gana-la-final-de-copa.html";
    serve(
      "/",
      html(
        `<a href="${lead}"><h1 style="font-size:48px;margin:0">El Gobierno aprueba la reforma</h1></a>
      <a href="/economia/2024/05/01/los-precios-bajan-en-abril.html" style="font-size:16px">Los precios bajan en abril</a>
      <a href="${far}" style="position:absolute;top:2000px;left:100px;font-size:60px">El equipo gana la final de Copa</a>
      <a href="/oculta/2024/05/01/una-noticia-que-no-se-ve.html" style="display:none">Oculta</a>`,
        "<style>body{margin:8px}</style>",
      ),
    );
    const r = renderer();
    const result = await r.fetcher({ url: "http://diario.test/", kind: "page" }, never);
    const boxes = r.details(result)?.boxes ?? [];
    const box = (p: string) => boxes.find((b) => b.url === `http://diario.test${p}`);
    expect(box(lead)).toMatchObject({ x: 8, y: 8, aboveFold: true, fontSize: 48 });
    expect(box(lead)!.width).toBeGreaterThan(400);
    expect(box(lead)!.width).toBeLessThanOrEqual(1280);
    expect(box(lead)!.height).toBeGreaterThanOrEqual(48);
    expect(box(far)).toMatchObject({ x: 100, y: 2000, aboveFold: false, fontSize: 60 });
    expect(boxes.some((b) => b.url.includes("/oculta/"))).toBe(false);
    const links = attachBoxes(extractFrontPage(result.body!, result.url, result.headers["content-type"]).links, boxes);
    expect(links.map((l) => [l.rank, l.box?.aboveFold])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(leadStory(links)?.url).toBe(`http://diario.test${lead}`); // the 60 px headline is below the fold
  });

  it("STO-3: nothing is written — no file in the cwd or data dir, no page text in Chromium's profile, no screenshot or trace", async () => {
    const spies: MockInstance[] = [];
    let browser: Browser | undefined;
    const r = renderer({ onLaunch: (b) => (browser = spyOnContexts(b, spies)) });
    serve("/sto", html(`<p>MARCADOR-STO3 una frase que nunca se guarda</p>`));
    const rendered = await r.render("http://diario.test/sto", never);
    expect(text(rendered.result.body)).toContain("MARCADOR-STO3");
    const session = await browser!.newBrowserCDPSession();
    const info = (await session.send("SystemInfo.getProcessInfo")) as { processInfo: { type: string; id: number }[] };
    const pid = info.processInfo.find((p) => p.type === "browser")!.id;
    const profile = fs
      .readFileSync(`/proc/${pid}/cmdline`, "utf8")
      .split("\0")
      .find((a) => a.startsWith("--user-data-dir="))!
      .slice(16);
    expect(filesContaining(profile, "MARCADOR-STO3")).toEqual([]);
    expect(fs.readdirSync(scratch)).toEqual([]);
    expect(spies.length).toBeGreaterThanOrEqual(3);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    const sources = fs.readdirSync(path.join(originalCwd, "crawler/fetch")).filter((f) => f.startsWith("browser"));
    for (const f of sources)
      expect(fs.readFileSync(path.join(originalCwd, "crawler/fetch", f), "utf8")).not.toMatch(
        /\.screenshot\(|\.tracing\b|recordVideo|recordHar|\.pdf\(|storageState/,
      );
  });
});

/** A clock whose sleeps are recorded and return at once (no wall-clock waiting in tests). */
function instantClock(waits: number[]) {
  return { now: () => Date.now(), sleep: async (ms: number) => void waits.push(ms) };
}

function spyOnContexts(browser: Browser, spies: MockInstance[]): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    expect(options).toMatchObject({ acceptDownloads: false, viewport: { width: 1280, height: 900 } });
    const context = await newContext(options);
    spies.push(vi.spyOn(context.tracing, "start"));
    context.on("page", (page) => spies.push(vi.spyOn(page, "screenshot"), vi.spyOn(page, "pdf")));
    return context;
  };
  return browser;
}

function filesContaining(dir: string, needle: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesContaining(file, needle));
    else if (entry.isFile() && fs.readFileSync(file).includes(needle)) found.push(file);
  }
  return found;
}
