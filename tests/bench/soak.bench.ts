/**
 * Resource bounds over a long run: the worker process
 * (crawler/main.ts, as `npm run worker` runs it: compiled, with package.json's MALLOC_ARENA_MAX
 * and V8 flags, see RSS_SLOPE_BOUND) crawls 500 simulated outlets for two simulated days on a clock running
 * `scale` times faster (48 real minutes), and its resident memory is sampled from /proc.
 * Printed: RSS at the start (after the first simulated hour, once every site was met), at
 * hour 24 and at the end, the peak, and the growth per simulated hour over the last 20 hours,
 * with the request count and pacing violations (0) for context. RSS also follows how V8
 * sizes its heap, so the worker runs with `--expose-gc` and its memory probe
 * (crawler/memory-probe.ts): the heap in use after a full collection, sampled every
 * BENCH_SOAK_PROBE_S real seconds, is what the live data weighs; its growth per simulated
 * hour is read against a bound.
 *
 * Knobs: BENCH_SOAK_OUTLETS (500), BENCH_SOAK_HOURS (48), BENCH_SOAK_SCALE (60; faster, the
 * worker's once-a-minute housekeeping outgrows 2 cores), BENCH_SOAK_PROBE_S (20),
 * BENCH_SOAK_NODE_FLAGS (more flags for the worker's node, e.g. V8's), BENCH_SOAK_SAMPLES (a
 * file to write the RSS samples and probes to, as JSON).
 */
import { spawn } from "node:child_process";
import readline from "node:readline";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { buildRuntimeIfNeeded, runtimeDir } from "../../scripts/runtime/build.mjs";
import { entryFlags } from "../../scripts/runtime/entry";
import { importOutlets } from "../../db/outlets";
import { scaledClock } from "../../lib/clock";
import { parseOutletsFile } from "../../lib/outlets-file";
import { startSimulatedWeb, toOutletsFile } from "../sim/index";
import { pacingViolations } from "../support/access-log-checks";
import { temporaryDirectory } from "./support/interrupt";
import { treeCpuSeconds } from "./support/proc-cpu";
import { productEnv } from "./support/product-env";
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

/** Growth per simulated hour of `samples` from `fromHour` on: the least-squares slope (NaN with fewer than two). */
function slopePerHour(samples: { hour: number; mib: number }[], fromHour: number): number {
  const tail = samples.filter((s) => s.hour >= fromHour);
  if (tail.length < 2) return Number.NaN;
  const mean = (f: (s: { hour: number; mib: number }) => number) => tail.reduce((sum, s) => sum + f(s), 0) / tail.length;
  const h = mean((s) => s.hour);
  const m = mean((s) => s.mib);
  const covariance = mean((s) => (s.hour - h) * (s.mib - m));
  const variance = mean((s) => (s.hour - h) ** 2);
  return variance > 0 ? covariance / variance : Number.NaN;
}

/** One `worker.memory` line of the worker (crawler/memory-probe.ts), at a simulated hour. */
interface Probe {
  hour: number;
  mib: number;
  totalMiB: number;
  externalMiB: number;
  arrayBuffersMiB: number;
}

/** The worker's `worker.memory` log lines, read from its stdout at simulated `hourNow()`; `mib` is the heap in use after GC. */
function readProbes(stdout: NodeJS.ReadableStream, hourNow: () => number): Probe[] {
  const probes: Probe[] = [];
  readline.createInterface({ input: stdout }).on("line", (line) => {
    try {
      const entry = JSON.parse(line) as {
        event?: string;
        heapUsedMiB?: number;
        heapTotalMiB?: number;
        externalMiB?: number;
        arrayBuffersMiB?: number;
      };
      if (entry.event !== "worker.memory" || typeof entry.heapUsedMiB !== "number") return;
      probes.push({
        hour: hourNow(),
        mib: entry.heapUsedMiB,
        totalMiB: entry.heapTotalMiB ?? Number.NaN,
        externalMiB: entry.externalMiB ?? Number.NaN,
        arrayBuffersMiB: entry.arrayBuffersMiB ?? Number.NaN,
      });
    } catch {
      // Not a log line; the worker's other output is not ours to read.
    }
  });
  return probes;
}

