/**
 * `npm run clickbait:refresh`: brings the clickbait formulas stored with each headline up to
 * the list in lib/analysis/clickbait.ts (SPEC DER-1), after an upgrade that changed it.
 * Uses DATABASE_URL, or the embedded PostgreSQL of the data directory; safe to run beside a worker.
 */
import { openDatabase } from "../db/client";
import { refreshClickbaitFormulas } from "../crawler/derive/refresh-clickbait";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { parseCommandLine } from "./command-line";

const USAGE = `usage: npm run clickbait:refresh
Brings the clickbait formulas stored with each headline up to the current list, after an
upgrade that changed it. Uses DATABASE_URL, or the embedded PostgreSQL of the data directory;
safe to run beside a worker.
  -h, --help  print this help`;

async function main(): Promise<void> {
  parseCommandLine(USAGE, { args: process.argv.slice(2), options: {} });
  const database = await openDatabase(loadConfig(), { maxConnections: 2 });
  try {
    const { read, changed } = await refreshClickbaitFormulas(database.db);
    process.stdout.write(`clickbait formulas: ${read} stored headlines read, ${changed} brought up to the current list\n`);
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => exitWithError("clickbait:refresh", error),
);
