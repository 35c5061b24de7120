/**
 * The PostgreSQL driver keeps a transaction on its own connection (SCH-4, STO-1: a write is
 * either committed whole or not at all). postgres.js 3.4.9 skipped reserving the connection
 * when a transaction's BEGIN was the statement that filled the connection's pipeline; the
 * transaction then stayed open on a pooled connection and unrelated statements ran inside it
 * (seen once as UNSAFE_TRANSACTION in a worker crawling 10,000 sites; porsager/postgres#1189).
 * `patches/postgres+3.4.9.patch`, applied by `npm install` (patch-package), reserves it
 * whenever BEGIN was written. With `max_pipeline: 0` every BEGIN fills the pipeline, so the
 * unpatched driver fails each of these transactions.
 */
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabase } from "../../support/database";

let empty: Awaited<ReturnType<typeof createEmptyDatabase>>;

beforeAll(async () => {
  empty = await createEmptyDatabase("driver");
});
afterAll(async () => {
  await empty.drop();
});

describe("transactions on the pooled driver", () => {
  it("SCH-4: a transaction whose BEGIN fills its connection's pipeline keeps that connection, commits, and leaves nothing open", async () => {
    // `max_pipeline` is a driver option its type declarations leave out.
    const options = { max: 2, max_pipeline: 0, onnotice: () => {}, connection: { application_name: "driver-test" } };
    const sql = postgres(empty.url, options as Parameters<typeof postgres>[1]);
    try {
      await sql`create table counted (n int)`;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          sql.begin(async (tx) => {
            await tx`insert into counted values (${i})`;
            return (await tx`select pg_current_xact_id_if_assigned() is not null as in_transaction`)[0]!.in_transaction as boolean;
          }),
        ),
      );
      expect(results).toEqual(Array.from({ length: 20 }, () => true));
      const outside = await Promise.all(Array.from({ length: 20 }, () => sql`select pg_current_xact_id_if_assigned() is null as outside`));
      expect(outside.every((rows) => rows[0]!.outside === true)).toBe(true);
      expect((await sql`select count(*)::int as n from counted`)[0]!.n).toBe(20);
      const open =
        await sql`select count(*)::int as n from pg_stat_activity where application_name = 'driver-test' and state like 'idle in transaction%'`;
      expect(open[0]!.n).toBe(0);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
