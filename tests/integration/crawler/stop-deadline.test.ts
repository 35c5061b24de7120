/**
 * A stopping worker that cannot finish its step still exits (SPEC ROB-2): its database
 * accepts the connection and never answers, so no step can end; SIGTERM ends the process
 * within the grace period all the same.
 */
import net from "node:net";
import os from "node:os";
import path from "node:path";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it } from "vitest";
import { STOP_GRACE_MS } from "../../../crawler/stop-deadline";
import { hasExited, spawnWorker } from "../../support/worker-process";

const sockets: net.Socket[] = [];
const silent = net.createServer((socket) => void sockets.push(socket)); // accepts, reads nothing, answers nothing
const dirs: string[] = [];

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => silent.close(r));
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

it("ROB-2: a worker whose database never answers exits on SIGTERM within the grace period", async () => {
  await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
  const port = (silent.address() as AddressInfo).port;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-stop-"));
  dirs.push(dataDir);
  const child = spawnWorker({
    ...process.env,
    DATABASE_URL: `postgres://hemeroscopio@127.0.0.1:${port}/hemeroscopio`,
    HEMEROSCOPIO_DATA_DIR: dataDir,
    HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
    HEMEROSCOPIO_RESOLVE: "*=127.0.0.1:9",
    HEMEROSCOPIO_ONLY_RESOLVED: "true",
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    // Wait until the worker is connected to the silent database, stuck in its first step.
    await expect.poll(() => sockets.length, { timeout: 60_000, interval: 100 }).toBeGreaterThan(0);
    expect(hasExited(child)).toBe(false);
    const asked = Date.now();
    child.kill("SIGTERM");
    const code = await exited;
    const took = Date.now() - asked;
    expect(code).toBe(1);
    expect(took).toBeGreaterThanOrEqual(STOP_GRACE_MS - 1_000);
    expect(took).toBeLessThan(STOP_GRACE_MS + 30_000);
  } finally {
    if (!hasExited(child)) child.kill("SIGKILL");
  }
}, 120_000);
