/**
 * Every pool turns JIT compilation off: a stock server (Debian's package, the official images)
 * has it on, and the rank-interval statements' estimates pass its thresholds, so the heavy
 * pages spent 2–10× their time compiling. The embedded server ships no JIT; this keeps a stock
 * one alike.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../../db/client";
import { createTestDatabase } from "../../support/database";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase(2);
  vi.stubEnv("DATABASE_URL", database.url);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await (await import("../../../db/server")).database().then(
    (d) => d.sql.end({ timeout: 1 }),
    () => {},
  );
  await database?.close();
});

describe("JIT off on the pools", () => {
  it("the site's pool and the worker's pool run with jit = off, whatever the server's default", async () => {
    const { database: siteDatabase } = await import("../../../db/server");
    const { sql } = await siteDatabase();
    const [site] = await sql<{ jit: string }[]>`show jit`;
    expect(site!.jit).toBe("off");
    const [worker] = await database.sql<{ jit: string }[]>`show jit`;
    expect(worker!.jit).toBe("off");
    // The server's own default is untouched (a fresh session without the pool's options).
    const [server] = await database.sql<{ boot_val: string }[]>`select boot_val from pg_settings where name = 'jit'`;
    expect(server!.boot_val).toBe("on");
  });
});
