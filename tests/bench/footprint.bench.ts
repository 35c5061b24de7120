/**
 * `npm run bench -- footprint` (OPS-6): the product as `npm start` runs it (package.json's
 * command: the compiled runtime, its own embedded PostgreSQL in a temporary data directory)
 * crawling the simulated web at a ×10 clock, with a reader fetching a few pages every few
 * seconds. Prints each process's resident (RSS) and proportional (PSS, shared pages divided
 * among the processes that map them) memory from /proc/PID/smaps_rollup — PostgreSQL's
 * processes included — at start, on average and at the peak, and the total, which is what
 * a small server has to hold. Also the time from the start command to the home page answering
 * on an already-built tree.
 *
 * Knobs: BENCH_FOOTPRINT_MINUTES (10), BENCH_FOOTPRINT_OUTLETS (30), BENCH_FOOTPRINT_TIME_SCALE
 * (10), BENCH_FOOTPRINT_EVERY_S (5, between samples), BENCH_FOOTPRINT_RENDERERS (the site's
 * default: one per core, at most 2).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildIfNeeded } from "../../scripts/build-if-needed";
import { buildRuntimeIfNeeded } from "../../scripts/runtime/build.mjs";
import { simOutlets, toOutletsFile } from "../sim/index";
import { stopAlsoOnInterrupt } from "./support/interrupt";
import { processesUnder, type ProcessMemory } from "./support/process-memory";
import { clockTicks } from "./support/proc-cpu";
import { homeAnswers, startProduct } from "./support/product-process";
import { startSimProcess } from "./support/sim-process";
import { figure, type BenchContext, type Figure } from "./types";

export const name = "footprint";

const TOTAL_PSS_GOAL_MIB = 400;
const START_GOAL_S = 8;

const one = (v: string | undefined, fallback: number) => (v && Number(v) > 0 ? Number(v) : fallback);
const atMost = (max: number) => (value: number) => ({ bound: `≤ ${max}`, ok: value <= max });

/** One sample: each role's summed memory (PostgreSQL's processes under one role). */
type Sample = Map<string, { rss: number; pss: number; count: number }>;

function byRole(processes: ProcessMemory[]): Sample {
  const sample: Sample = new Map();
  for (const p of processes) {
    const role = p.role.startsWith("postgres") ? "postgres" : p.role;
    const s = sample.get(role) ?? { rss: 0, pss: 0, count: 0 };
    sample.set(role, { rss: s.rss + p.rssMiB, pss: s.pss + p.pssMiB, count: s.count + 1 });
  }
  const total = [...sample.values()].reduce((t, s) => ({ rss: t.rss + s.rss, pss: t.pss + s.pss, count: t.count + s.count }), {
    rss: 0,
    pss: 0,
    count: 0,
  });
  sample.set("total", total);
  return sample;
}

