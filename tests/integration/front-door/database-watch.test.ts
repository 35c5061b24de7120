/**
 * OPS-2 at the site's front door: the database watch over a real PostgreSQL, reached
 * through a loopback relay that the test cuts and restores like a database going away
 * and coming back; and the front door answering 503 meanwhile.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createLogger } from "../../../lib/log";
import { createCachingProxy } from "../../../lib/front-door/page-cache/front-door";
import { createPageStore } from "../../../lib/front-door/page-cache/store";
import { watchDatabase } from "../../../lib/front-door/database-watch";
import { tcpRelay, type TcpRelay } from "../../support/tcp-relay";

let lines: string[] = [];
const log = createLogger({ component: "site", write: (line) => lines.push(line) });
let link: TcpRelay;
let sql: postgres.Sql;

beforeAll(async () => {
  const server = new URL(inject("databaseServerUrl"));
  link = tcpRelay({ host: server.hostname, port: Number(server.port) });
  await link.open();
  const url = new URL(server);
  url.port = String(link.port());
  url.pathname = "/postgres";
  sql = postgres(url.toString(), { max: 1, connect_timeout: 1, idle_timeout: 5, onnotice: () => {} });
});

afterAll(async () => {
  await sql?.end({ timeout: 1 }).catch(() => {});
});

describe("database watch (OPS-2)", () => {
  it("OPS-2: sees the database go away and come back, logs each change once, and the front door answers 503 meanwhile, then pages again", async () => {
    const watch = watchDatabase({ ping: async () => void (await sql`select 1`), everyMs: 60_000, log, timeoutMs: 1_500 });
    const renderer = http.createServer((_req, res) => res.end("<p>página</p>"));
    await new Promise<void>((r) => renderer.listen(0, "127.0.0.1", r));
    const front = http.createServer(
      createCachingProxy({
        upstream: { host: "127.0.0.1", port: (renderer.address() as AddressInfo).port },
        store: createPageStore({ ttlMs: 60_000, maxBytes: 1 << 20 }),
        unavailable: () => watch.isDown(),
      }),
    );
    await new Promise<void>((r) => front.listen(0, "127.0.0.1", r));
    const at = (path: string) => fetch(`http://127.0.0.1:${(front.address() as AddressInfo).port}${path}`);
    try {
      await watch.check();
      expect(watch.isDown()).toBe(false);
      expect((await at("/cabeceras/uno")).status).toBe(200);

      lines = [];
      await link.cut();
      await watch.check();
      await watch.check();
      expect(watch.isDown()).toBe(true);
      expect(lines.filter((l) => l.includes("database.away"))).toHaveLength(1);
      const away = await at("/noticias/1");
      expect(away.status).toBe(503);
      expect(away.headers.get("retry-after")).toBe("30");
      expect(await away.text()).toContain("Servicio no disponible temporalmente");
      expect((await at("/editores")).status).toBe(503);
      // A page kept before the outage is still served; the health report still reaches the renderer.
      expect((await at("/cabeceras/uno")).status).toBe(200);
      expect((await at("/healthz")).status).toBe(200);

      await link.open();
      await watch.check();
      expect(watch.isDown()).toBe(false);
      expect(lines.filter((l) => l.includes("database.back"))).toHaveLength(1);
      expect((await at("/noticias/1")).status).toBe(200);
    } finally {
      watch.stop();
      front.closeAllConnections();
      renderer.closeAllConnections();
      await new Promise((r) => front.close(r));
      await new Promise((r) => renderer.close(r));
    }
  });

  it("OPS-2: a render silent for too long (a database too slow, a pool exhausted) is a 503 page, not a hang", async () => {
    const renderer = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => renderer.listen(0, "127.0.0.1", r));
    const front = http.createServer(
      createCachingProxy({
        upstream: { host: "127.0.0.1", port: (renderer.address() as AddressInfo).port },
        store: createPageStore({ ttlMs: 60_000, maxBytes: 1 << 20 }),
        renderTimeoutMs: 300,
      }),
    );
    await new Promise<void>((r) => front.listen(0, "127.0.0.1", r));
    try {
      for (const path of ["/noticias/2", "/editores"]) {
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${(front.address() as AddressInfo).port}${path}`);
        expect(response.status, path).toBe(503);
        expect(performance.now() - started).toBeLessThan(5_000);
      }
    } finally {
      front.closeAllConnections();
      renderer.closeAllConnections();
      await new Promise((r) => front.close(r));
      await new Promise((r) => renderer.close(r));
    }
  });
});
