/**
 * What an interrupted bench run (Ctrl-C, SIGTERM) must still stop. The embedded PostgreSQL
 * servers run as daemons outside the terminal's process group: without this they outlive the
 * run, with their temporary data directories.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const stops = new Set<() => Promise<void>>();

/**
 * `stop`, to be called when its work is done, and run too if the run is interrupted before:
 * whichever comes first runs it, once.
 */
export function stopAlsoOnInterrupt(stop: () => Promise<unknown>): () => Promise<void> {
  let ran: Promise<void> | undefined;
  const once = () => {
    stops.delete(once);
    ran ??= stop().then(() => undefined);
    return ran;
  };
  stops.add(once);
  return once;
}

/** On SIGINT or SIGTERM: run every registered stop (newest first), then exit with 128 + the signal's number; a second signal exits at once. */
export function exitCleanlyOnInterrupt(log: (line: string) => void): void {
  let interrupted = false;
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.on(signal, () => {
      if (interrupted) process.exit(code); // a second one: now, whatever is left
      interrupted = true;
      log(`${signal}: stopping what the run started before exiting (again to exit at once)`);
      // The benchmark's own work is cut short under it (a client writing to a server just
      // stopped): its errors now are expected, and must not end the process before the stops.
      process.on("uncaughtException", (error) => log(`while stopping: ${error.message}`));
      process.on("unhandledRejection", (error) => log(`while stopping: ${String(error)}`));
      void (async () => {
        // Newest first, looking again each time: a stop may run others itself.
        for (let stop = [...stops].at(-1); stop; stop = [...stops].at(-1)) {
          await stop().catch((error: unknown) => log(`could not stop a server: ${String(error)}`));
        }
        process.exit(code);
      })();
    });
  }
}

/** A fresh directory under the system's temporary one, removed by `remove()` or when the run is interrupted. */
export async function temporaryDirectory(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  return { path: dir, remove: stopAlsoOnInterrupt(() => fs.rm(dir, { recursive: true, force: true })) };
}
