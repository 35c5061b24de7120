/**
 * Keep a child Node.js process running: `npm start` supervises the site and the worker
 * this way, and the site its renderers. A child that exits is started again after a
 * back-off (1 s doubling to 30 s, back to 1 s once it had run a minute); every child
 * preloads exit-with-parent.cjs, so it stops by itself if its supervisor is killed outright.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { Logger } from "../lib/log";

const exitWithParent = path.resolve("scripts", "exit-with-parent.cjs");

/** A child kept running until `stop()`. */
export interface Supervised {
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  /** A message the current child sent over its IPC channel. */
  onMessage?: (message: unknown) => void;
  /** The current child exited (before a restart, or for good on `stop()`). */
  onExit?: () => void;
}

/** Run `node <args>` as `name` until stopped; `stop()` sends SIGTERM, then SIGKILL after 20 s. */
export function supervise(name: string, args: string[], env: NodeJS.ProcessEnv, log: Logger, options: SuperviseOptions = {}): Supervised {
  let child: ChildProcess | undefined;
  let stopping = false;
  let failures = 0;
  let restart: NodeJS.Timeout | undefined;
  const launch = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, ["--require", exitWithParent, ...args], { env, stdio: ["ignore", "inherit", "inherit", "ipc"] });
    if (options.onMessage) child.on("message", options.onMessage);
    child.on("exit", (code, signal) => {
      options.onExit?.();
      if (stopping) return;
      failures = Date.now() - startedAt > 60_000 ? 1 : failures + 1;
      const delay = Math.min(30_000, 1000 * 2 ** (failures - 1));
      log.error("child.exited", { child: name, code, signal, restartInMs: delay });
      restart = setTimeout(launch, delay);
    });
  };
  launch();
  return {
    async stop() {
      stopping = true;
      clearTimeout(restart);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((resolve) => current.once("exit", resolve));
      const killer = setTimeout(() => current.kill("SIGKILL"), 20_000);
      current.kill("SIGTERM");
      await exited;
      clearTimeout(killer);
    },
  };
}
