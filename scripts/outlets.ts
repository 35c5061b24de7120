/**
 * `npm run outlets -- export [--yaml] [FILE]` writes the outlets file (docs/architecture.md shape);
 * `npm run outlets -- import FILE` adds and updates outlets by slug (SPEC CFG-1).
 * Uses DATABASE_URL, or the embedded PostgreSQL of the data directory.
 */
import fs from "node:fs/promises";
import { openDatabase } from "../db/client";
import { exportOutlets, importOutlets } from "../db/outlets";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { readOutletsFile, serializeOutlets } from "../lib/outlets-file";
import { parseCommandLine } from "./command-line";

const usage = `usage: npm run outlets -- export [--yaml] [FILE] | import FILE
  export [FILE]  write the outlets file (JSON, or YAML when FILE ends in .yaml/.yml) to FILE or standard output
  --yaml         export as YAML
  import FILE    add and update outlets by slug from FILE
  -h, --help     print this help
Uses DATABASE_URL, or the embedded PostgreSQL of the data directory.`;

async function main(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandLine(usage, { args, allowPositionals: true, options: { yaml: { type: "boolean" } } });
  const [command, ...rest] = positionals;
  if (command !== "export" && command !== "import") throw new Error(usage);
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
  const database = await openDatabase(config, { maxConnections: 2 });
  try {
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
  () => process.exit(0),
  (error: unknown) => exitWithError("outlets", error),
);
