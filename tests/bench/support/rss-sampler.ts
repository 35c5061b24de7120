/** Resident memory of processes over a run, sampled from Linux /proc (MiB). */
import fs from "node:fs/promises";

/** Resident set size of a process in MiB (undefined once it has exited or without /proc). */
export async function rssMiB(pid: number): Promise<number | undefined> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb === undefined ? undefined : Number(kb) / 1024;
}

/** Samples of one process: `at` real epoch ms. */
export interface RssSampler { samples(): { at: number; mib: number }[]; stop(): void }

/** Sample `pid` every `everyMs`. */
export function sampleRss(pid: number, everyMs = 1_000): RssSampler {
  const samples: { at: number; mib: number }[] = [];
  const take = () => void rssMiB(pid).then((mib) => { if (mib !== undefined) samples.push({ at: Date.now(), mib }); });
  take();
  const timer = setInterval(take, everyMs);
  return { samples: () => samples, stop: () => clearInterval(timer) };
}