/**
 * How fast the heap after a full GC may grow, in MiB per simulated hour (
 * memory stays flat). It grew 1.42 MiB/h while the story step held its window as boxed
 * rows, 0.71 once the window was packed (crawler/derive/story-window.ts), 0.45–2.3 while the
 * front page link cache kept whole pages through sliced hrefs (lib/detached-string.ts);
 * since then 0.09–0.12.
 */
const HEAP_SLOPE_BOUND = 1;
/**
 * How fast the resident memory may grow, in MiB per simulated hour, by least squares over the
 * last 20 hours: it swings ±60 MiB as the story step's peaks come and go, so two samples
 * say little. 2 MiB/h is under 10 % of the worker's ~450 MiB a day. The run lasts two
 * simulated days because the first one fills the working set: the story step's window
 * reaches back a day before the earliest article waiting to be placed, so each round loads
 * more until a day has passed (RSS rose ~3 MiB/h over the first day, −0.2 over the second).
 * glibc's malloc arenas are held to 2 (MALLOC_ARENA_MAX, set by `npm start` and `npm run
 * worker`): with the default 8 per core, freed memory stayed spread over many arenas.
 */
const RSS_SLOPE_BOUND = 2;
/** The worker's resident memory at its peak, in MiB, at 500 outlets: a worker that fits a 1 GB server beside PostgreSQL and the site. */
const RSS_PEAK_BOUND = 300;
const atMost = (max: number) => (value: number) => ({ bound: `≤ ${max}`, ok: value <= max });

