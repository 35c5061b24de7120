// `npm start` and `npm run worker` (`node scripts/runtime/launch.mjs start|worker`): compile the
// runtime when its sources changed (build.mjs), then run the compiled entry in this process.
import path from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { buildRuntimeIfNeeded, runtimeDir } from "./build.mjs";

const usage = {
  start: `usage: npm start
The whole product: the site and the crawler worker on one database (embedded PostgreSQL in
the data directory unless DATABASE_URL is set), restarted if they crash. No options: it is
configured by environment variables (HEMEROSCOPIO_DATA_DIR, HEMEROSCOPIO_OUTLETS, PORT...,
listed under "Knobs" in README.md). Ctrl-C stops it.
  -h, --help  print this help`,
  worker: `usage: npm run worker
One more crawler worker beside a running npm start, on the same database (DATABASE_URL or
the data directory's). No options: configured by environment variables like npm start.
  -h, --help  print this help`,
};
const [name, ...args] = process.argv.slice(2);
if (name !== "start" && name !== "worker") {
  process.stderr.write("usage: node scripts/runtime/launch.mjs start|worker [--help]\n");
  process.exit(2);
}
// Help before anything is compiled or started (scripts/command-line.ts does the same for the TypeScript scripts).
const end = args.indexOf("--");
if ((end < 0 ? args : args.slice(0, end)).some((a) => a === "--help" || a === "-h")) {
  process.stdout.write(`${usage[name]}\n`);
  process.exit(0);
}
try {
  await buildRuntimeIfNeeded((line) =>
    process.stdout.write(`${JSON.stringify({ t: new Date().toISOString(), level: "info", component: "launch", event: "build", line })}\n`),
  );
} catch (error) {
  process.stderr.write(`launch: the runtime did not compile: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await import(pathToFileURL(path.resolve(runtimeDir, `${name}.js`)).href);
