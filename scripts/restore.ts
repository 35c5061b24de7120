/**
 * `npm run restore -- FILE [--clean]`: restore a backup made by `npm run backup` into the
 * database (DATABASE_URL, or the embedded PostgreSQL of the data dir). The database must be
 * empty, or `--clean` replaces its contents. Stop the site and workers first.
 */
import { startEmbeddedPostgres } from "../db/embedded";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { restoreBackup } from "../db/backup/load";

const usage = "usage: npm run restore -- FILE [--clean]";

async function main(args: string[]): Promise<void> {
  const file = args.find((a) => !a.startsWith("--"));
  if (file === undefined || args.some((a) => a.startsWith("--") && a !== "--clean")) throw new Error(usage);
  const config = loadConfig();
  const embedded = config.databaseUrl === undefined ? await startEmbeddedPostgres(config.dataDir) : undefined;
  const url = config.databaseUrl ?? embedded?.url ?? "";
  try {
    const started = Date.now();
    const header = await restoreBackup(url, file, { clean: args.includes("--clean") });
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
