/**
 * OPS-4: `/healthz` counts a worker alive by its heartbeat on the site's clock, as the lease
 * reclaimer does — also when the clock runs faster than real time (the demo, the tests).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { readHealth } from "../../../db/queries/site/health";
import { sqlTime } from "../../../db/sql-time";
import { createTestDatabase } from "../../support/database";

const MINUTE = 60_000;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase(2);
});
afterAll(async () => {
  await database?.close();
});

async function heartbeat(workerId: string, at: number): Promise<void> {
  await database.db.execute(sql`insert into app_state (key, value, updated_at) values (${`worker:${workerId}`}, '{}'::jsonb, ${sqlTime(at)})
    on conflict (key) do update set updated_at = excluded.updated_at`);
}

describe("the health check's workers", () => {
  it("OPS-4: on a clock 60 times faster, a worker silent for ten real minutes is gone; one that beat a real minute ago is alive", async () => {
    // The clock's "now" is ten simulated hours past real time, as in a demo that has run ten minutes at ×60.
    const now = Date.now() + 600 * MINUTE;
    await heartbeat("silent", now - 600 * MINUTE);
    await heartbeat("beating", now - 60 * MINUTE);
    expect((await readHealth(database.db, now, 60)).workers).toBe(1);
    // At real speed, the same two stamps: the silent worker's is ten minutes old, the other's one.
    await heartbeat("silent", Date.now() - 10 * MINUTE);
    await heartbeat("beating", Date.now() - MINUTE);
    expect((await readHealth(database.db, Date.now(), 1)).workers).toBe(1);
  });
});
