/**
 * `npm run backup -- [FILE]`: a consistent backup of the database (DATABASE_URL, or the
 * embedded PostgreSQL of the data dir) while the site and workers keep running. Default
 * file: `<data dir>/backups/hemeroscopio-<UTC time>.backup.gz`. Restore with `npm run restore`.
 *
 * After writing, the backups folder is tended (db/backup/tend.ts): the newest
 * HEMEROSCOPIO_BACKUP_KEEP are kept, and none keeps an outlet's deleted data (STO-4).
 *
 * Our own COPY-based format rather than `pg_dump -Fc`: the embedded server is PostgreSQL 18,
 * the npm package ships no pg_dump, and an older system pg_dump refuses a newer server.
 */
import fs from "node:fs/promises";
import path from "node:path";
import postgres from "postgres";
import { startEmbeddedPostgres } from "../db/embedded";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { drizzle } from "drizzle-orm/postgres-js";
import { writeBackup } from "../db/backup/dump";
import { deletionsForBackups, tendBackups } from "../db/backup/tend";
import { createLogger } from "../lib/log";
import { parseCommandLine } from "./command-line";

const USAGE = `usage: npm run backup -- [FILE]
A consistent backup of the database (DATABASE_URL, or the embedded PostgreSQL of the data
directory) while the site and workers keep running; restore it with npm run restore.
  FILE        where to write it (default <data dir>/backups/hemeroscopio-<UTC time>.backup.gz)
  -h, --help  print this help`;

async function main(args: string[]): Promise<void> {
  const { positionals } = parseCommandLine(USAGE, { args, allowPositionals: true, options: {} });
  if (positionals.length > 1) throw new Error(USAGE.split("\n")[0]);
  const config = loadConfig();
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const file = path.resolve(positionals[0] ?? path.join(config.backups.dir, `hemeroscopio-${stamp}.backup.gz`));
  await fs.mkdir(path.dirname(file), { recursive: true });
  const embedded = config.databaseUrl === undefined ? await startEmbeddedPostgres(config.dataDir) : undefined;
  const sql = postgres(config.databaseUrl ?? embedded?.url ?? "", { max: 1, onnotice: () => {} });
  try {
    const started = Date.now();
    const header = await writeBackup(sql, file);
    const rows = header.tables.reduce((n, t) => n + t.rows, 0);
    const { size } = await fs.stat(file);
    process.stdout.write(
      `backup: ${file}: ${header.tables.length} tables, ${rows} rows, ${size} bytes in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
    const log = createLogger({ component: "backup", level: "warn", write: (line) => process.stderr.write(`${line}\n`) });
    const report = await tendBackups({
      dir: config.backups.dir,
      keep: config.backups.keep,
      now: Date.now(),
      deletions: await deletionsForBackups(drizzle(sql)),
      log,
    });
    for (const [what, names] of Object.entries(report))
      if (names.length > 0) process.stdout.write(`backup: ${what}: ${names.join(", ")}\n`);
  } finally {
    await sql.end({ timeout: 5 });
    await embedded?.stop();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => exitWithError("backup", error),
);
