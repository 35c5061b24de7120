/**
 * The worker as its own process (crawler/main.ts, as `npm run worker` runs it) against a
 * database and the simulated web, on a scaled clock; stopped with SIGTERM like a deploy.
 */
import { spawn } from "node:child_process";
import { productEnv } from "./product-env";

/** A running worker process. */
export interface WorkerProcess { pid: number; stop(): Promise<{ code: number | null; exitedEarly: boolean }> }

/** Start a worker on `databaseUrl`, resolving the simulated hosts with `resolveRule`. */
export function startWorkerProcess(o: { databaseUrl: string; resolveRule: string; dataDir: string; scale: number; origin: number }): WorkerProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "crawler/main.ts"], {
    env: {
      ...process.env, ...productEnv(), DATABASE_URL: o.databaseUrl, HEMEROSCOPIO_RESOLVE: o.resolveRule, HEMEROSCOPIO_ONLY_RESOLVED: "true",
      HEMEROSCOPIO_DATA_DIR: o.dataDir, HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example", HEMEROSCOPIO_LOG_LEVEL: "warn",
      HEMEROSCOPIO_TIME_SCALE: String(o.scale), HEMEROSCOPIO_TIME_ORIGIN: String(o.origin),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return {
    pid: child.pid!,
    async stop() {
      const exitedEarly = child.exitCode !== null || child.signalCode !== null;
      if (!exitedEarly) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
        await exited;
        clearTimeout(timer);
      }
      return { code: child.exitCode, exitedEarly };
    },
  };
}
