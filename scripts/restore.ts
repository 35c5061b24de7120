/**
 * `npm run restore -- FILE [--clean]`: restore a backup made by `npm run backup` into the
 * database (DATABASE_URL, or the embedded PostgreSQL of the data dir). The database must be
 * empty, or `--clean` replaces its contents. Stop the site and workers first.
 */
import { startEmbeddedPostgres } from "../db/embedded";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { restoreBackup } from "../db/backup/load";
import { parseCommandLine } from "./command-line";

const usage = `usage: npm run restore -- FILE [--clean]
Restores a backup made by npm run backup into the database (DATABASE_URL, or the embedded
PostgreSQL of the data directory). Stop the site and workers first.
  --clean     replace the database's contents (without it, the database must be empty)
  -h, --help  print this help`;

async function main(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(usage, { args, allowPositionals: true, options: { clean: { type: "boolean" } } });
  const [file] = positionals;
  if (file === undefined || positionals.length > 1) throw new Error(usage.split("\n")[0]);
  const config = loadConfig();
  const embedded = config.databaseUrl === undefined ? await startEmbeddedPostgres(config.dataDir) : undefined;
  const url = config.databaseUrl ?? embedded?.url ?? "";
  try {
    const started = Date.now();
    const header = await restoreBackup(url, file, { clean: values.clean === true });
    const rows = header.tables.reduce((n, t) => n + t.rows, 0);
    process.stdout.write(
      `restore: ${file} (made ${header.createdAt}): ${header.tables.length} tables, ${rows} rows in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
    );
  } finally {
    await embedded?.stop();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => exitWithError("restore", error),
);
