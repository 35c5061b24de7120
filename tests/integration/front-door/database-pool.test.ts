/**
 * OPS-2 on the real site (scripts/site.ts: Next.js behind the front door, as `npm start`
 * runs it): another client's lock makes the site's statements slow until they hold
 * every connection of its renderers' pools. Readers get the friendly 503 page within the front
 * door's render timeout instead of a hang, and pages come back by themselves when the
 * lock goes. (database-watch.test.ts covers the database going away, and the timeout
 * with a renderer that never answers.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { buildIfNeeded } from "../../../scripts/build-if-needed";
import { startSite, type SiteServer } from "../../bench/support/site-server";
import { createTestDatabase } from "../../support/database";

/** The site's pool (db/server.ts). */
const POOL = 10;
/** Renderer processes, each with its own pool. */
const RENDERERS = 2;
/** The most readers sent while waiting for every connection to be held. */
const MAX_READERS = 4 * RENDERERS * POOL;

let database: Database;
let site: SiteServer;

beforeAll(async () => {
  buildIfNeeded(() => {});
  database = await createTestDatabase();
  await importOutlets(database.db, [
    {
      slug: "uno",
      name: "Diario Uno",
      country: "ES",
      language: "es",
      timezone: "Europe/Madrid",
      homepage: "https://www.uno.test/",
      feeds: ["https://www.uno.test/rss.xml"],
      sitemaps: [],
      renderMode: "static",
      active: true,
      feedIntervalMinutes: 10,
      sitemapIntervalMinutes: 15,
    },
  ]);
  // No page cache: every reader is a render (the cache keys pages on the parameters they read,
  // so readers of one page would share one render). The statement timeout would end the
  // blocked statements by itself after 10 s; it is off
  // here so that what is tested is the front door's render timeout with every connection held
  // (tests/integration/db/site-statement-timeout.test.ts covers the statement timeout).
  // The front door's bound on renders in flight (miss-gate.ts) is raised past the readers sent, so
  // that they reach the renderers and take every pooled connection (bounded-misses.test.ts covers the bound).
  site = await startSite(database.url, 0, {
    HEMEROSCOPIO_SITE_RENDERERS: String(RENDERERS),
    HEMEROSCOPIO_STATEMENT_TIMEOUT_MS: "0",
    HEMEROSCOPIO_MISSES_TOTAL: String(MAX_READERS),
  });
}, 300_000);

afterAll(async () => {
  await site?.stop();
  await database?.close();
});

describe("the site and a pool taken by slow statements (OPS-2)", () => {
  it("OPS-2: readers get the 503 page within the render timeout while every pooled connection waits on a lock, and pages come back by themselves when it goes", async () => {
    const page = (n: number) => fetch(`${site.url}/cabeceras/uno?vista=${n}`);
    // One page from each renderer first (ties go round them): a renderer's first render of
    // a route loads its code, which on a slow machine can outlast the render timeout, and
    // this test is about a pool taken by slow statements, not a cold start.
    for (let r = 0; r < RENDERERS; r++) {
      const before = await page(-1 - r);
      expect(before.status).toBe(200);
      expect(await before.text()).toContain("Diario Uno");
    }

    const locker = await database.sql.reserve();
    try {
      await locker`begin`;
      await locker`lock table outlets in access exclusive mode`;
      // More readers than connections, until every connection of every renderer's pool waits
      // on the lock (the front door shares readers among the renderers). postgres.js pipelines
      // a statement onto a busy connection when none is free, so a burst may leave one that
      // served only quick statements idle: readers keep coming, one per look, until none is.
      const readers: Promise<{ status: number; retryAfter: string | null; body: string; ms: number }>[] = [];
      const read = async (n: number) => {
        const started = performance.now();
        const r = await page(n);
        return { status: r.status, retryAfter: r.headers.get("retry-after"), body: await r.text(), ms: performance.now() - started };
      };
      while (readers.length < RENDERERS * POOL + 2) readers.push(read(readers.length + 1));
      await vi.waitFor(
        async () => {
          if (readers.length < MAX_READERS) readers.push(read(readers.length + 1));
          // The site's connections by what they are doing, so a shortfall says where the rest are.
          const rows = await database.sql<{ doing: string; n: number }[]>`
          select concat_ws(' ', state, wait_event_type, wait_event) as doing, count(*)::int as n from pg_stat_activity
          where datname = current_database() and application_name = 'hemeroscopio' and pid <> pg_backend_pid()
          group by 1 order by 1`;
          const waiting = rows.find((r) => r.doing === "active Lock relation")?.n ?? 0;
          expect(waiting, JSON.stringify(rows)).toBe(RENDERERS * POOL);
        },
        { timeout: 20_000, interval: 200 },
      );
      const answers = await Promise.all(readers);
      for (const a of answers) {
        expect(a.status).toBe(503);
        expect(a.retryAfter).toBe("30");
        expect(a.body).toContain("Servicio no disponible temporalmente");
        // The front door's render timeout (15 s), not a hang.
        expect(a.ms).toBeLessThan(25_000);
      }
    } finally {
      await locker`rollback`;
      locker.release();
    }
    // Pages come back by themselves once the lock goes: the renders the front door gave up on are
    // cancelled and their connections return to the pools, which takes a moment on a busy machine.
    await vi.waitFor(
      async () => {
        const after = await page(1_000);
        expect(after.status).toBe(200);
        expect(await after.text()).toContain("Diario Uno");
      },
      { timeout: 30_000, interval: 500 },
    );
  }, 90_000);
});
