/**
 * `npm run demo` (SPEC OPS-3): with no internet and no configuration, the simulated web,
 * the site and the worker start, and headlines and front-page ranks arrive within a minute.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { freeLoopbackPort } from "../../lib/free-port";
import { afterAll, describe, expect, it } from "vitest";

let child: ChildProcess | undefined;
let dataDir: string;

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((r) => child!.once("exit", r));
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("the demo", () => {
  it("OPS-3: serves the simulated outlets and records headlines and ranks within a minute, offline", async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-demo-"));
    await fs.chmod(dataDir, 0o755);
    const port = await freeLoopbackPort();
    child = spawn(process.execPath, ["--import", "tsx", "scripts/demo.ts"], {
      env: { ...process.env, PORT: String(port), HEMEROSCOPIO_DATA_DIR: dataDir, DATABASE_URL: "" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const started = Date.now();
    let counts = { outlets: 0, headlines: 0, spans: 0 };
    while (Date.now() - started < 90_000) {
      await new Promise((r) => setTimeout(r, 2000));
      const pid = await fs.readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").catch(() => "");
      const health = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => (r.ok ? r.json() : undefined),
        () => undefined,
      );
      if (!pid || !health) continue;
      const password = (await fs.readFile(path.join(dataDir, "postgres-password"), "utf8")).trim();
      const sql = postgres(`postgres://hemeroscopio:${encodeURIComponent(password)}@127.0.0.1:${pid.split("\n")[3]}/hemeroscopio`, {
        max: 1,
      });
      const [row] = await sql<{ outlets: number; headlines: number; spans: number }[]>`
        select (select count(*)::int from outlets) as outlets, (select count(*)::int from headline_versions) as headlines,
               (select count(*)::int from rank_spans) as spans`;
      await sql.end();
      counts = row!;
      if (counts.headlines > 0 && counts.spans > 0) break;
    }
    expect(counts.outlets).toBeGreaterThanOrEqual(30);
    expect(counts.headlines).toBeGreaterThan(0);
    expect(counts.spans).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(90_000);
  }, 150_000);
});
