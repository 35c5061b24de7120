/**
 * A scratch copy of the generated year (CREATE DATABASE … TEMPLATE), for a benchmark
 * that writes into it (the load benchmark's worker): the cached year itself stays as
 * generated, for the other benchmarks. The copy is dropped by `drop()`.
 */
import { randomBytes } from "node:crypto";
import postgres from "postgres";

/** A copy of a database on the same server. */
export interface DatabaseCopy {
  url: string;
  name: string;
  seconds: number;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Copy the database at `sourceUrl` (nobody may be connected to it meanwhile). */
export async function copyDatabase(sourceUrl: string, prefix: string): Promise<DatabaseCopy> {
  const source = new URL(sourceUrl).pathname.slice(1);
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = () => postgres(withDatabase(sourceUrl, "postgres"), { max: 1, onnotice: () => {} });
  const sql = admin();
  const started = performance.now();
  try {
    // FILE_COPY copies the files as they are (seconds per GB) instead of WAL-logging every page.
    await sql.unsafe(`create database ${name} template ${source} strategy file_copy`);
  } finally {
    await sql.end();
  }
  return {
    url: withDatabase(sourceUrl, name),
    name,
    seconds: (performance.now() - started) / 1000,
    async drop() {
      const a = admin();
      try {
        await a.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}
