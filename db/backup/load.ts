/**
 * Restoring a backup (SPEC OPS-2 operations) into an empty database, or into any database
 * with `clean` (its public and drizzle schemas are dropped first). The schema comes from
 * this code's migrations, and must be the one the backup was made with; the rows are then
 * loaded table by table with COPY, all in one transaction: a failed restore leaves nothing.
 */
import fs from "node:fs";
import { once } from "node:events";
import readline from "node:readline";
import zlib from "node:zlib";
import postgres from "postgres";
import { migrateDatabase } from "../migrate";
import { parseBackupHeader } from "./read-rows";
import { appliedMigrations, ident, resetSequences, type BackupHeader } from "./tables";

/** Options of `restoreBackup`. */
export interface RestoreOptions {
  /** Drop what the database holds first. @default false (refuse a non-empty database) */
  clean?: boolean;
}

/** Restore `file` into the database at `url`; returns the backup's header. */
export async function restoreBackup(url: string, file: string, options: RestoreOptions = {}): Promise<BackupHeader> {
  await fs.promises.access(file, fs.constants.R_OK); // a missing file fails here, not as a stream's unhandled error
  const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = parseBackupHeader(first.done ? "" : first.value, file);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await prepareSchema(sql, url, header, options.clean ?? false);
    await sql.begin(async (tx) => {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
        const name = /^\\table (.+)$/.exec(next.value)?.[1];
        if (name === undefined) throw new Error(`${file} is damaged (expected a table, got ${JSON.stringify(next.value.slice(0, 40))})`);
        const table = header.tables.find((t) => t.name === name);
        if (!table) throw new Error(`${file} names an unknown table ${name}`);
        const copy = await tx.unsafe(`copy ${ident(name)} (${table.columns.map(ident).join(", ")}) from stdin`).writable();
        const finished = new Promise<void>((resolve, reject) => copy.on("finish", resolve).on("error", reject));
        let ended = false;
        for (let row = await iterator.next(); !row.done; row = await iterator.next()) {
          if (row.value === "\\.") {
            ended = true;
            break;
          }
          if (!copy.write(`${row.value}\n`)) await once(copy, "drain");
        }
        copy.end();
        await finished;
        if (!ended) throw new Error(`${file} is cut short inside table ${name}`);
      }
      await resetSequences(tx);
    });
  } finally {
    lines.close();
    await sql.end({ timeout: 5 });
  }
  return header;
}

async function prepareSchema(sql: postgres.Sql, url: string, header: BackupHeader, clean: boolean): Promise<void> {
  const [{ n } = { n: "0" }] = await sql<{ n: string }[]>`
    select count(*)::text as n from information_schema.tables where table_schema in ('public', 'drizzle')`;
  if (Number(n) > 0) {
    if (!clean) throw new Error("the database is not empty; restore into an empty database, or pass --clean to replace its contents");
    await sql.unsafe("drop schema if exists drizzle cascade; drop schema public cascade; create schema public");
  }
  await migrateDatabase(url);
  const current = await appliedMigrations(sql);
  if (current.join() !== header.migrations.join()) {
    throw new Error(
      `the backup was made with ${header.migrations.length} migrations and this code has ${current.length} (or other ones); restore it with the version of Hemeroscopio that made it`,
    );
  }
}
