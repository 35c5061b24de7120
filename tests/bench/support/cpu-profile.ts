/**
 * Optional V8 CPU profile of this process over a benchmark window (BENCH_CPU_PROFILE=dir):
 * open the `.cpuprofile` in Chrome DevTools or speedscope to see where the worker's CPU went.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { Session } from "node:inspector/promises";

/** Starts profiling when `dir` is set; the returned function stops and writes `dir/name.cpuprofile`. */
export async function startCpuProfile(dir: string | undefined, name: string): Promise<() => Promise<string | undefined>> {
  if (!dir) return async () => undefined;
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 1000 });
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${name}.cpuprofile`);
    await fs.writeFile(file, JSON.stringify(profile));
    return file;
  };
}
