/**
 * SEC-6: a failed database read is logged under what actually happened — a query cut by
 * statement_timeout is not "database unavailable" — classified from real PostgreSQL errors.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openReadDatabase, type Database } from "../../../db/client";
import { classifyDatabaseFailure, FAILURE_EVENT } from "../../../lib/database-failure";
import { freeLoopbackPort } from "../../../lib/free-port";
import { createTestDatabase } from "../../support/database";

let database: Database;
const site = vi.hoisted(() => ({ db: undefined as unknown }));
// The page reader's own database and configuration, so its log line is the one under test.
vi.mock("../../../db/server", () => ({ readDatabase: async () => ({ db: site.db }), appConfig: () => ({ logLevel: "info" }) }));

beforeAll(async () => {
  database = await createTestDatabase(2);
  site.db = database.db;
});
afterAll(async () => {
  await database?.close();
});

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the query to fail");
}

describe("database failures are told apart in the log", () => {
  it("SEC-6: a query cut by statement_timeout is a statement timeout, not the database unavailable", async () => {
    const error = await failureOf(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 20`);
        await tx.execute(sql`select pg_sleep(5)`);
      }),
    );
    expect(classifyDatabaseFailure(error)).toBe("statement_timeout");
    expect(FAILURE_EVENT[classifyDatabaseFailure(error)]).toBe("database_statement_timeout");
  });

  it("SEC-6: a public page whose read hits statement_timeout logs a statement timeout, not database_unavailable", async () => {
    const { readSiteData } = await import("../../../app/_lib/pages/data");
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    try {
      const read = await readSiteData((db) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`set local statement_timeout = 20`);
          return tx.execute(sql`select pg_sleep(5)`);
        }),
      );
      expect(read).toEqual({ ok: false });
    } finally {
      write.mockRestore();
    }
    const events = lines.map((line) => JSON.parse(line) as { event: string; code?: string });
    expect(events).toEqual([expect.objectContaining({ event: "database_statement_timeout", code: "57014" })]);
  });

  it("SEC-6: a query the server refuses (a NUL in text) is a failed query", async () => {
    const error = await failureOf(() => database.db.execute(sql`select ${"a\u0000b"}::text`));
    expect(classifyDatabaseFailure(error)).toBe("query_failed");
  });

  it("SEC-6: a server that refuses the connection is unavailable", async () => {
    const port = await freeLoopbackPort();
    const closed = openReadDatabase(`postgres://nadie@127.0.0.1:${port}/nada`, { maxConnections: 1 });
    try {
      const error = await failureOf(() => closed.db.execute(sql`select 1`));
      expect(classifyDatabaseFailure(error)).toBe("unavailable");
    } finally {
      await closed.close();
    }
  });
});
