/**
 * The front door bounds renders per reader and in all, over real HTTP on loopback: a stub
 * renderer holds every render until the test lets it go, so what is in flight is exactly
 * what the front door let through. Readers are told apart by the address a trusted proxy
 * appended (X-Forwarded-For), as behind the production reverse proxy.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCachingProxy } from "../../../lib/front-door/page-cache/front-door";
import { createPageStore } from "../../../lib/front-door/page-cache/store";

const ATTACKER = "203.0.113.7";
const READER = "198.51.100.2";

/** Renders held open, by URL; `closed` lists the ones whose connection the front door cut. */
const held = new Map<string, http.ServerResponse>();
const closed: string[] = [];
const arrivals: (() => void)[] = [];
let renderer: http.Server;
let front: http.Server;
let frontUrl: string;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

/** Resolves once `n` renders are held by the stub renderer. */
function rendersHeld(n: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (held.size >= n ? resolve() : arrivals.push(check));
    check();
  });
}

function release(url: string): void {
  const response = held.get(url);
  held.delete(url);
  response?.end(`<html><body>${url}</body></html>`);
}

const from = (address: string) => ({ "x-forwarded-for": address });

beforeAll(async () => {
  renderer = http.createServer((request, response) => {
    const url = request.url!;
    if (url === "/metodologia") return void response.end("<html><body>metodología</body></html>");
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.flushHeaders();
    held.set(url, response);
    response.on("close", () => {
      if (!response.writableFinished) closed.push(url);
      held.delete(url);
    });
    for (const waiting of arrivals.splice(0)) waiting();
  });
  const port = await listen(renderer);
  front = http.createServer(
    createCachingProxy({
      upstream: { host: "127.0.0.1", port },
      store: createPageStore({ ttlMs: 60_000, maxBytes: 1024 * 1024 }),
      trustProxy: true,
      misses: { perReader: 2, total: 4, queue: 4, queueWaitMs: 60_000 },
    }),
  );
  frontUrl = `http://127.0.0.1:${await listen(front)}`;
});

afterAll(() => {
  for (const url of [...held.keys()]) release(url);
  front?.closeAllConnections();
  front?.close();
  renderer?.closeAllConnections();
  renderer?.close();
});

