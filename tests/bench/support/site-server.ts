/**
 * The site (scripts/site.ts: Next.js behind the page cache) on a free loopback port against a
 * database, for the site benchmark; stopped cleanly. It runs compiled, as `npm start` runs it
 * (dist/site.js, compiled first when its sources changed).
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { freeLoopbackPort } from "../../../lib/free-port";
import { buildRuntimeIfNeeded, runtimeDir } from "../../../scripts/runtime/build.mjs";
import { productEnv } from "./product-env";

/** A running site. */
export interface SiteServer {
  url: string;
  pid: number;
  /** The site's JSON log lines at warn level and above (e.g. `request.failed`), as they came. */
  problems(): string[];
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode}`);
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the site did not answer at ${url} within ${ms} ms`);
}

/** Start the built site (node directly, no npm in between) on `databaseUrl`; `pageCacheSeconds` 0 renders every request; `env` adds settings. */
export async function startSite(databaseUrl: string, pageCacheSeconds = 30, env: Record<string, string> = {}): Promise<SiteServer> {
  const port = await freeLoopbackPort();
  await buildRuntimeIfNeeded();
  const child = spawn(process.execPath, [path.join(runtimeDir, "site.js")], {
    env: {
      ...process.env,
      ...productEnv(),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HEMEROSCOPIO_HOST: "127.0.0.1",
      NEXT_TELEMETRY_DISABLED: "1",
      HEMEROSCOPIO_LOG_LEVEL: "warn",
      HEMEROSCOPIO_PAGE_CACHE_S: String(pageCacheSeconds),
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const problems: string[] = [];
  readline.createInterface({ input: child.stdout! }).on("line", (line) => {
    // Our JSON log lines at warn or error; Next.js's own start-up lines are plain text.
    if (/^\{.*"level":"(warn|error)"/.test(line)) problems.push(line);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilUp(`${url}/healthz`, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, problems: () => [...problems], stop };
}
