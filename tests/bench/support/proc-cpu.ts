/**
 * CPU seconds of other processes from Linux /proc: a process and its children (for
 * PostgreSQL: the postmaster and every backend). Reaped children count through the
 * parent's cutime/cstime, so backends that exit during a window are not lost.
 * Returns undefined where /proc is not available.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";

let ticks: number | undefined;
/** Kernel clock ticks per second (USER_HZ), for /proc times. */
export function clockTicks(): number {
  if (ticks === undefined) {
    try {
      ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

interface Stat {
  pid: number;
  ppid: number;
  /** Its own and its ended children's CPU, in ticks. */
  ticks: number;
  /** Its ended children's alone. */
  reapedTicks: number;
}

function readStat(pid: number): Stat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may hold spaces and parentheses: fields start after the last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    const n = (i: number) => Number(fields[i - 3]);
    // proc(5): 4 ppid, 14 utime, 15 stime, 16 cutime, 17 cstime.
    return { pid, ppid: n(4), ticks: n(14) + n(15) + n(16) + n(17), reapedTicks: n(16) + n(17) };
  } catch {
    return undefined;
  }
}

/** The living direct children of `pid`. */
function childrenOf(pid: number): Stat[] {
  const children: Stat[] = [];
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const s = readStat(Number(name));
    if (s && s.ppid === pid) children.push(s);
  }
  return children;
}

/** CPU seconds used so far by `pid` and its direct children (live or reaped). */
export function treeCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const root = readStat(pid);
  if (!root) return undefined;
  const ticks = childrenOf(pid).reduce((sum, child) => sum + child.ticks, root.ticks);
  return ticks / clockTicks();
}

/** Nanoseconds on a CPU of every thread of `pid` (/proc/<pid>/task/<tid>/schedstat, first field). */
function threadsRunNanos(pid: number): number {
  let total = 0;
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const tid of tids) {
    try {
      total += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return total;
}

/**
 * As treeCpuSeconds, but exact for living processes: the scheduler's run time of each thread
 * (nanoseconds) instead of /proc/<pid>/stat's utime + stime, which are kept in 10 ms ticks per
 * process. A render spread over three processes (front door, renderer, a PostgreSQL backend)
 * read in ticks is off by up to 10 ms in each, which swamps a 30 ms goal's percentile. Children
 * that ended meanwhile (a parallel query's workers) still count through cutime + cstime, in ticks.
 */
export function treeCpuSecondsExact(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const root = readStat(pid);
  if (!root) return undefined;
  let nanos = threadsRunNanos(pid);
  let reapedTicks = root.reapedTicks;
  for (const child of childrenOf(pid)) {
    nanos += threadsRunNanos(child.pid);
    reapedTicks += child.reapedTicks;
  }
  return nanos / 1e9 + reapedTicks / clockTicks();
}
