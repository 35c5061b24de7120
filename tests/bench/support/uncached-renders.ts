/**
 * What the first reader of a page costs: the site with its page cache off, one request at a
 * time, each timed and charged the CPU the site and PostgreSQL spent on it (their process trees'
 * threads, the scheduler's nanoseconds: proc-cpu.ts), with the HTML's size. Used for the embedded
 * server and a stock one side by side.
 */
import fs from "node:fs/promises";
import path from "node:path";
import postgres from "postgres";
import { treeCpuSecondsExact } from "./proc-cpu";

/** One path's renders: wall and CPU (ms) per render, sorted, and the body's bytes. */
export interface RenderCost {
  wallMs: number[];
  cpuMs: number[];
  bytes: number;
  status: number;
}

/**
 * `n` renders of `url` after `warmUp` unmeasured ones, each charged the CPU of `pids` spent during it.
 * A served renderer has rendered every page kind many times over: its code is compiled and optimised.
 * One warm-up render leaves V8 still tiering the page's code up during the first samples, so the
 * figures would depend on which page the bench happened to render first.
 */
export async function renderCost(url: string, n: number, pids: readonly (number | undefined)[], warmUp = 1): Promise<RenderCost> {
  const first = await fetch(url);
  const bytes = (await first.arrayBuffer()).byteLength;
  for (let i = 1; i < warmUp; i++) await fetch(url).then((r) => r.arrayBuffer());
  const cpu = () => pids.reduce<number>((s, pid) => s + (treeCpuSecondsExact(pid) ?? 0), 0);
  const wallMs: number[] = [];
  const cpuMs: number[] = [];
  for (let i = 0; i < n; i++) {
    const before = cpu();
    const started = performance.now();
    await fetch(url).then((r) => r.arrayBuffer());
    wallMs.push(performance.now() - started);
    // Backends account their ticks a little late: a short pause lets the last ones land in this render.
    await new Promise((r) => setTimeout(r, 20));
    cpuMs.push((cpu() - before) * 1000);
  }
  return { wallMs: wallMs.sort((a, b) => a - b), cpuMs: cpuMs.sort((a, b) => a - b), bytes, status: first.status };
}

/** The postmaster's PID of the server at `url` (its data directory's postmaster.pid; needs a superuser), or undefined. */
export async function postmasterPid(url: string): Promise<number | undefined> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ setting: string }[]>`select setting from pg_settings where name = 'data_directory'`;
    const text = await fs.readFile(path.join(row!.setting, "postmaster.pid"), "utf8");
    return Number(text.split("\n")[0]) || undefined;
  } catch {
    return undefined;
  } finally {
    await sql.end();
  }
}

/** Mean of a list. */
export function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
}
