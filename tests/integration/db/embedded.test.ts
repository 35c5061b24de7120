import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedServer } from "../../../db/embedded";

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-embedded-"));
  await fs.chmod(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/** Start the embedded server in a child process, then kill that process with SIGKILL. */
async function startInChildAndKill(dir: string): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/embedded-child.ts", dir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /READY \w+ (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`child exited ${code}`)));
  });
  child.kill("SIGKILL");
  await new Promise((r) => child.once("exit", r));
  return url;
}

async function query<T extends object>(url: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end();
  }
}

afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe("embedded PostgreSQL", () => {
  it("OPS-6: runs sized for a small server: 32 MB of shared buffers and no I/O worker processes", async () => {
    const dir = await tempDir();
    const server = await startEmbeddedPostgres(dir);
    try {
      const [settings] = await query(
        server.url,
        (sql) => sql<{ shared_buffers: string; io_method: string; io_workers: number }[]>`
        select current_setting('shared_buffers') as shared_buffers, current_setting('io_method') as io_method,
          (select count(*)::int from pg_stat_activity where backend_type = 'io worker') as io_workers`,
      );
      expect(settings).toEqual({ shared_buffers: "32MB", io_method: "sync", io_workers: 0 });
    } finally {
      await server.stop();
    }
  });

  it("OPS-1: starts on a loopback port under the data directory and keeps data across a stop and start", async () => {
    const dir = await tempDir();
    const first = await startEmbeddedPostgres(dir);
    expect(first.owned).toBe(true);
    expect(first.url).toMatch(/@127\.0\.0\.1:\d+\/hemeroscopio$/);
    await query(first.url, (sql) => sql`create table kept (n int); insert into kept values (42)`.simple());
    await first.stop();
    const second = await startEmbeddedPostgres(dir);
    const rows = await query(second.url, (sql) => sql`select n from kept`);
    expect(rows).toEqual([{ n: 42 }]);
    await second.stop();
  });

  it("OPS-1: a second process on the same data directory reuses the running server and does not stop it", async () => {
    const dir = await tempDir();
    const owner = await startEmbeddedPostgres(dir);
    const guest: EmbeddedServer = await startEmbeddedPostgres(dir);
    // Same process id here, so simulate another process by checking the port is shared.
    expect(new URL(guest.url).port).toBe(new URL(owner.url).port);
    await owner.stop();
  });

  it("OPS-1: after its starter was killed with SIGKILL, the server is adopted and its data is intact", async () => {
    const dir = await tempDir();
    const url = await startInChildAndKill(dir);
    await query(url, (sql) => sql`create table survived (n int); insert into survived values (7)`.simple());
    const adopted = await startEmbeddedPostgres(dir);
    expect(adopted.owned).toBe(true);
    expect(await query(adopted.url, (sql) => sql`select n from survived`)).toEqual([{ n: 7 }]);
    await adopted.stop();
    await expect(fs.stat(path.join(dir, "postgres", "postmaster.pid"))).rejects.toThrow();
  });

  it("OPS-1: after PostgreSQL itself was killed with SIGKILL (stale postmaster.pid), it starts again with its data", async () => {
    const dir = await tempDir();
    const server = await startEmbeddedPostgres(dir);
    await query(server.url, (sql) => sql`create table before_crash (n int); insert into before_crash values (1)`.simple());
    const pid = Number((await fs.readFile(path.join(dir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0]);
    process.kill(pid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 500));
    await expect(fs.stat(path.join(dir, "postgres", "postmaster.pid"))).resolves.toBeTruthy();
    const restarted = await startEmbeddedPostgres(dir);
    expect(await query(restarted.url, (sql) => sql`select n from before_crash`)).toEqual([{ n: 1 }]);
    await restarted.stop();
  });

  it("OPS-1: as a normal (non-root) user it runs PostgreSQL as that user", async () => {
    const dir = await tempDir();
    const asRoot = process.getuid?.() === 0;
    // As root, run the starter as "nobody" to prove the non-root path; otherwise we already are one.
    const identity = asRoot ? { uid: 65534, gid: 65534 } : {};
    if (asRoot) await fs.chown(dir, 65534, 65534);
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/embedded-child.ts", dir], {
      ...identity,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, HOME: dir },
    });
    let output = "";
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        output += d.toString();
        const m = /READY \w+ (\S+)/.exec(output);
        if (m) resolve(m[1]!);
      });
      child.on("exit", (code) => reject(new Error(`child exited ${code}: ${output}`)));
    });
    const owner = await query(url, (sql) => sql`select current_setting('data_directory') as dir`);
    expect(owner[0]!.dir).toBe(path.join(dir, "postgres"));
    const pid = Number((await fs.readFile(path.join(dir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0]);
    const uid = Number((await fs.readFile(`/proc/${pid}/status`, "utf8")).match(/^Uid:\s+(\d+)/m)![1]);
    expect(uid).toBe(asRoot ? 65534 : process.getuid!());
    child.kill("SIGKILL");
    process.kill(pid, "SIGTERM");
  });
});
