/**
 * What each process of a running product holds (OPS-6), from Linux /proc: resident memory
 * (RSS) and proportional memory (PSS: each shared page divided among the processes that map
 * it, so PSS adds up to what the processes cost together), from /proc/PID/smaps_rollup;
 * and whether a process loaded the tsx TypeScript loader: on its command line, in its
 * NODE_OPTIONS, in its mapped files, or as the esbuild service tsx starts beside itself.
 */
import fs from "node:fs/promises";
import { withDescendants } from "./rss-sampler";

/** One process, as seen once. */
export interface ProcessMemory {
  pid: number;
  /** A short name: supervisor, site, renderer, worker, postgres: checkpointer… */
  role: string;
  command: string;
  rssMiB: number;
  pssMiB: number;
  loadsTsx: boolean;
}

/** The role of a process of the product, from its command line. */
export function roleOf(argv: string[]): string {
  const line = argv.join(" ");
  if (argv[0]?.startsWith("postgres"))
    return line.startsWith("postgres:") ? line.replace(/^postgres: (\S+ )?/, "postgres: ").slice(0, 40) : "postgres";
  if (/site-renderer/.test(line)) return "renderer";
  if (/(dist\/|scripts\/)site\.(js|ts)/.test(line)) return "site";
  if (/(dist\/worker\.js|crawler\/main\.ts|launch\.mjs worker)/.test(line)) return "worker";
  if (/(dist\/start\.js|scripts\/start\.ts|launch\.mjs start)/.test(line)) return "supervisor";
  return argv[0]?.split("/").pop() ?? "?";
}

function kib(text: string, field: string): number {
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0);
}

/** One process's memory, or undefined once it has exited. */
export async function processMemory(pid: number): Promise<ProcessMemory | undefined> {
  const [cmdline, environ, rollup, maps] = await Promise.all([
    fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => ""),
    fs.readFile(`/proc/${pid}/environ`, "utf8").catch(() => ""),
    fs.readFile(`/proc/${pid}/smaps_rollup`, "utf8").catch(() => ""),
    fs.readFile(`/proc/${pid}/maps`, "utf8").catch(() => ""),
  ]);
  if (!rollup) return undefined;
  const argv = cmdline.split("\0").filter(Boolean);
  return {
    pid,
    role: roleOf(argv),
    command: argv.join(" "),
    rssMiB: kib(rollup, "Rss") / 1024,
    pssMiB: kib(rollup, "Pss") / 1024,
    loadsTsx:
      /\btsx\b/.test(argv.join(" ")) ||
      /(^|\0)NODE_OPTIONS=[^\0]*tsx/.test(environ) ||
      /node_modules\/(tsx|@esbuild)\//.test(maps) ||
      /node_modules\/@esbuild\/.*\/esbuild/.test(argv[0] ?? ""),
  };
}

/** Every process under each of `roots` (the roots included), seen once. */
export async function processesUnder(roots: number[]): Promise<ProcessMemory[]> {
  const pids = [...new Set((await Promise.all(roots.map((r) => withDescendants(r)))).flat())];
  return (await Promise.all(pids.map(processMemory))).filter((p): p is ProcessMemory => p !== undefined);
}
