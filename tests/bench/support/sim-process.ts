/**
 * Runs the simulated web (tests/sim) in a child process on loopback and gives back its
 * access log (JSONL, read after it closed) and its CPU time.
 */
import { fork } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AccessLogEntry } from "../../sim/access-log";

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), "sim-child.ts");

/** A simulated web running in its own process. */
export interface SimProcess {
  pid: number;
  port: number;
  /** For `HEMEROSCOPIO_RESOLVE`. */
  resolveRule: string;
  /** Stops the server; resolves with its access log and the CPU seconds it used. */
  stop(): Promise<{ log: AccessLogEntry[]; cpuSeconds: number }>;
  /** Kills it if it still runs (cleanup after an error). */
  kill(): void;
}

type Message = { type: "ready"; port: number; resolveRule: string } | { type: "stopped"; cpuSeconds: number };

/** Start `outlets` simulated outlets (named, then generated) writing their access log to `accessLogPath`. */
export async function startSimProcess(outlets: number, accessLogPath: string): Promise<SimProcess> {
  const child = fork(entry, [String(outlets), accessLogPath], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const next = (type: Message["type"]) => new Promise<Message>((resolve, reject) => {
    const onMessage = (m: Message) => {
      if (m.type !== type) return;
      child.off("message", onMessage);
      child.off("exit", onExit);
      resolve(m);
    };
    const onExit = (code: number | null) => reject(new Error(`the simulator exited (${code}) before "${type}"`));
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
  const ready = await next("ready");
  if (ready.type !== "ready") throw new Error("unreachable");
  return {
    pid: child.pid!,
    port: ready.port,
    resolveRule: ready.resolveRule,
    async stop() {
      const stopped = next("stopped");
      child.send({ type: "stop" });
      const done = await stopped;
      const text = await fs.readFile(accessLogPath, "utf8");
      const log = text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as AccessLogEntry);
      return { log, cpuSeconds: done.type === "stopped" ? done.cpuSeconds : Number.NaN };
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}