describe("bounded renders at the front door (SEC-7, SEC-6, OPS-2)", () => {
  it("SEC-7: one client with twenty connections holds two renders and two places in the queue; the rest get a fast 503, while others' hits and renders go on", async () => {
    const cached = await fetch(`${frontUrl}/metodologia`, { headers: from(READER) });
    expect(cached.status).toBe(200);
    const answered: Response[] = [];
    const answer: (() => void)[] = [];
    const attack = Array.from({ length: 20 }, (_, i) =>
      fetch(`${frontUrl}/cabeceras/el-pais?desde=2026-01-${String(i + 1).padStart(2, "0")}&hasta=2026-12-31`, {
        headers: from(ATTACKER),
      }).then((r) => (answered.push(r), answer.splice(0).forEach((f) => f()), r)),
    );
    // Sixteen are refused at once, while two renders are held and two wait: none of those has ended.
    await new Promise<void>((resolve) => {
      const check = () => (answered.length >= 16 ? resolve() : answer.push(check));
      check();
    });
    await rendersHeld(2);
    expect(answered.map((r) => r.status)).toEqual(Array(16).fill(503));
    for (const r of answered) expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
    // The page says the site is busy, not that the database is away.
    const busyPage = await answered[0]!.text();
    expect(busyPage).toContain("demasiadas páginas a la vez");
    expect(busyPage).not.toContain("base de datos");
    expect(held.size).toBe(2);
    // Meanwhile another reader's cached page is a hit, and their own page renders in a free slot.
    const hit = await fetch(`${frontUrl}/metodologia`, { headers: from(ATTACKER) });
    expect([hit.status, hit.headers.get("x-cache")]).toEqual([200, "HIT"]);
    const other = fetch(`${frontUrl}/estado`, { headers: from(READER) });
    await rendersHeld(3);
    release("/estado");
    expect((await other).status).toBe(200);
    // The queued two go once the first two end.
    for (const url of [...held.keys()]) release(url);
    await rendersHeld(2);
    for (const url of [...held.keys()]) release(url);
    const all = await Promise.all(attack);
    expect(all.filter((r) => r.status === 200).length).toBe(4);
  });

  it("SEC-7: exports stream two at a time in all and one per reader; past their short queue a fast 503, while pages still render", async () => {
    const exportFor = (reader: string, n: number) =>
      fetch(`${frontUrl}/api/v1/exports/articles.csv?from=2026-0${n}-01`, { headers: from(reader) });
    const exportPath = (n: number) => `/api/v1/exports/articles.csv?from=2026-0${n}-01`;
    /** Resolves once the front door has taken the next request in: it queues or refuses it before it returns. */
    const takenIn = () => new Promise<void>((resolve) => front.once("request", () => setImmediate(resolve)));
    const first = exportFor(ATTACKER, 1);
    await rendersHeld(1);
    const other = exportFor(READER, 2);
    await rendersHeld(2);
    // The attacker's second waits for their own slot; a third is refused at once.
    let queuedIn = takenIn();
    const second = exportFor(ATTACKER, 3);
    await queuedIn;
    const third = await exportFor(ATTACKER, 4);
    expect(third.status).toBe(503);
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
    // An API client gets the API's own error shape, which it can read.
    expect(third.headers.get("content-type")).toMatch(/^application\/json/);
    expect(((await third.json()) as { error: { code: string } }).error.code).toBe("unavailable");
    // A third reader waits in the last place of the queue; a fourth finds it full.
    queuedIn = takenIn();
    const waiting = exportFor("192.0.2.10", 5);
    await queuedIn;
    const refused = await exportFor("192.0.2.11", 6);
    expect(refused.status).toBe(503);
    expect([...held.keys()].sort()).toEqual([exportPath(1), exportPath(2)]);
    // Pages are not exports: one renders beside the two.
    const page = fetch(`${frontUrl}/cabeceras/la-voz`, { headers: from("192.0.2.12") });
    await rendersHeld(3);
    release("/cabeceras/la-voz");
    expect((await page).status).toBe(200);
    // Nor are bulk files, read from disk: one goes through while the exports' queue is full.
    const bulk = fetch(`${frontUrl}/api/v1/bulk/2026-01-01/manifest.json`, { headers: from("192.0.2.13") });
    await rendersHeld(3);
    release("/api/v1/bulk/2026-01-01/manifest.json");
    expect((await bulk).status).toBe(200);
    // As each export ends, a waiting one starts.
    release(exportPath(1));
    await rendersHeld(2);
    expect([...held.keys()].sort()).toEqual([exportPath(2), exportPath(3)]);
    release(exportPath(2));
    await rendersHeld(2);
    expect([...held.keys()].sort()).toEqual([exportPath(3), exportPath(5)]);
    for (const url of [...held.keys()]) release(url);
    expect((await Promise.all([first, other, second, waiting])).map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it("SEC-7, OPS-2: a render whose reader left is cancelled: the renderer sees its connection closed", async () => {
    const left = new AbortController();
    const asked = fetch(`${frontUrl}/cabeceras/el-mundo`, { headers: from(READER), signal: left.signal }).catch(() => "left");
    await rendersHeld(1);
    expect([...held.keys()]).toEqual(["/cabeceras/el-mundo"]);
    const cut = new Promise<void>((resolve) => held.get("/cabeceras/el-mundo")!.once("close", () => resolve()));
    left.abort();
    await cut;
    expect(closed).toContain("/cabeceras/el-mundo");
    expect(await asked).toBe("left");
  });

  it("OPS-2: a render still wanted by another reader goes on when one of them leaves", async () => {
    const left = new AbortController();
    const leaving = fetch(`${frontUrl}/cabeceras/abc`, { headers: from(READER), signal: left.signal }).catch(() => "left");
    await rendersHeld(1);
    const staying = fetch(`${frontUrl}/cabeceras/abc`, { headers: from(ATTACKER) });
    // The second reader joins the same render (one per key): wait until the front door has its request.
    await new Promise<void>((resolve) => front.once("request", () => setImmediate(resolve)));
    left.abort();
    expect(await leaving).toBe("left");
    release("/cabeceras/abc");
    const answer = await staying;
    expect(answer.status).toBe(200);
    expect(closed).not.toContain("/cabeceras/abc");
  });
});
