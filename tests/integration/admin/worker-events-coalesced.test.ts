/**
 * OPS-5: a worker under load logs `database.slow` for every slow statement; those lines are
 * kept as one row per worker and minute with a count, in the buffer and across flushes, so a
 * busy hour cannot push the real errors out of `worker_events` (the newest 1,000 rows), and
 * `/admin/errores` and the attention list still tell how many there were.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { listAttention } from "../../../db/admin-attention";
import { listWorkerEvents } from "../../../db/queries/admin/errors";
import { createWorkerEventRecorder, KEEP_WORKER_EVENTS } from "../../../crawler/record/worker-events";
import { createLogger } from "../../../lib/log";
import { createTestDatabase } from "../../support/database";

const T0 = Date.parse("2026-11-20T12:00:00Z");
const MIN = 60_000;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase(2);
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate worker_events`);
});

/** A worker's logger on a clock the test moves, writing to its recorder. */
function worker(workerId: string) {
  const clock = { at: T0 };
  const recorder = createWorkerEventRecorder({ workerId });
  recorder.attach(database.db);
  const log = createLogger({ component: "worker", now: () => clock.at, write: (line) => recorder.push(line) });
  return { log, recorder, clock };
}

describe("coalesced worker events (OPS-5)", () => {
  it("OPS-5: an hour of slow statements (6,000 lines) is one row per minute with its count, and the error logged before it is still kept", async () => {
    const { log, recorder, clock } = worker("w1");
    log.error("job.failed", { source: 7, error: "boom" });
    for (let i = 0; i < 6_000; i++) {
      clock.at = T0 + Math.floor(i / 100) * MIN + (i % 100) * 100; // 100 lines in each of 60 minutes
      log.warn("database.slow", { step: "claim", waitingMs: 10_000 + i });
      if (i % 250 === 0) await recorder.flush(); // several flushes within each minute
    }
    await recorder.close();
    const rows = await database.db.execute<{ n: number; total: number }>(sql`
      select count(*)::int as n, coalesce(sum(count), 0)::int as total from worker_events where event = 'database.slow'`);
    expect(rows[0]).toEqual({ n: 60, total: 6_000 });
    const events = await listWorkerEvents(database.db, { limit: 1_000 });
    expect(events.length).toBeLessThan(KEEP_WORKER_EVENTS);
    const failed = events.find((e) => e.event === "job.failed");
    expect(failed).toMatchObject({ level: "error", count: 1 });
    expect(Object.fromEntries(failed!.fields)).toEqual({ source: "7", error: "boom" });
    // The newest row is the last minute, with the last line's fields.
    expect(events[0]).toMatchObject({ event: "database.slow", count: 100, at: T0 + 59 * MIN });
    expect(Object.fromEntries(events[0]!.fields)).toEqual({ step: "claim", waitingMs: "15999" });
    // The attention list counts lines, not rows.
    const outage = (await listAttention(database.db, T0 + 61 * MIN)).find((i) => i.title.startsWith("Base de datos lenta"));
    expect(outage?.title).toBe("Base de datos lenta para el rastreador (6000 avisos en 24 h)");
  });

  it("OPS-5: other warnings and errors stay one row per line, and two workers' slow minutes are not merged", async () => {
    const a = worker("w1");
    const b = worker("w2");
    for (let i = 0; i < 3; i++) {
      a.log.warn("robots.stale", { host: `h${i}` });
      a.log.warn("database.slow", { step: "claim" });
      b.log.warn("database.slow", { step: "lease" });
    }
    await Promise.all([a.recorder.close(), b.recorder.close()]);
    const events = await listWorkerEvents(database.db);
    expect(events.filter((e) => e.event === "robots.stale").map((e) => e.count)).toEqual([1, 1, 1]);
    expect(
      events
        .filter((e) => e.event === "database.slow")
        .map((e) => [e.workerId, e.count])
        .sort(),
    ).toEqual([
      ["w1", 3],
      ["w2", 3],
    ]);
  });
});
