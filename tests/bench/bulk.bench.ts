/**
 * The nightly bulk files (SPEC WEB-9): the time the worker takes to write one full day of the
 * generated history (articles, headline versions, rank spans, stories; gzipped CSV and Parquet;
 * manifest), and what the day weighs. The generator writes each day of its year alike, so a day
 * of a short history has the rows of a day of the year. Knobs: BENCH_BULK_OUTLETS (50),
 * BENCH_BULK_DAYS (2), BENCH_BULK_SAMPLES (3).
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { writeBulkDay } from "../../db/bulk/write-day";
import { loadApiScope } from "../../db/open-data/context";
import { utcDay } from "../../lib/bulk/manifest";
import { seedHistory } from "../../scripts/seed-history/seed";
import { figure, type BenchContext, type Figure } from "./types";

const one = (text: string | undefined, fallback: number) => (text ? Number(text) : fallback);
const END = Date.parse("2026-03-05T00:00:00Z");

export const name = "bulk files: one day";

export async function run(context: BenchContext): Promise<Figure[]> {
  const outlets = one(process.env.BENCH_BULK_OUTLETS, 50);
  const days = one(process.env.BENCH_BULK_DAYS, 2);
  const samples = one(process.env.BENCH_BULK_SAMPLES, 3);
  const database = await context.createDatabase({ maxConnections: 4 });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-bench-bulk-"));
  try {
    context.progress(`generating ${outlets} outlets × ${days} days`);
    await seedHistory(database.sql, { outlets, days, logDays: 1, seed: "bulk", end: END, replace: false }, context.progress);
    const db = database.db;
    const ctx = { ...(await loadApiScope(db)), db, now: END };
    const day = utcDay(END, -1);
    const times: number[] = [];
    let manifest;
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      manifest = await writeBulkDay({ ctx, dir, day, now: END });
      times.push(performance.now() - t0);
      context.progress(`${day}: ${times.at(-1)!.toFixed(0)} ms`);
    }
    times.sort((a, b) => a - b);
    const out = [figure(`${outlets} outlets: write a day (median of ${samples})`, times[Math.floor(times.length / 2)]!, "ms")];
    const rows = (name: string) => manifest!.files.find((f) => f.name === name)!.rows;
    const bytes = (format: string) => manifest!.files.filter((f) => f.format === format).reduce((s, f) => s + f.bytes, 0);
    out.push(figure("rows: articles", rows("articles.csv.gz"), "rows"));
    out.push(figure("rows: headline versions", rows("headline-versions.csv.gz"), "rows"));
    out.push(figure("rows: rank spans", rows("rank-spans.csv.gz"), "rows"));
    out.push(figure("rows: stories", rows("stories.csv.gz"), "rows"));
    out.push(figure("a day's gzipped CSV", bytes("csv.gz") / 1024, "KiB"));
    out.push(figure("a day's Parquet", bytes("parquet") / 1024, "KiB"));
    out.push(figure("load average (1 min) when measured", os.loadavg()[0]!, "load"));
    return out;
  } finally {
    await database.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
