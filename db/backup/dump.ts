/**
 * Writing a backup (SPEC OPS-2 operations): one consistent snapshot (a read-only,
 * repeatable-read transaction, so the site and workers may keep running) of every public
 * table as PostgreSQL COPY text rows, gzip-compressed. Layout: a JSON header line, then per
 * table a `\table NAME` line, its COPY rows, and a `\.` line (COPY text escapes
 * backslashes and line breaks, so no row can be mistaken for either marker).
 */
import fs from "node:fs";
import { once } from "node:events";
import zlib from "node:zlib";
import type postgres from "postgres";
import { appliedMigrations, ident, tablesInOrder, type BackupHeader, type TableInfo } from "./tables";

// Rows in COPY text format, built in SQL and read with a cursor rather than `COPY … TO
// STDOUT`: postgres.js can leave its socket paused after a COPY whose reader was slower than
// the server, and the next statement then never returns (seen as a hung backup).
function copyTextQuery(table: string, columns: readonly string[]): string {
  const cell = (column: string) =>
    `coalesce(replace(replace(replace(replace(${ident(column)}::text, '\\', '\\\\'), E'\\n', '\\n'), E'\\r', '\\r'), E'\\t', '\\t'), '\\N')`;
  return `select concat_ws(E'\\t', ${columns.map(cell).join(", ")}) as line from ${ident(table)}`;
}

/**
 * Write a backup of the database behind `sql` to `file`; returns its header. The rows go to
 * `file.partial` first and are renamed when complete, so backup housekeeping (rotation and
 * scrubbing, db/backup/tend.ts) never reads a file still being written.
 */
export async function writeBackup(sql: postgres.Sql, file: string): Promise<BackupHeader> {
  const partial = `${file}.partial`;
  const gzip = zlib.createGzip();
  const out = fs.createWriteStream(partial, { mode: 0o600 });
  const done = new Promise<void>((resolve, reject) => {
    out.on("finish", resolve).on("error", reject);
    gzip.on("error", reject);
  });
  gzip.pipe(out);
  const write = async (chunk: string | Buffer) => {
    if (!gzip.write(chunk)) await once(gzip, "drain");
  };
  let header: BackupHeader | undefined;
  try {
    await sql.begin("isolation level repeatable read read only", async (tx) => {
      // The transaction's start time: no deletion committed after it is missing from the snapshot.
      const [started] = await tx<{ at: string | Date }[]>`select now() as at`;
      const tables = await tablesInOrder(tx);
      const infos: TableInfo[] = [];
      for (const { name, columns } of tables) {
        const [count] = await tx.unsafe<{ n: string }[]>(`select count(*)::text as n from ${ident(name)}`);
        infos.push({ name, columns, rows: Number(count?.n ?? 0) });
      }
      header = {
        format: "hemeroscopio-backup",
        version: 1,
        createdAt: new Date(started?.at ?? Date.now()).toISOString(),
        migrations: await appliedMigrations(tx),
        tables: infos,
      };
      await write(`${JSON.stringify(header)}\n`);
      for (const { name, columns } of tables) {
        await write(`\\table ${name}\n`);
        for await (const rows of tx.unsafe<{ line: string }[]>(copyTextQuery(name, columns)).cursor(500)) {
          await write(rows.map((r) => `${r.line}\n`).join(""));
        }
        await write("\\.\n");
      }
    });
  } catch (error) {
    gzip.destroy();
    out.destroy();
    await fs.promises.rm(partial, { force: true });
    throw error;
  }
  gzip.end();
  await done;
  await fs.promises.rename(partial, file);
  if (!header) throw new Error("no snapshot was read");
  return header;
}
