/**
 * ADM-3: what the operator is told without mail — requests whose deadline is near or past,
 * dead sources, repeated failed extractions, the workers' errors and database outages — read
 * from a real database; and the workers' warnings and errors recorded from their log lines
 * into a bounded table for `/admin/errores`.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { importOutlets } from "../../../db/outlets";
import { listAttention } from "../../../db/admin-attention";
import { listWorkerEvents } from "../../../db/queries/admin/errors";
import { createBylineRequest, createReply, enterMailExclusion } from "../../../db/admin-requests";
import { sqlTime } from "../../../db/sql-time";
import { createWorkerEventRecorder, KEEP_WORKER_EVENTS } from "../../../crawler/record/worker-events";
import { createLogger } from "../../../lib/log";
import { createTestDatabase } from "../../support/database";

const NOW = Date.parse("2026-11-20T12:00:00Z");
const HOUR = 3_600_000;
let database: Database;
let outletId: number;

beforeAll(async () => {
  database = await createTestDatabase(4);
  await importOutlets(database.db, [
    {
      slug: "diario-uno",
      name: "Diario Uno",
      country: "ES",
      language: "es",
      timezone: "Europe/Madrid",
      homepage: "https://www.diariouno.test/",
      feeds: ["https://www.diariouno.test/rss"],
      sitemaps: ["https://www.diariouno.test/sitemap.xml"],
      renderMode: "static",
      active: true,
      feedIntervalMinutes: 10,
      sitemapIntervalMinutes: 15,
    },
  ]);
  const [row] = await database.db.execute<{ id: number }>(sql`select id from outlets where slug = 'diario-uno'`);
  outletId = row!.id;
});
afterAll(async () => {
  await database?.close();
});

/** A worker's logger whose warn and error lines go to the recorder, on a fixed clock. */
function workerLog(at: number) {
  const recorder = createWorkerEventRecorder({ workerId: "w1" });
  recorder.attach(database.db);
  const log = createLogger({ component: "worker", now: () => at, write: (line) => recorder.push(line) });
  return { log, recorder };
}

