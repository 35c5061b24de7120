/**
 * `npm start`: the whole product in one command (SPEC OPS-1, OPS-2).
 * Builds the site when its sources changed, opens the database (embedded PostgreSQL
 * unless DATABASE_URL is set) and applies migrations, imports outlets, then supervises
 * two children that share the database URL: the Next.js site and the crawler worker.
 * Children are restarted with back-off if they crash, stopped in order on SIGINT or
 * SIGTERM, and stop by themselves if this process is killed outright.
 */
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client";
import { bootstrapData, readConfiguredOutlets } from "../db/bootstrap";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { createLogger } from "../lib/log";
import { buildIfNeeded } from "./build-if-needed";
import { entryArgs } from "./runtime/entry";
import { announceSetupCode } from "./setup-code";
import { siteUrlWarning } from "../lib/site-url-check";
import { supervise, type Supervised } from "./supervise";
import { startAfterSite } from "./worker-after-site";

/** The longest the worker waits for the site to listen before it starts anyway. */
const WORKER_AFTER_MS = 30_000;

/** One `npm start` per data directory: a second one says so instead of fighting for ports. */
function takeLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "start.pid");
  const other = Number(fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "");
  if (other && other !== process.pid) {
    try {
      process.kill(other, 0);
      throw new Error(`Hemeroscopio is already running from ${dataDir} (pid ${other})`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
    }
  }
  fs.writeFileSync(file, String(process.pid));
  return () => fs.rmSync(file, { force: true });
}

/**
 * SIGINT and SIGTERM, listened to from the first moment and for good: a signal with no
 * listener — one that arrives while the database starts, or a second Ctrl-C during the stop —
 * would end this process on the spot, leaving the embedded PostgreSQL (started in its own
 * session by pg_ctl, so the group's signal never reaches it) running with nobody to stop it.
 */
function stopSignal(log: { info(event: string, fields?: Record<string, unknown>): void }): {
  asked: () => boolean;
  stopped: Promise<void>;
} {
  let asked = false;
  const stopped = new Promise<void>((resolve) => {
    for (const sig of ["SIGINT", "SIGTERM"] as const)
      process.on(sig, () => {
        if (asked) return log.info("stopping.already", { signal: sig });
        asked = true;
        resolve();
      });
  });
  return { asked: () => asked, stopped };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger({ component: "start", level: config.logLevel });
  const stop = stopSignal(log);
  const outlets = await readConfiguredOutlets(config);
  const unlock = takeLock(config.dataDir);
  const siteUrlWarn = siteUrlWarning(config);
  if (siteUrlWarn) log.warn("config.site_url_default", { siteUrl: config.siteUrl, host: config.host, note: siteUrlWarn });
  // The database starts first: every exit from here on stops it (the embedded server is ours to stop).
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config, { maxConnections: 2, log: (line) => log.info("database", { line }) });
  } catch (error) {
    unlock();
    throw error;
  }
  const children: Supervised[] = [];
  try {
    if (stop.asked()) return;
    buildIfNeeded((line) => log.info("build", { line }));
    if (stop.asked()) return;
    await bootstrapData(database.db, outlets, log);
    await announceSetupCode(database.sql, config, log);
    // Nothing else here reads the database: its two connections (two PostgreSQL processes) go.
    await database.sql.end({ timeout: 5 });
    if (stop.asked()) return;

    // The children get the database URL; the outlets file was imported here, once.
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: database.url, NEXT_TELEMETRY_DISABLED: "1" };
    delete env.HEMEROSCOPIO_OUTLETS;
    // The site first, the worker once the site listens (scripts/worker-after-site.ts).
    const worker = startAfterSite(() => children.push(supervise("worker", entryArgs("worker"), env, log)), WORKER_AFTER_MS);
    if (config.worker !== "inline") worker.cancel();
    children.push(supervise("site", entryArgs("site"), env, log, { onMessage: (m) => worker.onSiteMessage(m) }));
    log.info("started", { url: `http://${config.host}:${config.port}/`, worker: config.worker, embedded: !config.databaseUrl });

    await stop.stopped;
    log.info("stopping");
    worker.cancel();
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    await database.close();
    unlock();
    log.info("stopped");
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => exitWithError("start", error),
);
