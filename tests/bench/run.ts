/**
 * `npm run bench`: runs every `tests/bench/*.bench.ts` (or those whose file or name
 * contains an argument: `npm run bench -- pacing`) on one PostgreSQL server (embedded
 * in a temporary directory, or DATABASE_URL), and prints their figures next to their
 * bounds. Benchmarks are figures, not tests: a missed bound is printed with ✗ and the
 * exit code stays 0; only an error (a benchmark that could not measure) exits 1.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseCommandLine } from "../../scripts/command-line";
import { exitCleanlyOnInterrupt } from "./support/interrupt";
import { startBenchServer } from "./support/server";
import { renderTable } from "./support/table";
import type { Benchmark, Figure } from "./types";

const here = path.dirname(fileURLToPath(import.meta.url));

const USAGE = `usage: npm run bench -- [NAME...]
Runs every tests/bench/*.bench.ts, or those whose file name contains one of the NAMEs
(npm run bench -- pacing), on one PostgreSQL server (DATABASE_URL's, else an embedded one in
a temporary directory), and prints their figures beside their bounds. A missed bound is
printed with ✗ and still exits 0; a benchmark that could not measure exits 1.
  -h, --help  print this help`;

function isBenchmark(value: unknown): value is Benchmark {
  const m = value as Partial<Benchmark> | null;
  return typeof m?.name === "string" && typeof m.run === "function";
}

async function main(): Promise<number> {
  const filters = parseCommandLine(USAGE, { args: process.argv.slice(2), allowPositionals: true, options: {} }).positionals;
  const files = (await fs.readdir(here)).filter((f) => f.endsWith(".bench.ts")).sort();
  const chosen = files.filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)));
  if (chosen.length === 0) {
    console.error(`no benchmark matches ${filters.join(" ")} (have: ${files.join(", ")})`);
    return 1;
  }
  const progress = (line: string) => process.stderr.write(`[bench] ${line}\n`);
  exitCleanlyOnInterrupt(progress);
  const server = await startBenchServer(process.env.DATABASE_URL);
  progress(server.pid ? `embedded PostgreSQL (pid ${server.pid})` : "PostgreSQL from DATABASE_URL");
  const rows: { bench: string; figures: Figure[]; error?: string }[] = [];
  try {
    for (const file of chosen) {
      let mod: unknown;
      try {
        mod = await import(pathToFileURL(path.join(here, file)).href);
      } catch (error) {
        console.error(error);
        rows.push({
          bench: file,
          figures: [],
          error: `cannot load: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]!}`,
        });
        continue;
      }
      if (!isBenchmark(mod)) {
        rows.push({ bench: file, figures: [], error: "does not export `name` and `run`" });
        continue;
      }
      progress(`${mod.name}: running`);
      const started = performance.now();
      try {
        const figures = await mod.run({
          createDatabase: server.createDatabase,
          postgresPid: server.pid,
          progress: (l) => progress(`${mod.name}: ${l}`),
        });
        rows.push({ bench: mod.name, figures });
      } catch (error) {
        console.error(error);
        rows.push({ bench: mod.name, figures: [], error: (error instanceof Error ? error.message : String(error)).split("\n")[0]! });
      }
      progress(`${mod.name}: done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    await server.stop();
  }
  console.log(renderTable(rows));
  const missed = rows.flatMap((r) => r.figures).filter((f) => f.ok === false).length;
  const errors = rows.filter((r) => r.error !== undefined).length;
  console.log(`\n${rows.length} benchmark(s), ${missed} bound(s) missed (✗), ${errors} error(s)`);
  return errors > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
