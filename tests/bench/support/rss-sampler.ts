/** Resident memory of processes over a run, sampled from Linux /proc (MiB). */
import fs from "node:fs/promises";

/** Resident set size of a process in MiB (undefined once it has exited or without /proc). */
export async function rssMiB(pid: number): Promise<number | undefined> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

/** `pid` and every process descending from it. */
export async function withDescendants(pid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const name of await fs.readdir("/proc").catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await fs.readFile(`/proc/${name}/stat`, "utf8").catch(() => "");
    // proc(5): the ppid is the second field after the command name, which may hold spaces.
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (ppid) parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
  }
  const out: number[] = [];
  for (const queue = [pid]; queue.length > 0;) {
    const next = queue.shift()!;
    out.push(next);
    queue.push(...(parents.get(next) ?? []));
  }
  return out;
}

/** Resident set size of a process and all its descendants in MiB (undefined once it has exited). */
export async function treeRssMiB(pid: number): Promise<number | undefined> {
  const root = await rssMiB(pid);
  if (root === undefined) return undefined;
  let total = root;
  for (const child of (await withDescendants(pid)).slice(1)) total += (await rssMiB(child)) ?? 0;
  return total;
}

/** Samples of one process: `at` real epoch ms. */
export interface RssSampler {
  samples(): { at: number; mib: number }[];
  stop(): void;
}

/** Sample `pid` (with `tree`, with its descendants) every `everyMs`. */
export function sampleRss(pid: number, everyMs = 1_000, tree = false): RssSampler {
  const samples: { at: number; mib: number }[] = [];
  const take = () =>
    void (tree ? treeRssMiB(pid) : rssMiB(pid)).then((mib) => {
      if (mib !== undefined) samples.push({ at: Date.now(), mib });
    });
  take();
  const timer = setInterval(take, everyMs);
  return { samples: () => samples, stop: () => clearInterval(timer) };
}
