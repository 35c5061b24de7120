/**
 * The bounded attack of one client (SEC-6, OPS-2), against the front door wired as the site
 * wires it (default bounds, page lifetimes, the 15 s render timeout) and a renderer whose
 * renders are real PostgreSQL statements through a pool opened as the site opens its own:
 * a period's page, a chart's SVG or an export holds a slow statement (pg_sleep, standing for
 * a year-long render), the home page and the outlet's default page a quick one. One client
 * with 20 connections sends 200 distinct valid periods, 20 SVGs and 20 exports, then leaves.
 * Meanwhile another reader's home page and cached outlet page answer 200, never 503; after
 * it, no statement of the attack is left in PostgreSQL and a page never seen renders.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cancelledWhenAbandoned } from "../../../db/cancellable-queries";
import { openReadDatabase, type Database } from "../../../db/client";
import { pageLifetime } from "../../../lib/front-door/page-cache/cacheable";
import { createCachingProxy } from "../../../lib/front-door/page-cache/front-door";
import { DEFAULT_MISS_LIMITS } from "../../../lib/front-door/page-cache/miss-gate";
import { createPageStore } from "../../../lib/front-door/page-cache/store";
import { createEmptyDatabase } from "../../support/database";

const ATTACKER = "203.0.113.7";
const READER = "198.51.100.2";
const CONNECTIONS = 20;

let empty: { url: string; drop(): Promise<void> };
let database: Database;
let observer: postgres.Sql;
let frontUrl: string;
const servers: http.Server[] = [];

function listen(server: http.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

/** Statements of the attack PostgreSQL is running now. */
async function attackStatements(): Promise<number> {
  const rows =
    await observer`select count(*)::int as n from pg_stat_activity where query like '%pg_sleep%ataque%' and state = 'active' and pid <> pg_backend_pid()`;
  return rows[0]!.n as number;
}

/** The 200 distinct valid periods of 2026 an outlet page is asked for, its charts' and the exports' URLs. */
function attackUrls(): string[] {
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
  return [
    ...Array.from({ length: 200 }, (_, i) => `/cabeceras/el-pais?desde=${day(i)}&hasta=${day(i + 150)}`),
    ...Array.from({ length: 20 }, (_, i) => `/cabeceras/el-pais/grafico.svg?tipo=posiciones&desde=${day(i)}&hasta=${day(i + 300)}`),
    ...Array.from({ length: 20 }, (_, i) => `/api/v1/exports/articles.csv?from=${day(i)}&to=${day(i + 30)}`),
  ];
}

function get(url: string, from: string, agent?: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${frontUrl}${url}`, { agent, headers: { "x-forwarded-for": from } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode!));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

beforeAll(async () => {
  empty = await createEmptyDatabase();
  database = openReadDatabase(empty.url, { maxConnections: 10, cancelWithRenders: true });
  observer = postgres(empty.url, { max: 1, onnotice: () => {} });
  const renderer = http.createServer(
    cancelledWhenAbandoned(async (request, response) => {
      const url = request.url!;
      const dear = url.includes("desde=") || url.includes("from=");
      try {
        if (dear) await database.sql.unsafe(`select pg_sleep(30) /* ataque */`);
        else await database.sql.unsafe(`select 1 /* página barata */`);
        const csv = url.startsWith("/api/v1/exports/");
        response.writeHead(200, { "content-type": csv ? "text/csv; charset=utf-8" : "text/html; charset=utf-8" });
        response.end(csv ? "id\n1\n" : `<html><body>${url}</body></html>`);
      } catch {
        response.writeHead(500).end();
      }
    }),
  );
  const port = await listen(renderer);
  const base = { ttlMs: 30_000, staleMs: 60_000 };
  const store = createPageStore({ ...base, maxBytes: 64 * 1024 * 1024, lifetime: (key) => pageLifetime(key, base) });
  const front = http.createServer(
    createCachingProxy({ upstream: { host: "127.0.0.1", port }, store, trustProxy: true, misses: DEFAULT_MISS_LIMITS }),
  );
  frontUrl = `http://127.0.0.1:${await listen(front)}`;
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await observer?.end({ timeout: 1 });
  await database?.close();
  await empty?.drop();
});

describe("one client cannot take the site down (SEC-6, OPS-2)", () => {
  it("SEC-7: during the attack the home page and a cached outlet page answer 200; after it nothing of it runs on and a new page renders", async () => {
    expect(await get("/", READER)).toBe(200);
    expect(await get("/cabeceras/el-pais", READER)).toBe(200);

    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const queue = attackUrls();
    const statuses: number[] = [];
    let answered = 0;
    const progress: (() => void)[] = [];
    const client = async () => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        statuses.push(await get(url, ATTACKER, agent).catch(() => 0));
        answered++;
        progress.splice(0).forEach((f) => f());
      }
    };
    const attack = Array.from({ length: CONNECTIONS }, client);
    // Renders of the attack are running in PostgreSQL: the reader reads now, while they do.
    await vi.waitFor(async () => expect(await attackStatements()).toBeGreaterThan(0), { timeout: 30_000, interval: 50 });
    const during: number[] = [];
    while (answered < 200) {
      during.push(await get("/", READER), await get("/cabeceras/el-pais", READER));
      if (answered < 200) await new Promise<void>((resolve) => progress.push(resolve));
    }
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((s) => s === 200)).toBe(true);
    // The attacker's renders are bounded: at most its own two at a time ever reached PostgreSQL.
    expect(await attackStatements()).toBeLessThanOrEqual(DEFAULT_MISS_LIMITS.perReader);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(150);

    // The client leaves: its connections close, and its renders are cancelled in PostgreSQL.
    agent.destroy();
    await Promise.all(attack);
    await vi.waitFor(async () => expect(await attackStatements()).toBe(0), { timeout: 10_000, interval: 50 });
    expect(await get("/cabeceras/el-mundo", READER)).toBe(200);
    expect(await get("/", READER)).toBe(200);
  });
});
