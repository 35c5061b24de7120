/**
 * Resource bounds over a long run (issue "Resilience", item 6): the worker process
 * (crawler/main.ts, as `npm start` runs it) crawls 200 simulated outlets for a simulated
 * day on a clock running `scale` times faster, and its resident memory is sampled from
 * /proc. Printed: RSS at the start (after the first simulated hour, once every site was
 * met) and at the end, the peak, and the growth per simulated hour over the last 20 hours,
 * with the request count and pacing violations (0) for context.
 *
 * Knobs: BENCH_SOAK_OUTLETS (200), BENCH_SOAK_HOURS (24), BENCH_SOAK_SCALE (600).
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { importOutlets } from "../../db/queries/outlets";
import { scaledClock } from "../../lib/clock";
import { parseOutletsFile } from "../../lib/outlets-file";
import { startSimulatedWeb, toOutletsFile } from "../sim/index";
import { pacingViolations } from "../support/access-log-checks";
import { exactly, figure, type BenchContext, type Figure } from "./types";

export const name = "soak: worker memory over a simulated day";

const one = (v: string | undefined, fallback: number) => (v && Number(v) > 0 ? Number(v) : fallback);
const HOUR = 3_600_000;

/** Resident set size of a process in MiB, from /proc (undefined once it has exited). */
async function rssMiB(pid: number): Promise<number | undefined> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const outlets = one(process.env.BENCH_SOAK_OUTLETS, 200);
  const hours = one(process.env.BENCH_SOAK_HOURS, 24);
  const scale = one(process.env.BENCH_SOAK_SCALE, 600);
  const origin = Date.now();
  const clock = scaledClock(scale, origin);
  const sim = await startSimulatedWeb({ clock, outlets });
  const database = await ctx.createDatabase({ maxConnections: 4 });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-soak-"));
  await fs.chmod(dataDir, 0o755);
  try {
    await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(sim.outlets)), "sim.json"));
    await database.db.execute(sql`insert into app_state (key, value) values ('default-outlets-imported', '{}') on conflict do nothing`);
    const worker = spawn(process.execPath, ["--import", "tsx", "crawler/main.ts"], {
      env: {
        ...process.env, DATABASE_URL: database.url, HEMEROSCOPIO_RESOLVE: sim.resolveRule, HEMEROSCOPIO_ONLY_RESOLVED: "true",
        HEMEROSCOPIO_DATA_DIR: dataDir, HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example", HEMEROSCOPIO_LOG_LEVEL: "warn",
        HEMEROSCOPIO_TIME_SCALE: String(scale), HEMEROSCOPIO_TIME_ORIGIN: String(origin),
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const samples: { hour: number; mib: number }[] = [];
    const end = origin + hours * HOUR;
    ctx.progress(`${outlets} outlets, ${hours} simulated hours at ${scale}× (${((hours * HOUR) / scale / 60_000).toFixed(1)} real minutes)`);
    while (clock.now() < end && worker.exitCode === null) {
      await new Promise((r) => setTimeout(r, 2_000));
      const mib = await rssMiB(worker.pid!);
      if (mib === undefined) break;
      const hour = (clock.now() - origin) / HOUR;
      samples.push({ hour, mib });
      if (samples.length % 15 === 0) ctx.progress(`  hour ${hour.toFixed(1)}: RSS ${mib.toFixed(0)} MiB`);
    }
    const exited = worker.exitCode !== null;
    await new Promise((resolve) => {
      if (worker.exitCode !== null) return resolve(undefined);
      worker.once("exit", resolve);
      worker.kill("SIGTERM");
    });
    await sim.idle();
    const log = sim.accessLog();
    const at = (hour: number) => samples.find((s) => s.hour >= hour) ?? samples[samples.length - 1]!;
    const start = at(1);
    const last = samples[samples.length - 1]!;
    const tail = samples.filter((s) => s.hour >= hours - 20);
    const slope = tail.length > 1 ? (tail[tail.length - 1]!.mib - tail[0]!.mib) / Math.max(1e-9, tail[tail.length - 1]!.hour - tail[0]!.hour) : Number.NaN;
    return [
      figure(`${outlets} outlets: worker RSS after the first simulated hour`, Math.round(start.mib), "MiB"),
      figure(`${outlets} outlets: worker RSS at simulated hour ${last.hour.toFixed(0)}`, Math.round(last.mib), "MiB"),
      figure(`${outlets} outlets: worker RSS peak`, Math.round(Math.max(...samples.map((s) => s.mib))), "MiB"),
      figure(`${outlets} outlets: RSS growth per simulated hour over the last 20 h`, Math.round(slope * 10) / 10, "MiB/h"),
      figure(`${outlets} outlets: requests in the run`, log.length, "requests"),
      figure(`${outlets} outlets: pacing violations`, pacingViolations(log, 3000).length, "pairs", exactly(0)),
      figure(`${outlets} outlets: worker exited before the end`, exited ? 1 : 0, "", exactly(0)),
    ];
  } finally {
    await sim.close();
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
