/**
 * `npm start` as a newcomer runs it (package.json's command: the compiled runtime, built by
 * its launcher when sources changed): no database configured, then killed with SIGKILL
 * and started again. Uses the built site (the e2e global setup builds it) and a
 * temporary data directory; the outlets come from a small file so nothing leaves loopback.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { freeLoopbackPort } from "../../lib/free-port";
import { processesUnder } from "../bench/support/process-memory";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let dataDir: string;
let port: number;
let outletsFile: string;
const running: ChildProcess[] = [];

function start(extraEnv: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["scripts/runtime/launch.mjs", "start"], {
    env: {
      ...process.env,
      DATABASE_URL: "",
      PORT: String(port),
      HEMEROSCOPIO_DATA_DIR: dataDir,
      HEMEROSCOPIO_OUTLETS: outletsFile,
      HEMEROSCOPIO_RESOLVE: "*.test=127.0.0.1:9",
      ...extraEnv,
    },
    detached: true, // its own process group, so the test can SIGKILL the whole group like a crash would
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  running.push(child);
  return { child, output: () => output };
}

async function healthy(timeoutMs = 120_000): Promise<{ status: string; workers: number; outlets: number }> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const body = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => (r.ok ? r.json() : undefined),
      () => undefined,
    );
    if (body?.status === "ok" && body.workers > 0) return body;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("npm start did not become healthy");
}

async function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

async function postmasterPid(): Promise<number> {
  return Number((await fs.readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/** Whether a process (or, given a negative id, every process of a group) has gone, watched for up to 30 s. */
async function gone(pid: number): Promise<boolean> {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/** Resolves when the run's output matches `pattern` (at most two minutes). */
async function outputSeen(run: { output: () => string }, pattern: RegExp): Promise<void> {
  const until = Date.now() + 120_000;
  while (!pattern.test(run.output())) {
    if (Date.now() > until) throw new Error(`start never printed ${pattern}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-start-"));
  await fs.chmod(dataDir, 0o755);
  port = await freeLoopbackPort();
  outletsFile = path.join(dataDir, "outlets.json");
  await fs.writeFile(
    outletsFile,
    JSON.stringify([
      { slug: "prueba", name: "El Diario de Prueba", homepage: "https://www.prueba.test/", feeds: ["https://www.prueba.test/rss.xml"] },
    ]),
  );
});

afterAll(async () => {
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
  }
  // Stop an embedded server a killed run may have left.
  const pg = await fs.readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").catch(() => "");
  const pid = Number(pg.split("\n")[0]);
  if (pid) process.kill(pid, "SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  it("OPS-1: serves the site and runs the worker on an embedded PostgreSQL, and a second start is refused with one line", async () => {
    const first = start();
    const health = await healthy();
    expect(health).toMatchObject({ status: "ok", database: "ok", outlets: 1 });
    const page = await fetch(`http://127.0.0.1:${port}/bot`);
    expect(page.status).toBe(200);
    // WEB-4: the public pages are served through the page cache: the second read is kept.
    expect(page.headers.get("x-cache")).toBe("MISS");
    expect((await fetch(`http://127.0.0.1:${port}/bot`)).headers.get("x-cache")).toBe("HIT");

    // OPS-6: every process runs compiled JavaScript; none loaded the tsx TypeScript loader.
    const processes = await processesUnder([first.child.pid!]);
    expect(processes.map((p) => p.role)).toEqual(expect.arrayContaining(["supervisor", "site", "renderer", "worker"]));
    expect(processes.filter((p) => p.loadsTsx).map((p) => p.command)).toEqual([]);

    const second = start({ PORT: String(await freeLoopbackPort()) });
    expect(await exited(second.child)).toBe(1);
    expect(second.output().trim()).toMatch(/^start: Hemeroscopio is already running from .* \(pid \d+\)$/);

    // Write through the embedded server, as an operator action would.
    const password = (await fs.readFile(path.join(dataDir, "postgres-password"), "utf8")).trim();
    const pgPort = (await fs.readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[3];
    const sql = postgres(`postgres://hemeroscopio:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/hemeroscopio`, { max: 1 });
    await sql`insert into corrections (day, title, details) values ('2026-11-29', 'Antes del corte', 'Fila escrita antes de SIGKILL')`;
    await sql.end();

    process.kill(-first.child.pid!, "SIGKILL");
    await exited(first.child);
  });

  it("OPS-1: after SIGKILL of the whole process group, starting again works and nothing is lost", async () => {
    const again = start();
    const health = await healthy();
    expect(health.outlets).toBe(1);
    // A new process: its page cache starts empty, so this reads the row written before the kill.
    const html = await fetch(`http://127.0.0.1:${port}/correcciones`).then((r) => r.text());
    expect(html).toContain("Antes del corte");

    process.kill(again.child.pid!, "SIGTERM");
    expect(await exited(again.child)).toBe(0);
    expect(again.output()).toContain('"event":"stopped"');
    // A clean stop leaves no server running and no lock behind.
    await expect(fs.stat(path.join(dataDir, "postgres", "postmaster.pid"))).rejects.toThrow();
    await expect(fs.stat(path.join(dataDir, "start.pid"))).rejects.toThrow();
  });

  it("OPS-1: SIGTERM to the whole process group stops every process, the embedded PostgreSQL included", async () => {
    const run = start();
    await healthy();
    const postmaster = await postmasterPid();
    process.kill(-run.child.pid!, "SIGTERM");
    expect(await exited(run.child)).toBe(0);
    await expect(fs.stat(path.join(dataDir, "postgres", "postmaster.pid"))).rejects.toThrow();
    // PostgreSQL removes its pid file just before it exits: its process goes a moment later.
    expect(await gone(postmaster)).toBe(true);
    expect(await gone(-run.child.pid!)).toBe(true);
  });

  it("OPS-1: SIGTERM to the process group during the start (database up, migrations and children to come) leaves no PostgreSQL behind", async () => {
    const run = start();
    // The embedded server's first line: the signal lands before the site and the worker exist.
    await outputSeen(run, /"event":"database"/);
    process.kill(-run.child.pid!, "SIGTERM");
    expect(await exited(run.child)).toBe(0);
    await expect(fs.stat(path.join(dataDir, "postgres", "postmaster.pid"))).rejects.toThrow();
    expect(await gone(-run.child.pid!)).toBe(true);
  });

  it("OPS-1: a bad configuration value stops the start with one clear line", async () => {
    const bad = start({ PORT: "eighty" });
    expect(await exited(bad.child)).toBe(2);
    expect(bad.output().trim().split("\n")).toHaveLength(1);
    expect(bad.output()).toMatch(/^start: Invalid configuration: PORT/);
  });

  it("CFG-1: an unreadable outlets file stops the start with one clear line", async () => {
    const bad = start({ HEMEROSCOPIO_OUTLETS: path.join(dataDir, "missing.yaml") });
    expect(await exited(bad.child)).toBe(2);
    expect(bad.output().trim().split("\n")).toHaveLength(1);
    expect(bad.output()).toMatch(/missing\.yaml/);
  });
});