const round = (x: number) => Math.round(x);

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const minutes = one(process.env.BENCH_FOOTPRINT_MINUTES, 10);
  const outlets = one(process.env.BENCH_FOOTPRINT_OUTLETS, 30);
  const scale = one(process.env.BENCH_FOOTPRINT_TIME_SCALE, 10);
  const everyMs = one(process.env.BENCH_FOOTPRINT_EVERY_S, 5) * 1000;
  const renderers = process.env.BENCH_FOOTPRINT_RENDERERS;

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-footprint-"));
  await fs.chmod(dir, 0o755);
  const cleanups: (() => Promise<unknown>)[] = [() => fs.rm(dir, { recursive: true, force: true })];
  const cleanup = stopAlsoOnInterrupt(async () => {
    for (const c of cleanups.reverse()) await c().catch((e: unknown) => ctx.progress(`cleanup: ${String(e)}`));
  });
  try {
    // The start is timed on an already-built tree, as the goal says.
    buildIfNeeded(ctx.progress);
    await buildRuntimeIfNeeded(ctx.progress);
    const origin = Date.now();
    const sim = await startSimProcess(outlets, path.join(dir, "access.jsonl"), { scale, origin });
    cleanups.push(async () => sim.kill());
    const outletsFile = path.join(dir, "outlets.json");
    await fs.writeFile(outletsFile, JSON.stringify(toOutletsFile(simOutlets(outlets))));
    const started = performance.now();
    const product = startProduct({
      dataDir: path.join(dir, "data"),
      outletsFile,
      resolveRule: sim.resolveRule,
      time: { scale, origin },
      renderers,
    });
    cleanups.push(() => product.stop());
    const url = product.url;
    await homeAnswers(`${url}/`, 120_000);
    const startS = (performance.now() - started) / 1000;
    ctx.progress(`home page answered ${startS.toFixed(1)} s after the start command`);

    const postgresPid = await product.postgresPid();
    const look = async () => processesUnder([product.child.pid!, postgresPid]);
    const first = await look();
    const tsx = first.filter((p) => p.loadsTsx).length;
    const samples: Sample[] = [byRole(first)];
    const pages = ["/", "/cabeceras", "/historias", "/estado", `/cabeceras/${simOutlets(outlets)[0]!.slug}`];
    let reads = 0;
    const until = Date.now() + minutes * 60_000;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, everyMs));
      for (const page of pages)
        await fetch(`${url}${page}`)
          .then(
            (r) => r.arrayBuffer(),
            () => undefined,
          )
          .then(() => reads++);
      samples.push(byRole(await look()));
      const total = samples.at(-1)!.get("total")!;
      if (samples.length % Math.max(1, Math.round(60_000 / everyMs)) === 0)
        ctx.progress(
          `${((Date.now() - until) / 60_000 + minutes).toFixed(1)} min: total RSS ${round(total.rss)} MiB, PSS ${round(total.pss)} MiB`,
        );
    }
    ctx.progress(`${reads} page reads, ${samples.length} samples`);
    // CPU of each Node.js process over the run (the same simulated hours in every run: a flag's cost shows here).
    const cpuByRole = new Map<string, number>();
    for (const p of await look()) {
      if (p.role.startsWith("postgres")) continue;
      const stat = await fs.readFile(`/proc/${p.pid}/stat`, "utf8").catch(() => "");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // proc(5): 14 utime, 15 stime (fields counted from 1; the first two are cut).
      if (stat) cpuByRole.set(p.role, (cpuByRole.get(p.role) ?? 0) + (Number(fields[11]) + Number(fields[12])) / clockTicks());
    }

    const out: Figure[] = [
      figure("start command → home page answering (built tree)", Math.round(startS * 10) / 10, "s", atMost(START_GOAL_S)),
      figure("processes that loaded tsx", tsx, "processes", (v) => ({ bound: "= 0", ok: v === 0 })),
      ...[...cpuByRole].sort().map(([role, seconds]) => figure(`${role}: CPU over the run`, Math.round(seconds * 10) / 10, "CPU s")),
    ];
    const roles = [...new Set(samples.flatMap((s) => [...s.keys()]))].sort((a, b) =>
      a === "total" ? 1 : b === "total" ? -1 : a.localeCompare(b),
    );
    for (const role of roles) {
      const series = samples.map((s) => s.get(role) ?? { rss: 0, pss: 0, count: 0 });
      const count = Math.max(...series.map((s) => s.count));
      const label = role === "total" ? `total (${count} processes)` : count > 1 ? `${role} (${count} processes)` : role;
      for (const kind of ["rss", "pss"] as const) {
        const values = series.map((s) => s[kind]);
        const mean = values.reduce((a, b) => a + b, 0) / values.length;
        const peak = Math.max(...values);
        const goal = role === "total" && kind === "pss" ? atMost(TOTAL_PSS_GOAL_MIB) : undefined;
        out.push(
          figure(`${label}: ${kind.toUpperCase()} at start`, round(values[0]!), "MiB"),
          figure(`${label}: ${kind.toUpperCase()} mean`, round(mean), "MiB"),
          figure(`${label}: ${kind.toUpperCase()} peak`, round(peak), "MiB", goal),
        );
      }
    }
    return out;
  } finally {
    await cleanup();
  }
}
