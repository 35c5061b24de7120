/** A fresh, migrated database per test file, on the run's PostgreSQL server. */
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../db/client";

/** URL of a database `name` on the same server as `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Create an empty database on the test server; returns its URL and a drop function. */
export async function createEmptyDatabase(prefix = "t"): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = inject("databaseServerUrl");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = postgres(databaseUrl(serverUrl, "postgres"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  return {
    url: databaseUrl(serverUrl, name),
    async drop() {
      const a = postgres(databaseUrl(serverUrl, "postgres"), { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** Create, migrate and open a database for one test file; `close()` also drops it. */
export async function createTestDatabase(maxConnections = 10): Promise<Database> {
  const empty = await createEmptyDatabase();
  const database = await openDatabase({ databaseUrl: empty.url, dataDir: "/nonexistent" }, { maxConnections });
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}
