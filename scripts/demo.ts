/**
 * `npm run demo` (SPEC OPS-3): the whole product against the simulated web, with no
 * internet. Starts the simulator on loopback, then `npm start` with the simulator's
 * outlets, the resolve override pointing at it, every other host refused, and its own
 * data directory (./data-demo), so demo data never mixes with a real installation.
 * Open the printed address: outlets, robots.txt fetches and front pages arrive within
 * a minute. Ctrl-C stops both.
 *
 * `npm run demo -- --speed N` runs the simulated web, the worker and the site's "now" on one
 * clock N times faster than real time (from the moment the demo starts), so a day of news
 * passes in 24/N hours. Pacing stays 3–5 s of that clock, as it is for any outlet.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { scaledClock } from "../lib/clock";
import { parseCommandLine } from "./command-line";
import { demoClockStart, lastReached, rememberReached } from "./demo-clock";
import { startSimulatedWeb, writeSimOutletsFile } from "../tests/sim/index";

const USAGE = `usage: npm run demo -- [--speed N]
The whole product against a simulated web on loopback, with no internet; data in ./data-demo
(or HEMEROSCOPIO_DATA_DIR). Open the printed address; Ctrl-C stops it.
  --speed N   run the simulated web, the worker and the site's clock N times faster than
              real time, 1 to 1000 (default 1): at 60, a day of news passes in 24 minutes
  -h, --help  print this help`;

/** `--speed N`: how many times faster than real time the demo's clock runs (1 to 1,000). */
function speedOf(args: string[]): number {
  const { values } = parseCommandLine(USAGE, { args, options: { speed: { type: "string", default: "1" } } });
  const speed = Number(values.speed);
  if (!Number.isFinite(speed) || speed < 1 || speed > 1_000)
    throw new Error(`--speed takes a number from 1 to 1000, not ${JSON.stringify(values.speed)}`);
  return speed;
}

async function main(): Promise<void> {
  const speed = speedOf(process.argv.slice(2));
  // Its own data directory (./data-demo unless one is given), so demo data never mixes with a real installation.
  const dataDir = path.resolve(process.env.HEMEROSCOPIO_DATA_DIR || "data-demo");
  await fs.mkdir(dataDir, { recursive: true });
  const start = demoClockStart(speed, Date.now(), await lastReached(dataDir));
  if ("refused" in start) throw new Error(start.refused);
  const { origin } = start;
  const clock = scaledClock(speed, origin);
  const sim = await startSimulatedWeb({ clock, port: 0 });
  const outletsFile = path.join(dataDir, "sim-outlets.json");
  await writeSimOutletsFile(outletsFile, undefined, sim.outlets);
  process.stdout.write(`demo: simulated web with ${sim.outlets.length} outlets on ${sim.url}${speed > 1 ? `, time ×${speed}` : ""}\n`);

  const child = spawn(process.execPath, ["scripts/runtime/launch.mjs", "start"], {
    stdio: "inherit",
    env: {
      MALLOC_ARENA_MAX: "2", // as `npm start` runs it (package.json)
      ...process.env,
      HEMEROSCOPIO_DATA_DIR: dataDir,
      HEMEROSCOPIO_OUTLETS: outletsFile,
      HEMEROSCOPIO_RESOLVE: sim.resolveRule,
      HEMEROSCOPIO_ONLY_RESOLVED: "true",
      HEMEROSCOPIO_TIME_SCALE: String(speed),
      HEMEROSCOPIO_TIME_ORIGIN: String(origin),
      DATABASE_URL: "",
    },
  });
  const stop = () => child.kill("SIGTERM");
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const remember = setInterval(() => void rememberReached(dataDir, clock.now()).catch(() => undefined), 10_000);
  const code = await new Promise<number>((resolve) => child.once("exit", (c) => resolve(c ?? 1)));
  clearInterval(remember);
  await rememberReached(dataDir, clock.now());
  await sim.close();
  process.exit(code);
}

main().catch((error: unknown) => {
  process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
