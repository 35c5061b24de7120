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
  /** Starts a V8 CPU profile of the simulator, to be written into `dir`. */
  profile(dir: string, name: string): void;
  /** Ends the profile (its file is named by `stop`). */
  endProfile(): void;
  /** Stops the server; resolves with its access log, the CPU seconds it used and its profile's file. */
  stop(): Promise<{ log: AccessLogEntry[]; cpuSeconds: number; profileFile?: string }>;
  /** Kills it if it still runs (cleanup after an error). */
  kill(): void;
}

type Message = { type: "ready"; port: number; resolveRule: string } | { type: "stopped"; cpuSeconds: number; profileFile?: string };

/**
 * Start `outlets` simulated outlets (named, then generated) writing their access log to
 * `accessLogPath`; on the real clock, or on a scaled one (`time`, as the worker's);
 * `crawlDelay` (seconds) goes into every host's robots.txt; `publishing` is the share of its
 * usual rate each outlet publishes.
 */
export async function startSimProcess(
  outlets: number,
  accessLogPath: string,
  time?: { scale: number; origin: number },
  o: { crawlDelay?: number; publishing?: number } = {},
): Promise<SimProcess> {
  const args = [String(outlets), accessLogPath, ...(time ? [String(time.scale), String(time.origin)] : [])];
  const env = {
    ...process.env,
    ...(o.crawlDelay !== undefined ? { SIM_CRAWL_DELAY_S: String(o.crawlDelay) } : {}),
    ...(o.publishing !== undefined ? { SIM_PUBLISHING: String(o.publishing) } : {}),
  };
  const child = fork(entry, args, { execArgv: ["--import", "tsx"], env, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const next = (type: Message["type"]) =>
    new Promise<Message>((resolve, reject) => {
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
    profile(dir, name) {
      child.send({ type: "profile", dir, name });
    },
    endProfile() {
      child.send({ type: "profile-end" });
    },
    async stop() {
      const stopped = next("stopped");
      child.send({ type: "stop" });
      const done = await stopped;
      const text = await fs.readFile(accessLogPath, "utf8");
      const log = text
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AccessLogEntry);
      return done.type === "stopped"
        ? { log, cpuSeconds: done.cpuSeconds, profileFile: done.profileFile }
        : { log, cpuSeconds: Number.NaN };
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
}
