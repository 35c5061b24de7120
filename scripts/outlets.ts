/**
 * `npm run outlets -- export [--yaml] [FILE]` writes the outlets file (docs/architecture.md shape);
 * `npm run outlets -- import FILE` adds and updates outlets by slug (SPEC CFG-1);
 * `npm run outlets -- check [FILE]` reads each outlet's URLs once, politely, and proposes fixes
 * (docs/outlets-evidence.md). Uses DATABASE_URL, or the embedded PostgreSQL of the data directory.
 */
import fs from "node:fs/promises";
import { runOutletsCheck } from "../crawler/check-command";
import { defaultOutletsFile } from "../db/bootstrap";
import { openDatabase } from "../db/client";
import { exportOutlets, importOutlets } from "../db/outlets";
import { systemClock } from "../lib/clock";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { readOutletsFile, serializeOutlets } from "../lib/outlets-file";
import { parseCommandLine } from "./command-line";

const usage = `usage: npm run outlets -- export [--yaml] [FILE] | import FILE | check [FILE]
  export [FILE]  write the outlets file (JSON, or YAML when FILE ends in .yaml/.yml) to FILE or standard output
  --yaml         export as YAML
  import FILE    add and update outlets by slug from FILE
  check [FILE]   read each outlet's home page, feeds, sitemaps and legal notice once, politely (robots.txt
                 first, the bot's identity, the crawler's pacing), print what answered, redirected or is gone
                 and the outlets file entries it would change; stores each outlet's check for the admin.
                 The outlets of FILE, else the configured ones, else the shipped list. Offline it says so,
                 sends nothing and changes nothing (exit status 3).
  -h, --help     print this help
Uses DATABASE_URL, or the embedded PostgreSQL of the data directory.`;

async function main(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(usage, { args, allowPositionals: true, options: { yaml: { type: "boolean" } } });
  const [command, ...rest] = positionals;
  if (command !== "export" && command !== "import" && command !== "check") throw new Error(usage);
  const config = loadConfig();
  // Read and validate before anything starts, so a bad file fails with one line.
  const incoming =
    command === "import"
      ? await readOutletsFile(
          rest[0] ??
            (() => {
              throw new Error(usage);
            })(),
        )
      : undefined;
  const toCheck = command === "check" && rest[0] ? await readOutletsFile(rest[0]) : undefined;
  const database = await openDatabase(config, { maxConnections: 4 });
  try {
    if (command === "check") {
      const configured = toCheck ?? (await exportOutlets(database.db));
      const outlets = configured.length > 0 ? configured : await readOutletsFile(defaultOutletsFile);
      const progress = (line: string) => process.stderr.write(`${line}\n`);
      const result = await runOutletsCheck({ config, db: database.db, clock: systemClock, outlets, progress });
      (result.offline ? process.stderr : process.stdout).write(result.report);
      if (!result.offline) process.stderr.write(`stored the check of ${result.stored} outlets for the admin\n`);
      process.exitCode = result.offline ? 3 : 0;
      return;
    }
    if (incoming) {
      const summary = await importOutlets(database.db, incoming);
      process.stdout.write(`imported ${incoming.length} outlets: ${summary.added} added, ${summary.updated} updated\n`);
      return;
    }
    const yaml = values.yaml === true;
    const file = rest[0];
    const text = serializeOutlets(await exportOutlets(database.db), yaml || file?.match(/\.ya?ml$/) ? "yaml" : "json");
    if (file) await fs.writeFile(file, text);
    else process.stdout.write(text);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => exitWithError("outlets", error),
);