describe("the operator's attention list", () => {
  it("ADM-3, PUB-5: a near or past deadline (bylines included), a dead source, repeated failed extractions, worker errors and an outage are listed; what is fine is not", async () => {
    const db = database.db;
    expect(await listAttention(db, NOW)).toEqual([]);
    // An exclusion by mail received 65 h ago: confirmation due in 7 h (soon); applying it (24 business hours) is past.
    await enterMailExclusion(db, { domain: "diariouno.test", scope: "sin-posicion", receivedAt: NOW - 65 * HOUR, now: NOW - 65 * HOUR });
    await db.execute(sql`update exclusions set applied_at = null`);
    // A reply received 4 days ago (due after 3), and one received now (in time).
    await createReply(db, {
      outletId,
      author: "Gabinete",
      contact: "g@diariouno.test",
      text: "Texto de la réplica",
      now: NOW - 4 * 24 * HOUR,
    });
    await createReply(db, { outletId, author: "Otra", contact: "o@diariouno.test", text: "Otra réplica", now: NOW });
    // A byline request from Sunday (24 business hours: due Monday 24:00 Madrid, past), and one received now (in time).
    await createBylineRequest(db, { authorName: "Ana Autora", contact: "ana@example.es", now: NOW - 5 * 24 * HOUR });
    await createBylineRequest(db, { authorName: "Otro Autor", contact: "otro@example.es", now: NOW });
    // The feed died; the sitemap failed to extract 3 times in a row.
    await db.execute(sql`update sources set dead = true, failing_since = ${sqlTime(NOW - 30 * 24 * HOUR)} where kind = 'feed'`);
    await db.execute(
      sql`update sources set extraction_failures = 3, extraction_failed_since = ${sqlTime(NOW - 5 * HOUR)}, last_extraction_failure_at = ${sqlTime(NOW - HOUR)} where kind = 'sitemap'`,
    );
    // The worker: two errors of one kind, an outage, a plain warning and an info line.
    const { log, recorder } = workerLog(NOW - 2 * HOUR);
    log.error("housekeeping.failed", { error: 'relation "x" does not exist' });
    log.error("housekeeping.failed", { error: "again" });
    log.warn("database.unavailable", { pauseMs: 1000 });
    log.warn("robots.stale", { host: "https://www.diariouno.test" });
    log.info("housekeeping.done", { items: 3 });
    await recorder.close();

    const items = await listAttention(db, NOW);
    expect(items.map((i) => [i.kind, i.title])).toEqual([
      ["fuente-muerta", "Fuente muerta: Diario Uno (feed)"],
      ["plazo", "Plazo vencido: aceptar o rechazar la petición de firma de Ana Autora"],
      ["plazo", "Plazo vencido: aplicar la exclusión por correo de Diario Uno (diariouno.test)"],
      ["plazo", "Plazo vencido: publicar o rechazar la réplica de Diario Uno"],
      ["plazo", "Plazo a punto de vencer: confirmar la exclusión de Diario Uno (diariouno.test)"],
      ["extraccion", "Extracción fallida 3 veces seguidas: Diario Uno (sitemap)"],
      ["error", "Base de datos inaccesible para el rastreador (1 avisos en 24 h)"],
      ["error", "Error del rastreador: housekeeping.failed (2 en 24 h)"],
    ]);
    expect(items.find((i) => i.title.startsWith("Error"))?.detail).toMatch(/^worker: again; el último, /);
    // A day later the worker's lines are old news; the deadlines are still there.
    expect((await listAttention(db, NOW + 25 * HOUR)).filter((i) => i.kind === "error")).toEqual([]);
  });

  it("ADM-3: a worker error that keeps coming back keeps one key (one Atom entry) until a day passes without it", async () => {
    const db = database.db;
    const start = NOW + 100 * HOUR;
    const errorKeys = async (at: number) =>
      (await listAttention(db, at)).filter((i) => i.key.includes("frontpage.crashed")).map((i) => [i.key, i.since]);
    for (let h = 0; h <= 30; h++) {
      const { log, recorder } = workerLog(start + h * HOUR);
      log.error("frontpage.crashed", { error: `vez ${h}` });
      await recorder.close();
    }
    const first = await errorKeys(start + 30 * HOUR);
    expect(first).toEqual([[`worker-worker-frontpage.crashed-${start}`, start]]);
    expect(await errorKeys(start + 31 * HOUR)).toEqual(first);
    // Quiet for more than a day, then again: a new episode, a new key.
    const again = start + 56 * HOUR;
    const { log, recorder } = workerLog(again);
    log.error("frontpage.crashed", { error: "otra vez" });
    await recorder.close();
    expect(await errorKeys(again + HOUR)).toEqual([[`worker-worker-frontpage.crashed-${again}`, again]]);
    await db.execute(sql`delete from worker_events where event = 'frontpage.crashed'`);
  });

  it("ADM-3, PUB-7: a slow-down request entered from a mail has the exclusion's deadlines, under its own name", async () => {
    const db = database.db;
    const id = await enterMailExclusion(db, {
      domain: "diariouno.test",
      scope: "portada-cada-hora",
      receivedAt: NOW - 65 * HOUR,
      now: NOW - 65 * HOUR,
    });
    await db.execute(sql`update exclusions set applied_at = null where id = ${id}`);
    const titles = (await listAttention(db, NOW)).filter((i) => i.key.startsWith(`exclusion-${id}-`)).map((i) => i.title);
    expect(titles).toEqual([
      "Plazo vencido: aplicar la petición de ir más despacio por correo de Diario Uno (diariouno.test)",
      "Plazo a punto de vencer: confirmar la petición de ir más despacio de Diario Uno (diariouno.test)",
    ]);
    await db.execute(sql`delete from exclusions where id = ${id}`);
  });

  it("ADM-3: the workers' warnings and errors are kept for /admin/errores, newest first, bounded; info lines are not", async () => {
    const events = await listWorkerEvents(database.db);
    expect(events.map((e) => [e.level, e.event])).toEqual([
      ["warn", "robots.stale"],
      ["warn", "database.unavailable"],
      ["error", "housekeeping.failed"],
      ["error", "housekeeping.failed"],
    ]);
    expect(events[0]).toMatchObject({
      workerId: "w1",
      component: "worker",
      at: NOW - 2 * HOUR,
      fields: [["host", "https://www.diariouno.test"]],
    });
    expect((await listWorkerEvents(database.db, { errorsOnly: true })).map((e) => e.fields)).toEqual([
      [["error", "again"]],
      [["error", 'relation "x" does not exist']],
    ]);

    const { log, recorder } = workerLog(NOW);
    for (let i = 0; i < KEEP_WORKER_EVENTS + 50; i++) {
      log.warn("fetch.slow", { n: i });
      if (i % 150 === 0) await recorder.flush();
    }
    await recorder.close();
    const [count] = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from worker_events`);
    expect(count!.n).toBe(KEEP_WORKER_EVENTS);
    expect((await listWorkerEvents(database.db, { limit: 1 }))[0]?.fields).toEqual([["n", String(KEEP_WORKER_EVENTS + 49)]]);
  });
});
