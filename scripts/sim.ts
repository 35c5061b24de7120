/**
 * `npm run sim`: the simulated web on loopback, in real time, for the demo and for
 * poking at by hand. Usage:
 *   tsx scripts/sim.ts [--port 8081] [--seed 1] [--outlets 30] [--access-log FILE] [--outlets-file FILE]
 * A bare number is taken as the port. Runs until SIGINT/SIGTERM, then closes cleanly.
 */
import { realClock, startSimulatedWeb, writeSimOutletsFile } from "../tests/sim/index";
import { parseCommandLine } from "./command-line";

const USAGE = `usage: npm run sim -- [--port N] [--seed N] [--outlets N] [--access-log FILE] [--outlets-file FILE]
The simulated web on loopback, in real time, until Ctrl-C. A bare number is taken as the port.
  --port N             port to listen on (default 8081; 0 picks a free one)
  --seed N             seed of the invented outlets and their news (default 1)
  --outlets N          how many outlets (default 30)
  --access-log FILE    append every request to FILE
  --outlets-file FILE  write the outlets file that points the product at them
  -h, --help           print this help`;

function integer(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a non-negative integer, got "${value}"`);
  return n;
}

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine(USAGE, {
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      port: { type: "string" },
      seed: { type: "string" },
      outlets: { type: "string" },
      "access-log": { type: "string" },
      "outlets-file": { type: "string" },
    },
  });
  const port = integer(values.port ?? positionals[0], "port", 8081);
  const sim = await startSimulatedWeb({
    clock: realClock,
    port,
    seed: integer(values.seed, "seed", 1),
    outlets: integer(values.outlets, "outlets", 30),
    accessLogPath: values["access-log"],
  });
  const outletsFile = values["outlets-file"];
  if (outletsFile) await writeSimOutletsFile(outletsFile, undefined, sim.outlets);

  console.log(`Simulated web: ${sim.outlets.length} outlets on ${sim.url}`);
  console.log(`HEMEROSCOPIO_RESOLVE=${sim.resolveRule}`);
  if (outletsFile) console.log(`HEMEROSCOPIO_OUTLETS=${outletsFile}`);
  console.log(`Try: curl -H 'Host: ${sim.outlets[0]?.hosts.www ?? "www.diarioprueba.test"}' ${sim.url}/`);

  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing the simulated web`);
    sim.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
