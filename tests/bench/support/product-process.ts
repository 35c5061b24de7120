/**
 * The product as `npm start` runs it (package.json's command: scripts/runtime/launch.mjs, the
 * compiled runtime, its own embedded PostgreSQL in `dataDir`), started by a benchmark against
 * the simulated web; and how long the home page takes to answer.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { productEnv } from "./product-env";

/** A running `npm start`. */
export interface ProductProcess {
  child: ChildProcess;
  url: string;
  /** PID of its embedded PostgreSQL (read from the cluster's postmaster.pid). */
  postgresPid(): Promise<number>;
  /** SIGTERM, and wait for it to exit (it stops its embedded PostgreSQL). */
  stop(): Promise<void>;
}

export interface ProductOptions {
  dataDir: string;
  outletsFile: string;
  resolveRule: string;
  time: { scale: number; origin: number };
  renderers?: string;
  port?: number;
  /** Each line the product writes to standard output (its JSON log), as it arrives. */
  onLine?: (line: string) => void;
}

/** Start `npm start`'s command on a random port. */
export function startProduct(o: ProductOptions): ProductProcess {
  const port = o.port ?? 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, ["scripts/runtime/launch.mjs", "start"], {
    env: {
      ...process.env,
      ...productEnv(),
      DATABASE_URL: "",
      DATABASE_READ_URL: "",
      PORT: String(port),
      HEMEROSCOPIO_DATA_DIR: o.dataDir,
      HEMEROSCOPIO_OUTLETS: o.outletsFile,
      HEMEROSCOPIO_RESOLVE: o.resolveRule,
      HEMEROSCOPIO_ONLY_RESOLVED: "true",
      HEMEROSCOPIO_TIME_SCALE: String(o.time.scale),
      HEMEROSCOPIO_TIME_ORIGIN: String(o.time.origin),
      NODE_OPTIONS: "",
      ...(o.renderers ? { HEMEROSCOPIO_SITE_RENDERERS: o.renderers } : {}),
    },
    stdio: ["ignore", o.onLine ? "pipe" : "ignore", "inherit"],
  });
  if (o.onLine) {
    let rest = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop()!;
      for (const line of lines) o.onLine!(line);
    });
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    async postgresPid() {
      return Number((await fs.readFile(path.join(o.dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0]);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Resolves once `url` answers 200 (polled every 100 ms); throws after `timeoutMs`. */
export async function homeAnswers(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (
      await fetch(url).then(
        async (r) => (await r.arrayBuffer(), r.status === 200),
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
