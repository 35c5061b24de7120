/**
 * A render nobody waits for stops costing PostgreSQL: the front door closes the renderer's
 * request when its reader leaves or its own timeout fires, and the renderer cancels the
 * statements that request started (db/cancellable-queries.ts). The stub renderer runs a
 * slow statement (pg_sleep) through a pool opened as the site opens its own.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql as drizzleSql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cancelledWhenAbandoned } from "../../../db/cancellable-queries";
import { openReadDatabase, type Database } from "../../../db/client";
import { createCachingProxy } from "../../../lib/front-door/page-cache/front-door";
import { createPageStore } from "../../../lib/front-door/page-cache/store";
import { createEmptyDatabase } from "../../support/database";

let empty: { url: string; drop(): Promise<void> };
let database: Database;
let observer: postgres.Sql;
let renderer: http.Server;
const servers: http.Server[] = [];
/** How each slow statement ended, by the page that ran it. */
const ended = new Map<string, (code: string) => void>();

function listen(server: http.Server): Promise<number> {
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)));
}

function endOf(page: string): Promise<string> {
  return new Promise((resolve) => ended.set(page, resolve));
}

/** The slow statements PostgreSQL is running now for `page`. */
async function running(page: string): Promise<number> {
  const rows =
    await observer`select count(*)::int as n from pg_stat_activity where state = 'active' and query like ${`%pg_sleep%${page}%`} and pid <> pg_backend_pid()`;
  return rows[0]!.n as number;
}

async function frontDoor(renderTimeoutMs: number): Promise<string> {
  const port = (renderer.address() as AddressInfo).port;
  const front = http.createServer(
    createCachingProxy({
      upstream: { host: "127.0.0.1", port },
      store: createPageStore({ ttlMs: 60_000, maxBytes: 1 << 20 }),
      renderTimeoutMs,
    }),
  );
  return `http://127.0.0.1:${await listen(front)}`;
}

beforeAll(async () => {
  empty = await createEmptyDatabase();
  database = openReadDatabase(empty.url, { maxConnections: 4, cancelWithRenders: true });
  observer = postgres(empty.url, { max: 1, onnotice: () => {} });
  renderer = http.createServer(
    cancelledWhenAbandoned(async (request, response) => {
      // The page's name rides in a comment of the statement, so the test can find it in pg_stat_activity.
      const page = request
        .url!.split("/")
        .at(-1)!
        .replace(/[^a-z-]/g, "");
      try {
        if (page.startsWith("drizzle")) await database.db.execute(drizzleSql.raw(`select pg_sleep(120) /* ${page} */`));
        else await database.sql.unsafe(`select pg_sleep(120) /* ${page} */`);
        ended.get(page)?.("finished");
        response.end("<p>terminada</p>");
      } catch (error) {
        // drizzle-orm wraps the driver's error in its own, as `cause`.
        const failure = error as { code?: string; cause?: { code?: string } };
        ended.get(page)?.(String(failure.code ?? failure.cause?.code));
        response.end("<p>cancelada</p>");
      }
    }),
  );
  await listen(renderer);
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

describe("abandoned renders are cancelled (OPS-2, SEC-6, SEC-7)", () => {
  it("SEC-7, OPS-2: when the reader leaves, the render's running statement is cancelled in PostgreSQL", async () => {
    const front = await frontDoor(60_000);
    for (const page of ["drizzle-lenta", "lenta"]) {
      const end = endOf(page);
      const left = new AbortController();
      const asked = fetch(`${front}/cabeceras/${page}`, { signal: left.signal }).catch(() => "left");
      await vi.waitFor(async () => expect(await running(page)).toBe(1), { timeout: 30_000, interval: 50 });
      left.abort();
      expect(await asked).toBe("left");
      // 57014: query_canceled, what a CancelRequest gives.
      expect(await end).toBe("57014");
      await vi.waitFor(async () => expect(await running(page)).toBe(0), { timeout: 10_000, interval: 50 });
    }
  });

  it("SEC-7: when the front door gives up at its timeout, the reader gets a 503 and the statement is cancelled", async () => {
    const front = await frontDoor(500);
    const end = endOf("tardia");
    const answer = await fetch(`${front}/cabeceras/tardia`);
    expect(answer.status).toBe(503);
    expect(await end).toBe("57014");
    await vi.waitFor(async () => expect(await running("tardia")).toBe(0), { timeout: 10_000, interval: 50 });
  });
});
