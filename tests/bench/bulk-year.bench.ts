/**
 * The bulk files over the generated year (SPEC WEB-9): the worker's nightly chore run for every
 * day of the year the site bench reads (50 outlets × 365 days, tests/bench/support/history-database.ts),
 * with the time and memory each day costs, and the research bundle over 93 days (its most): time,
 * size and peak memory while it streams. Knobs: BENCH_BULK_YEAR_DAYS (365, the newest days
 * written), BENCH_BUNDLE_DAYS (93), BENCH_BULK_YEAR_STEPS ("days,bundle": which parts run).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { bundleChunks } from "../../app/_lib/bulk/bundle";
import { parseBundleQuery } from "../../app/_lib/bulk/bundle-params";
import { openReadDatabase } from "../../db/client";
import { writeBulkDay } from "../../db/bulk/write-day";
import { loadApiScope } from "../../db/open-data/context";
import { utcDay } from "../../lib/bulk/manifest";
import { historyDatabase } from "./support/history-database";
import { treeCpuSeconds } from "./support/proc-cpu";
import { figure, type BenchContext, type Figure } from "./types";

export const name = "bulk files over the generated year";

const one = (text: string | undefined, fallback: number) => (text ? Number(text) : fallback);
const MiB = 1024 * 1024;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** Peak resident memory sampled while `work` runs (every 20 ms), in MiB. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peakMiB: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, peakMiB: peak / MiB };
  } finally {
    clearInterval(timer);
  }
}

export async function run(context: BenchContext): Promise<Figure[]> {
  const days = one(process.env.BENCH_BULK_YEAR_DAYS, 365);
  const bundleDays = one(process.env.BENCH_BUNDLE_DAYS, 93);
  const steps = (process.env.BENCH_BULK_YEAR_STEPS ?? "days,bundle").split(",");
  const history = await historyDatabase(50, 365, process.env.DATABASE_URL, context.progress);
  const database = openReadDatabase(history.url, { maxConnections: 4 });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-bench-bulk-year-"));
  const out: Figure[] = [];
  try {
    const db = database.db;
    const ctx = { ...(await loadApiScope(db)), db, now: history.end };
    if (steps.includes("days")) {
      const wall: number[] = [];
      const cpu: number[] = [];
      const pgCpu: number[] = [];
      const heapAfter: number[] = [];
      let bytes = 0;
      const rssBefore = process.memoryUsage().rss / MiB;
      const { peakMiB } = await withPeakRss(async () => {
        for (let i = 1; i <= days; i++) {
          const day = utcDay(history.end, -i);
          const t0 = performance.now();
          const c0 = cpuMs();
          const pg0 = treeCpuSeconds(history.postgresPid) ?? 0;
          const manifest = await writeBulkDay({ ctx, dir, day, now: history.end });
          wall.push(performance.now() - t0);
          cpu.push(cpuMs() - c0);
          pgCpu.push(((treeCpuSeconds(history.postgresPid) ?? 0) - pg0) * 1000);
          bytes += manifest.files.reduce((s, f) => s + f.bytes, 0);
          heapAfter.push(process.memoryUsage().heapUsed / MiB);
          if (i % 10 === 0) context.progress(`bulk: ${i} days written, last ${day} in ${wall.at(-1)!.toFixed(0)} ms`);
        }
      });
      const sortedWall = [...wall].sort((a, b) => a - b);
      const sortedCpu = [...cpu].sort((a, b) => a - b);
      // Memory growing with the days written would show as a heap that climbs from the first tenth to the last.
      const tenth = Math.max(1, Math.floor(days / 10));
      const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
      out.push(
        figure(`${days} days written: total wall`, wall.reduce((s, x) => s + x, 0) / 1000, "s"),
        figure("a day: wall p50", quantile(sortedWall, 0.5), "ms"),
        figure("a day: wall p95", quantile(sortedWall, 0.95), "ms"),
        figure("a day: worker CPU p50 (the site's PostgreSQL not counted)", quantile(sortedCpu, 0.5), "CPU ms"),
        ...(history.postgresPid === undefined
          ? []
          : [
              figure(
                "a day: embedded PostgreSQL CPU p50",
                quantile(
                  [...pgCpu].sort((a, b) => a - b),
                  0.5,
                ),
                "CPU ms",
              ),
            ]),
        figure("a day's files (CSV.gz + Parquet), mean", bytes / days / 1024, "KiB"),
        figure("worker RSS before / peak while writing", rssBefore, `MiB / ${peakMiB.toFixed(0)}`),
        figure("heap after a day: mean of the first tenth of days", mean(heapAfter.slice(0, tenth)), "MiB"),
        figure("heap after a day: mean of the last tenth of days", mean(heapAfter.slice(-tenth)), "MiB"),
      );
    }
    if (steps.includes("bundle")) {
      const to = utcDay(history.end, -1);
      const from = utcDay(history.end, -bundleDays);
      const q = parseBundleQuery(new URLSearchParams({ from, to }));
      const rssBefore = process.memoryUsage().rss / MiB;
      const t0 = performance.now();
      const c0 = cpuMs();
      const pg0 = treeCpuSeconds(history.postgresPid) ?? 0;
      const { value: size, peakMiB } = await withPeakRss(async () => {
        let n = 0;
        for await (const chunk of bundleChunks(ctx, q)) n += chunk.length;
        return n;
      });
      const wall = performance.now() - t0;
      context.progress(`bundle ${from}…${to}: ${(size / MiB).toFixed(1)} MiB in ${(wall / 1000).toFixed(1)} s`);
      out.push(
        figure(`bundle over ${bundleDays} days, every outlet: wall`, wall / 1000, "s"),
        figure("bundle: renderer CPU (the site's PostgreSQL not counted)", (cpuMs() - c0) / 1000, "CPU s"),
        ...(history.postgresPid === undefined
          ? []
          : [figure("bundle: embedded PostgreSQL CPU", (treeCpuSeconds(history.postgresPid) ?? 0) - pg0, "CPU s")]),
        figure("bundle: size", size / MiB, "MiB"),
        figure("bundle: RSS before / peak while streaming", rssBefore, `MiB / ${peakMiB.toFixed(0)}`),
      );
    }
    out.push(figure("load average (1 min) when measured", os.loadavg()[0]!, "load"));
    return out;
  } finally {
    await database.close();
    await history.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
