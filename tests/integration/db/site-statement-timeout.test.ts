/**
 * The site's pool cancels a runaway statement (SPEC SEC-6): whatever query a reader
 * manages to make expensive, PostgreSQL stops it after HEMEROSCOPIO_STATEMENT_TIMEOUT_MS,
 * and the worker's and scripts' pools are left without that limit.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../db/client";
import { loadConfig } from "../../../lib/config";
import { createTestDatabase } from "../../support/database";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase(2);
  vi.stubEnv("DATABASE_URL", database.url);
  vi.stubEnv("HEMEROSCOPIO_STATEMENT_TIMEOUT_MS", "300");
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await (await import("../../../db/server")).database().then(
    (d) => d.sql.end({ timeout: 1 }),
    () => {},
  );
  await database?.close();
});

describe("statement timeout of the site's pool (SEC-6)", () => {
  it("SEC-6: the site's pool cancels a statement running past the limit (SQLSTATE 57014); other pools have none", async () => {
    const { database: siteDatabase } = await import("../../../db/server");
    const { sql } = await siteDatabase();
    const started = Date.now();
    await expect(sql`select pg_sleep(3)`).rejects.toMatchObject({ code: "57014" });
    expect(Date.now() - started).toBeLessThan(2_000);
    const [row] = await sql<{ n: number }[]>`select 1 as n`;
    expect(row!.n).toBe(1);
    const [setting] = await database.sql<{ statement_timeout: string }[]>`show statement_timeout`;
    expect(setting!.statement_timeout).toBe("0");
  });

  it("SEC-6: HEMEROSCOPIO_STATEMENT_TIMEOUT_MS is 10 s unless set; 0 turns it off", () => {
    expect(loadConfig({}).siteStatementTimeoutMs).toBe(10_000);
    expect(loadConfig({ HEMEROSCOPIO_STATEMENT_TIMEOUT_MS: "0" }).siteStatementTimeoutMs).toBe(0);
    expect(() => loadConfig({ HEMEROSCOPIO_STATEMENT_TIMEOUT_MS: "-1" })).toThrow(/HEMEROSCOPIO_STATEMENT_TIMEOUT_MS/);
  });
});
