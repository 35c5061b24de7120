/**
 * The worker as its own process (crawler/main.ts, as `npm run worker` runs it) against a
 * database and the simulated web, on a scaled clock; stopped with SIGTERM like a deploy.
 */
import { simulatedWorkerEnv, spawnWorker } from "../../support/worker-process";
import { productEnv } from "./product-env";

/** A running worker process. */
export interface WorkerProcess {
  pid: number;
  stop(): Promise<{ code: number | null; exitedEarly: boolean }>;
}

/** Start a worker on `databaseUrl`, resolving the simulated hosts with `resolveRule`. */
export function startWorkerProcess(o: {
  databaseUrl: string;
  resolveRule: string;
  dataDir: string;
  scale: number;
  origin: number;
}): WorkerProcess {
  const child = spawnWorker(
    simulatedWorkerEnv({
      databaseUrl: o.databaseUrl,
      resolveRule: o.resolveRule,
      dataDir: o.dataDir,
      scale: o.scale,
      origin: o.origin,
      logLevel: "warn",
      extra: productEnv(),
    }),
  );

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
