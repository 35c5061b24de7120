/**
 * The site's pool sends one statement per connection (db/server.ts, `pipelining: false`):
 * when every connection is busy and one is held by a lock, a quick statement waits for the
 * first connection to come free instead of being queued behind the held one (OPS-2: a
 * slow statement does not stall other readers' pages). postgres.js pipelines by default,
 * which the first case shows.
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../../db/client";
import { createEmptyDatabase } from "../../support/database";

let empty: Awaited<ReturnType<typeof createEmptyDatabase>>;
let observer: postgres.Sql;

beforeAll(async () => {
  empty = await createEmptyDatabase();
  observer = postgres(empty.url, { max: 2, onnotice: () => {} });
  await observer`create table held (id int)`;
});

afterAll(async () => {
  await observer?.end();
  await empty?.drop();
});

/** Quick statements answered while one of two connections waits on a lock and the other sleeps 1 s. */
async function quickAnsweredBesideAHeldStatement(pipelining: boolean): Promise<number> {
  const database = await openDatabase({ databaseUrl: empty.url, dataDir: "/nonexistent" }, { maxConnections: 2, pipelining });
  // Both connections open and idle first: a connection that is still starting is not offered more work.
  await Promise.all([database.sql`select pg_sleep(0.05)`, database.sql`select pg_sleep(0.05)`]);
  const locker = await observer.reserve();
  try {
    await locker`begin`;
    await locker`lock table held in access exclusive mode`;
    const held = database.sql`select count(*) from held`.execute();
    await vi.waitFor(async () => {
      const [row] = await observer<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
      expect(row!.n).toBe(1);
    }, { timeout: 10_000, interval: 50 });
    const sleeping = database.sql`select pg_sleep(1)`.execute();
    await vi.waitFor(async () => {
      const [row] = await observer<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and query like 'select pg_sleep%'`;
      expect(row!.n).toBe(1);
    }, { timeout: 10_000, interval: 50 });
    let answered = 0;
    const quick = Array.from({ length: 4 }, () => database.sql`select 1`.execute().then(() => void answered++));
    await sleeping;
    await new Promise((r) => setTimeout(r, 1_000));
    const seen = answered;
    await locker`rollback`;
    await Promise.all([held, ...quick]);
    return seen;
  } finally {
    locker.release();
    await database.close();
  }
}

describe("statements beside one held by a lock (OPS-2)", () => {
  it("OPS-2: with pipelining (postgres.js's default) some quick statements queue behind the held one", async () => {
    expect(await quickAnsweredBesideAHeldStatement(true)).toBeLessThan(4);
  });

  it("OPS-2: without it (the site's pool) every quick statement is answered on the connection that comes free", async () => {
    expect(await quickAnsweredBesideAHeldStatement(false)).toBe(4);
  });
});
