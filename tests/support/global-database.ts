/**
 * Vitest global setup: one PostgreSQL server for the whole run. With DATABASE_URL the
 * given server is used; otherwise an embedded PostgreSQL is started in a fresh temporary
 * data directory and stopped at the end. Each test file then makes its own database
 * (tests/support/database.ts), so files are isolated and can run in parallel.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../db/embedded";

declare module "vitest" {
  export interface ProvidedContext {
    databaseServerUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL) {
    project.provide("databaseServerUrl", process.env.DATABASE_URL);
    return async () => {};
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-test-"));
  await fs.chmod(dataDir, 0o755);
  let server;
  try {
    server = await startEmbeddedPostgres(dataDir);
  } catch (error) {
    throw new Error(`Tests need PostgreSQL: the embedded server did not start (${(error as Error).message})`, { cause: error });
  }
  project.provide("databaseServerUrl", server.url);
  return async () => {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
