/**
 * `npm start` stopped by SIGTERM to its whole process group (what a terminal's Ctrl-C, a
 * service manager or a container runtime does) leaves no embedded PostgreSQL behind (OPS-1),
 * even when the signal arrives while the database is still starting. The test starts `npm start` on a fresh data
 * directory, signals the group as soon as the product logs its database running, and waits for
 * the product to exit: no process of that data directory's cluster may survive it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "hemeroscopio-stop-"));
fs.chmodSync(dataDir, 0o755);
const cluster = path.join(dataDir, "postgres");

/** PIDs of the processes whose command line names `cluster` (the postmaster and its backends). */
function clusterProcesses(): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = (() => {
      try {
        return fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ");
      } catch {
        return "";
      }
    })();
    if (cmdline.includes(cluster)) found.push(Number(entry));
  }
  return found;
}

/** This process's environment without an outlets file: the product starts with none. */
function withoutOutlets(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.HEMEROSCOPIO_OUTLETS;
  return env;
}

/** True while `pid` runs (a zombie, dead but not yet reaped, does not). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

afterAll(() => {
  // Whatever the outcome, nothing of this test is left running.
  for (const pid of clusterProcesses()) process.kill(pid, "SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start stopped by its process group (OPS-1)", () => {
  it("OPS-1: SIGTERM to the group while the database starts leaves no PostgreSQL of its data directory running", async () => {
    const product = spawn("npm", ["start"], {
      detached: true, // its own process group, as a terminal gives it
      env: {
        ...withoutOutlets(),
        DATABASE_URL: "",
        DATABASE_READ_URL: "",
        NODE_OPTIONS: "",
        PORT: String(20_000 + Math.floor(Math.random() * 20_000)),
        HEMEROSCOPIO_DATA_DIR: dataDir,
        HEMEROSCOPIO_WORKER: "off",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => product.once("exit", (code) => resolve(code)));
    const databaseUp = new Promise<void>((resolve) => {
      let rest = "";
      product.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop()!;
        for (const line of lines)
          if (
            /"component":"start"/.test(line) &&
            /"event":"database"/.test(line) &&
            /PostgreSQL (started|running)|using|adopting/.test(line)
          )
            resolve();
      });
    });
    await Promise.race([
      databaseUp,
      exited.then((code) => Promise.reject(new Error(`npm start exited (${code}) before its database ran`))),
    ]);
    expect(clusterProcesses().length).toBeGreaterThan(0);
    const lockFile = path.join(dataDir, "start.pid");
    const starter = Number(fs.readFileSync(lockFile, "utf8"));
    process.kill(-product.pid!, "SIGTERM");
    await exited;
    // npm may exit before the product it ran has finished stopping: wait for that process too.
    await vi.waitFor(() => expect(alive(starter)).toBe(false), { timeout: 90_000, interval: 100 });
    expect(clusterProcesses()).toEqual([]);
    expect(fs.existsSync(lockFile)).toBe(false);
  });
});
