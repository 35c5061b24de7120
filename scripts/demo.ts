/**
 * `npm run demo` (SPEC OPS-3): the whole product against the simulated web, with no
 * internet. Starts the simulator on loopback, then `npm start` with the simulator's
 * outlets, the resolve override pointing at it, every other host refused, and its own
 * data directory (./data-demo), so demo data never mixes with a real installation.
 * Open the printed address: outlets, robots.txt fetches and front pages arrive within
 * a minute. Ctrl-C stops both.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { realClock, startSimulatedWeb, writeSimOutletsFile } from "../tests/sim/index";

async function main(): Promise<void> {
  const sim = await startSimulatedWeb({ clock: realClock, port: 0 });
  // Its own data directory (./data-demo unless one is given), so demo data never mixes with a real installation.
  const dataDir = path.resolve(process.env.HEMEROSCOPIO_DATA_DIR || "data-demo");
  const outletsFile = path.join(dataDir, "sim-outlets.json");
  await fs.mkdir(dataDir, { recursive: true });
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