/** Mean of the samples in [from, to) simulated hours. */
function mean(samples: { hour: number; mib: number }[], from: number, to: number): number {
  const within = samples.filter((s) => s.hour >= from && s.hour < to);
  return within.reduce((sum, s) => sum + s.mib, 0) / within.length;
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const outlets = one(process.env.BENCH_SOAK_OUTLETS, 500);
  const hours = one(process.env.BENCH_SOAK_HOURS, 48);
  const scale = one(process.env.BENCH_SOAK_SCALE, 60);
  const probeSeconds = one(process.env.BENCH_SOAK_PROBE_S, 20);
  const origin = Date.now();
  const clock = scaledClock(scale, origin);
  const sim = await startSimulatedWeb({ clock, outlets });
  const database = await ctx.createDatabase({ maxConnections: 4 });
  const dataDir = await temporaryDirectory("hemeroscopio-soak-");
  await fs.chmod(dataDir.path, 0o755);
  try {
    await importOutlets(database.db, parseOutletsFile(JSON.stringify(toOutletsFile(sim.outlets)), "sim.json"));
    await database.db.execute(sql`insert into app_state (key, value) values ('default-outlets-imported', '{}') on conflict do nothing`);
    const nodeFlags = (process.env.BENCH_SOAK_NODE_FLAGS ?? "").split(" ").filter(Boolean);
    await buildRuntimeIfNeeded(ctx.progress);
    // As `npm run worker` runs it: the compiled bundle with the worker's V8 flags (package.json).
    const worker = spawn(process.execPath, [...entryFlags.worker, ...nodeFlags, "--expose-gc", path.join(runtimeDir, "worker.js")], {
      env: {
        ...process.env,
        ...productEnv(),
        DATABASE_URL: database.url,
        HEMEROSCOPIO_RESOLVE: sim.resolveRule,
        HEMEROSCOPIO_ONLY_RESOLVED: "true",
        HEMEROSCOPIO_DATA_DIR: dataDir.path,
        HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
        HEMEROSCOPIO_LOG_LEVEL: "warn",
        HEMEROSCOPIO_TIME_SCALE: String(scale),
        HEMEROSCOPIO_TIME_ORIGIN: String(origin),
        HEMEROSCOPIO_MEMORY_PROBE_S: String(probeSeconds),
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const heap = readProbes(worker.stdout!, () => (clock.now() - origin) / HOUR);
    const samples: { hour: number; mib: number }[] = [];
    const end = origin + hours * HOUR;
    ctx.progress(
      `${outlets} outlets, ${hours} simulated hours at ${scale}× (${((hours * HOUR) / scale / 60_000).toFixed(1)} real minutes)`,
    );
    while (clock.now() < end && worker.exitCode === null) {
      await new Promise((r) => setTimeout(r, 2_000));
      const mib = await rssMiB(worker.pid!);
      if (mib === undefined) break;
      const hour = (clock.now() - origin) / HOUR;
      samples.push({ hour, mib });
      if (samples.length % 15 === 0)
        ctx.progress(
          `  hour ${hour.toFixed(1)}: RSS ${mib.toFixed(0)} MiB, heap after GC ${heap.at(-1)?.mib.toFixed(0) ?? "?"} MiB of ${heap.at(-1)?.totalMiB.toFixed(0) ?? "?"} committed (external ${heap.at(-1)?.externalMiB.toFixed(0) ?? "?"}, array buffers ${heap.at(-1)?.arrayBuffersMiB.toFixed(0) ?? "?"})`,
        );
    }
    if (process.env.BENCH_SOAK_SAMPLES) {
      await fs.writeFile(process.env.BENCH_SOAK_SAMPLES, JSON.stringify({ rss: samples, heap }));
      ctx.progress(`samples written to ${process.env.BENCH_SOAK_SAMPLES}`);
    }
    const exited = worker.exitCode !== null;
    const cpuSeconds = treeCpuSeconds(worker.pid!) ?? Number.NaN;
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
    const tailFrom = Math.max(1, hours - 20);
    const heapStart = heap.find((s) => s.hour >= 1) ?? heap.at(-1);
    const heapEnd = heap.at(-1);
    return [
      figure(`${outlets} outlets: worker RSS after the first simulated hour`, Math.round(start.mib), "MiB"),
      ...(hours > 24 ? [figure(`${outlets} outlets: worker RSS at simulated hour 24`, Math.round(at(24).mib), "MiB")] : []),
      figure(`${outlets} outlets: worker RSS at simulated hour ${last.hour.toFixed(0)}`, Math.round(last.mib), "MiB"),
      figure(`${outlets} outlets: worker RSS peak`, Math.round(Math.max(...samples.map((s) => s.mib))), "MiB", atMost(RSS_PEAK_BOUND)),
      figure(
        `${outlets} outlets: RSS growth per simulated hour from hour ${tailFrom} (least squares, ${samples.filter((s) => s.hour >= tailFrom).length} samples)`,
        Math.round(slopePerHour(samples, tailFrom) * 100) / 100,
        "MiB/h",
        atMost(RSS_SLOPE_BOUND),
      ),
      figure(
        `${outlets} outlets: heap in use after a full GC, first probe after the first simulated hour`,
        Math.round(heapStart?.mib ?? Number.NaN),
        "MiB",
      ),
      figure(
        `${outlets} outlets: heap in use after a full GC at simulated hour ${heapEnd?.hour.toFixed(0) ?? "?"}`,
        Math.round(heapEnd?.mib ?? Number.NaN),
        "MiB",
      ),
      figure(
        `${outlets} outlets: heap after GC, growth per simulated hour from hour ${tailFrom} (least squares, ${heap.filter((s) => s.hour >= tailFrom).length} probes)`,
        Math.round(slopePerHour(heap, tailFrom) * 100) / 100,
        "MiB/h",
        atMost(HEAP_SLOPE_BOUND),
      ),
      figure(
        `${outlets} outlets: V8 heap committed after a full GC, growth per simulated hour from hour ${tailFrom} (least squares)`,
        Math.round(
          slopePerHour(
            heap.map((p) => ({ hour: p.hour, mib: p.totalMiB })),
            tailFrom,
          ) * 100,
        ) / 100,
        "MiB/h",
      ),
      figure(
        `${outlets} outlets: mean RSS, hours ${tailFrom}–${(tailFrom + hours) / 2} / ${(tailFrom + hours) / 2}–${hours}`,
        Math.round(mean(samples, tailFrom, (tailFrom + hours) / 2)),
        `/ ${Math.round(mean(samples, (tailFrom + hours) / 2, hours))} MiB`,
      ),
      figure(`${outlets} outlets: requests in the run`, log.length, "requests"),
      figure(
        `${outlets} outlets: worker CPU per 1,000 requests (its story and analysis steps included)`,
        Math.round((cpuSeconds / log.length) * 1000 * 100) / 100,
        "CPU s",
      ),
      figure(`${outlets} outlets: pacing violations`, pacingViolations(log, 3000).length, "pairs", exactly(0)),
      figure(`${outlets} outlets: worker exited before the end`, exited ? 1 : 0, "", exactly(0)),
    ];
  } finally {
    await sim.close();
    await database.close();
    await dataDir.remove();
  }
}
