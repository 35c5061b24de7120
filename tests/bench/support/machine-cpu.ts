/** Whole-machine CPU use from /proc/stat, to tell "the cores were saturated" from "the code waited". */
import fs from "node:fs";

/** Busy and total jiffies of all CPUs so far, or undefined without /proc. */
export function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    // proc(5): cpu user nice system idle iowait irq softirq steal …
    const v = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    return { busy: total - v[3]! - v[4]!, total };
  } catch {
    return undefined;
  }
}

/** CPU seconds all cores spent busy between two readings (any process, ours or not). */
export function busySeconds(a: ReturnType<typeof machineTicks>, b: ReturnType<typeof machineTicks>, ticksPerSecond = 100): number {
  if (!a || !b) return Number.NaN;
  return (b.busy - a.busy) / ticksPerSecond;
}

/** Share of all cores busy between two readings (0..1). */
export function busyShare(a: ReturnType<typeof machineTicks>, b: ReturnType<typeof machineTicks>): number {
  if (!a || !b || b.total === a.total) return Number.NaN;
  return (b.busy - a.busy) / (b.total - a.total);
}
