/**
 * What `npm start` and `npm run worker` set for their processes (package.json's scripts),
 * for the benchmarks that start those processes directly: glibc's malloc arenas held to
 * `MALLOC_ARENA_MAX` (2 unless the environment says otherwise). Read from package.json,
 * so the benchmarks measure what the scripts run.
 */
import fs from "node:fs";

const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
const arenas = /MALLOC_ARENA_MAX=\$\{MALLOC_ARENA_MAX:-(\d+)\}/.exec(scripts.worker ?? "")?.[1];

/** Environment entries to add to a worker's or the site's. */
export function productEnv(): Record<string, string> {
  if (arenas === undefined)
    throw new Error("package.json's worker script no longer sets MALLOC_ARENA_MAX: update tests/bench/support/product-env.ts");
  return { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? arenas };
}
