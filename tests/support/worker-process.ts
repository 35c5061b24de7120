/**
 * The worker as its own process (crawler/main.ts, as `npm run worker` runs it) against a
 * test database and the simulated web, on a scaled clock. Used by the tests that run
 * several workers, kill them and start them again.
 */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** What every worker of a simulated crawl is started with. */
export interface SimulatedWorkerEnv {
  databaseUrl: string;
  /** The simulated web's `HEMEROSCOPIO_RESOLVE` rule (the only hosts the worker may reach). */
  resolveRule: string;
  dataDir: string;
  scale: number;
  origin?: number;
  logLevel?: "debug" | "info" | "warn" | "error";
  /** Further variables (budgets, intervals). */
  extra?: Record<string, string>;
}

/** The worker's environment for a simulated crawl. */
export function simulatedWorkerEnv(o: SimulatedWorkerEnv): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: o.databaseUrl,
    HEMEROSCOPIO_RESOLVE: o.resolveRule,
    HEMEROSCOPIO_ONLY_RESOLVED: "true",
    HEMEROSCOPIO_DATA_DIR: o.dataDir,
    HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
    HEMEROSCOPIO_TIME_SCALE: String(o.scale),
    ...(o.origin !== undefined ? { HEMEROSCOPIO_TIME_ORIGIN: String(o.origin) } : {}),
    ...(o.logLevel ? { HEMEROSCOPIO_LOG_LEVEL: o.logLevel } : {}),
    ...o.extra,
  };
}

/** Start one worker process; its stdout and stderr go where `stdio` says. */
export function spawnWorker(env: NodeJS.ProcessEnv, stdio: StdioOptions = ["ignore", "ignore", "inherit"]): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "crawler/main.ts"], { cwd: ROOT, env, stdio });
}

/** True once the process has exited. */
export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Send `signal` to every worker still running and wait until all have exited. */
export async function stopWorkers(children: readonly ChildProcess[], signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (hasExited(child)) return resolve(undefined);
          child.once("exit", resolve);
          child.kill(signal);
        }),
    ),
  );
}
