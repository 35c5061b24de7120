/**
 * The benchmarks' PostgreSQL: DATABASE_URL when set, else a real embedded server in a
 * fresh temporary directory, stopped and removed at the end. Each benchmark run gets
 * its own migrated database on it (like tests/support/database.ts, without vitest).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { openDatabase, type Database } from "../../../db/client";
import { startEmbeddedPostgres } from "../../../db/embedded";
import { stopAlsoOnInterrupt } from "./interrupt";

/** A running server for the whole bench run. */
export interface BenchServer {
  url: string;
  /** The postmaster's PID when embedded (for its CPU from /proc). */
  pid?: number;
  createDatabase(options?: { maxConnections?: number }): Promise<Database>;
  stop(): Promise<void>;
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(serverUrl: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(withDatabase(serverUrl, "postgres"), { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

/** Start (or connect to) the server the benchmarks use. */
export async function startBenchServer(databaseUrl: string | undefined): Promise<BenchServer> {
  let dataDir: string | undefined;
  let stopEmbedded = async () => {};
  let url = databaseUrl;
  let pid: number | undefined;
  if (!url) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-bench-"));
    // As root the server runs as `postgres`, which must reach the directory.
    await fs.chmod(dataDir, 0o755);
    let server = await startEmbeddedPostgres(dataDir);
    // pg_stat_statements (shipped with the embedded binaries) says where PostgreSQL's time
    // goes; it must be preloaded, so the fresh server is restarted once with it.
    await admin(server.url, (sql) => sql.unsafe("alter system set shared_preload_libraries = 'pg_stat_statements'"));
    await server.stop();
    server = await startEmbeddedPostgres(dataDir);
    const started = server;
    url = started.url;
    stopEmbedded = () => started.stop();
    const pidLine = await fs.readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").catch(() => "");
    pid = Number(pidLine.split("\n")[0]) || undefined;
  }
  const serverUrl = url;
  const stop = stopAlsoOnInterrupt(async () => {
    await stopEmbedded();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });
  return {
    url: serverUrl,
    pid,
    async createDatabase(options = {}) {
      const name = `bench_${randomBytes(6).toString("hex")}`;
      await admin(serverUrl, (sql) => sql.unsafe(`create database ${name}`));
      const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), dataDir: "/nonexistent" }, options);
      // Where the server allows it (embedded: yes; DATABASE_URL: maybe), for statement statistics.
      await database.sql.unsafe("create extension if not exists pg_stat_statements").catch(() => undefined);
      return {
        ...database,
        async close() {
          await database.close();
          await admin(serverUrl, (sql) => sql.unsafe(`drop database if exists ${name} with (force)`));
        },
      };
    },
    stop,
  };
}
