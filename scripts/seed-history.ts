/**
 * `npm run seed:history -- [--outlets 50] [--days 365] [--seed TEXT] [--end ISO] [--log-days 30] [--replace]`:
 * a realistic simulated year for invented outlets, written straight into the configured
 * database (DATABASE_URL, or the embedded PostgreSQL of the data directory).
 */
import { openDatabase } from "../db/client";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { answerHelp } from "./command-line";
import { parseSeedOptions, USAGE } from "./seed-history/options";
import { seedHistory } from "./seed-history/seed";

async function main(args: string[]): Promise<void> {
  answerHelp(USAGE, args);
  const options = parseSeedOptions(args, Date.now());
  const database = await openDatabase(loadConfig(), { maxConnections: 6 });
  try {
    const to = new Date(options.end).toISOString();
    const from = new Date(options.end - options.days * 86_400_000).toISOString();
    process.stdout.write(`generating ${options.outlets} outlets × ${options.days} days (${from} → ${to}), seed "${options.seed}"\n`);
    const summary = await seedHistory(database.sql, options, (line) => process.stderr.write(`${line}\n`));
    for (const [table, n] of Object.entries(summary.counts))
      process.stdout.write(`  ${table.padEnd(20)} ${n.toLocaleString("en-US").padStart(12)} rows\n`);
    process.stdout.write(
      `wrote ${summary.rows.toLocaleString("en-US")} rows in ${summary.seconds.toFixed(1)} s (${Math.round(summary.rowsPerSecond).toLocaleString("en-US")} rows/s)\n`,
    );
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => exitWithError("seed-history", error),
);
