/**
 * `npm run demo` (SPEC OPS-3): the whole product against the simulated web, with no
 * internet. Starts the simulator on loopback, then `npm start` with the simulator's
 * outlets, the resolve override pointing at it, every other host refused, and its own
 * data directory (./data-demo), so demo data never mixes with a real installation.
 * Open the printed address: outlets, robots.txt fetches and front pages arrive within
 * a minute. Ctrl-C stops both.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { loadConfig } from "../lib/config";
import { realClock, startSimulatedWeb, writeSimOutletsFile } from "../tests/sim/index";

/** `HEMEROSCOPIO_DATA_DIR` when set (tests), else `./data-demo`. */
function demoDataDir(): string {
  return process.env.HEMEROSCOPIO_DATA_DIR || "data-demo";
}

async function main(): Promise<void> {
  const sim = await startSimulatedWeb({ clock: realClock, port: 0 });
  // Its own data directory, so demo data never mixes with a real installation.
  const dataDir = path.resolve(loadConfig({ HEMEROSCOPIO_DATA_DIR: demoDataDir() }).dataDir);
  const outletsFile = path.join(dataDir, "sim-outlets.json");
  await import("node:fs/promises").then((fs) => fs.mkdir(dataDir, { recursive: true }));
  await writeSimOutletsFile(outletsFile, undefined, sim.outlets);
  process.stdout.write(`demo: simulated web with ${sim.outlets.length} outlets on ${sim.url}\n`);

  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      HEMEROSCOPIO_DATA_DIR: dataDir,
      HEMEROSCOPIO_OUTLETS: outletsFile,
      HEMEROSCOPIO_RESOLVE: sim.resolveRule,
      HEMEROSCOPIO_ONLY_RESOLVED: "true",
      DATABASE_URL: "",
    },
  });
  const stop = () => child.kill("SIGTERM");
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const code = await new Promise<number>((resolve) => child.once("exit", (c) => resolve(c ?? 1)));
  await sim.close();
  process.exit(code);
}

main().catch((error: unknown) => {
  process.stderr.write(`demo: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
