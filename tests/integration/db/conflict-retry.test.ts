/**
 * Transactions ended by a deadlock are run again (nothing lost under concurrency;
 * SPEC SCH-4). Two transactions lock two rows in opposite orders on a real PostgreSQL: one
 * is rolled back with SQLSTATE 40P01, and with the retry both finish.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client";
import { isConflict, transactionRetryingConflicts, type Transaction } from "../../../db/conflict-retry";
import { createTestDatabase } from "../../support/database";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase(4);
  await database.db.execute(sql`create table deadlock_probe (id int primary key, n int not null)`);
  await database.db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
});

afterAll(async () => {
  await database?.close();
});

/** Two bodies that each lock one row, wait for the other to hold its row, then take the other's. */
function crossedBodies() {
  let arrived = 0;
  let release!: () => void;
  const bothHold = new Promise<void>((resolve) => (release = resolve));
  const body = (first: number, second: number) => async (tx: Transaction) => {
    await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${first}`);
    if (++arrived === 2) release();
    await bothHold; // on a retry the other has finished: this passes at once
    await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
  };
  return [body(1, 2), body(2, 1)] as const;
}

describe("transactions retried after a conflict (SCH-4)", () => {
  it("SCH-4: without a retry one side of a deadlock loses its work with SQLSTATE 40P01", async () => {
    const [a, b] = crossedBodies();
    const results = await Promise.allSettled([database.db.transaction(a), database.db.transaction(b)]);
    const failed = results.filter((r) => r.status === "rejected");
    expect(failed).toHaveLength(1);
    expect(isConflict((failed[0] as PromiseRejectedResult).reason)).toBe(true);
  });

  it("SCH-4: with the retry both transactions commit, each update once", async () => {
    await database.db.execute(sql`update deadlock_probe set n = 0`);
    const [a, b] = crossedBodies();
    await Promise.all([transactionRetryingConflicts(database.db, a), transactionRetryingConflicts(database.db, b)]);
    const rows = await database.db.execute<{ id: number; n: number }>(sql`select id, n from deadlock_probe order by id`);
    expect(rows.map((r) => r.n)).toEqual([2, 2]);
  });

  it("SCH-4: other errors are not retried", async () => {
    let runs = 0;
    await expect(
      transactionRetryingConflicts(database.db, async (tx) => {
        runs++;
        await tx.execute(sql`select 1 / 0`);
      }),
    ).rejects.toThrow();
    expect(runs).toBe(1);
  });
});
