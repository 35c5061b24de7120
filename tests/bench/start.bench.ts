/**
 * `npm run bench -- start` (OPS-6): seconds from `npm start`'s command (scripts/runtime/launch.mjs,
 * on an already-built tree) to the home page answering 200, against the simulated web. The
 * first start initialises the embedded PostgreSQL cluster and imports the outlets (timed
 * apart); the runs after it restart on the same data directory, as a server does after a
 * reboot or an upgrade. Prints the median and the longest restart, the load average when each
 * run began (a shared machine's start is its load's), and, from the product's own log, when
 * each step of the start was reached (median over the restarts): what to profile when the
 * start is slow.
 *
 * Knobs: BENCH_START_RUNS (5 restarts), BENCH_START_OUTLETS (30), BENCH_START_RENDERERS (the
 * site's default).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildIfNeeded } from "../../scripts/build-if-needed";
import { buildRuntimeIfNeeded } from "../../scripts/runtime/build.mjs";
import { simOutlets, toOutletsFile } from "../sim/index";
import { stopAlsoOnInterrupt } from "./support/interrupt";
import { clockTicks } from "./support/proc-cpu";
import { withDescendants } from "./support/rss-sampler";
import { homeAnswers, startProduct } from "./support/product-process";
import { startSimProcess } from "./support/sim-process";
import { figure, type BenchContext, type Figure } from "./types";

export const name = "start";

const START_GOAL_S = 8;
const atMost = (max: number) => (value: number) => ({ bound: `≤ ${max}`, ok: value <= max });
const one = (v: string | undefined, fallback: number) => (v && Number(v) > 0 ? Number(v) : fallback);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const tenth = (x: number) => Math.round(x * 10) / 10;

/** The steps of a start, as the product logs them: `component event` (or a line's prefix). */
const STEPS: [string, (entry: { component?: string; event?: string; line?: string }) => boolean][] = [
  ["embedded PostgreSQL running", (e) => e.component === "start" && e.event === "database" && /started|using|adopting/.test(e.line ?? "")],
  ["supervisor started the site and the worker", (e) => e.component === "start" && e.event === "started"],
  ["front door listening (its renderers ready)", (e) => e.component === "site" && e.event === "listening"],
];

interface Run {
  seconds: number;
  load: number;
  cpuSeconds: number;
  steps: Map<string, number>;
}

/** CPU seconds used by `pids` (each one's own, and its reaped children's), from /proc/PID/stat. */
async function cpuSeconds(pids: number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const text = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
    if (!text) continue;
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // proc(5): 14 utime, 15 stime, 16 cutime, 17 cstime (fields counted from 1, the first two cut).
    ticks += [11, 12, 13, 14].reduce((t, i) => t + Number(fields[i]), 0);
  }
  return ticks / clockTicks();
}

async function startOnce(o: { dataDir: string; outletsFile: string; resolveRule: string; renderers?: string }): Promise<Run> {
  const load = os.loadavg()[0]!;
  const steps = new Map<string, number>();
  const started = performance.now();
  const product = startProduct({
    ...o,
    time: { scale: 1, origin: Date.now() },
    onLine(line) {
      let entry: { component?: string; event?: string; line?: string };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        return;
      }
      for (const [label, match] of STEPS) if (!steps.has(label) && match(entry)) steps.set(label, (performance.now() - started) / 1000);
    },
  });
  const stop = stopAlsoOnInterrupt(() => product.stop());
  try {
    await homeAnswers(`${product.url}/`, 180_000);
    const seconds = (performance.now() - started) / 1000;
    // Every process of the product and its PostgreSQL, up to the home page's first answer.
    const pids = [...(await withDescendants(product.child.pid!)), ...(await withDescendants(await product.postgresPid()))];
    return { seconds, load, cpuSeconds: await cpuSeconds(pids), steps };
  } finally {
    await stop();
  }
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const runs = one(process.env.BENCH_START_RUNS, 5);
  const outlets = one(process.env.BENCH_START_OUTLETS, 30);
  const renderers = process.env.BENCH_START_RENDERERS;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-start-"));
  await fs.chmod(dir, 0o755);
  const cleanups: (() => Promise<unknown>)[] = [() => fs.rm(dir, { recursive: true, force: true })];
  const cleanup = stopAlsoOnInterrupt(async () => {
    for (const c of cleanups.reverse()) await c().catch((e: unknown) => ctx.progress(`cleanup: ${String(e)}`));
  });
  try {
    buildIfNeeded(ctx.progress);
    await buildRuntimeIfNeeded(ctx.progress);
    const sim = await startSimProcess(outlets, path.join(dir, "access.jsonl"));
    cleanups.push(async () => sim.kill());
    const outletsFile = path.join(dir, "outlets.json");
    await fs.writeFile(outletsFile, JSON.stringify(toOutletsFile(simOutlets(outlets))));
    const o = { dataDir: path.join(dir, "data"), outletsFile, resolveRule: sim.resolveRule, renderers };

    const first = await startOnce(o);
    ctx.progress(`first start (new data directory): ${first.seconds.toFixed(1)} s, load ${first.load.toFixed(1)}`);
    const restarts: Run[] = [];
    for (let i = 0; i < runs; i++) {
      restarts.push(await startOnce(o));
      ctx.progress(`restart ${i + 1}: ${restarts.at(-1)!.seconds.toFixed(1)} s, load ${restarts.at(-1)!.load.toFixed(1)}`);
    }
    const seconds = restarts.map((r) => r.seconds);
    const loads = restarts.map((r) => r.load);
    return [
      figure("first start, new data directory (initdb, migrations, outlets) → home page 200", tenth(first.seconds), "s"),
      figure(`restart → home page 200, median of ${runs}`, tenth(median(seconds)), "s", atMost(START_GOAL_S)),
      figure(`restart → home page 200, longest of ${runs}`, tenth(Math.max(...seconds)), "s", atMost(START_GOAL_S)),
      figure(
        `restart: CPU seconds of every process (PostgreSQL's included) up to the answer, median of ${runs}`,
        tenth(median(restarts.map((r) => r.cpuSeconds))),
        "CPU s",
      ),
      figure("load average (1 min) when the restarts began, lowest", tenth(Math.min(...loads)), "load"),
      figure("load average (1 min) when the restarts began, highest", tenth(Math.max(...loads)), "load"),
      ...STEPS.map(([label]) =>
        figure(`restart: ${label}, median`, tenth(median(restarts.map((r) => r.steps.get(label) ?? Number.NaN))), "s"),
      ),
    ];
  } finally {
    await cleanup();
  }
}
