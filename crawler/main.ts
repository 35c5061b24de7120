/**
 * The worker's composition root (docs/style.md §13): builds the real clock, database,
 * logger and pipeline, and runs the loop until SIGINT/SIGTERM. Started alone by
 * `npm run worker`, or as a supervised child by `npm start`.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import { openDatabase } from "../db/client";
import { bootstrapData, readConfiguredOutlets } from "../db/bootstrap";
import { scaledClock } from "../lib/clock";
import { loadConfig } from "../lib/config";
import { exitWithError } from "../lib/fail";
import { createLogger } from "../lib/log";
import { runHousekeeping } from "./housekeeping";
import { createWorkerEventRecorder } from "./record/worker-events";
import { startMemoryProbe } from "./memory-probe";
import { exitIfStillRunningAfter, STOP_GRACE_MS } from "./stop-deadline";
import { runWorker } from "./loop";
import { createCrawlPipeline } from "./compose";
import { createMailSender } from "./notify/mailer";
import { runOperatorMail } from "./notify/operator-mail";

async function main(): Promise<void> {
  const config = loadConfig();
  const outlets = await readConfiguredOutlets(config);
  const workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  // Warnings and errors also go to the database for the operator (ADM-3, crawler/record/worker-events.ts).
  const events = createWorkerEventRecorder({ workerId });
  const log = createLogger({
    component: "worker",
    level: config.logLevel,
    write: (line) => {
      process.stdout.write(`${line}\n`);
      events.push(line);
    },
  });
  const shutdown = new AbortController();
  const stopProbe = startMemoryProbe({ everyMs: config.memoryProbeSeconds * 1000, log, gc: (globalThis as { gc?: () => void }).gc });
  shutdown.signal.addEventListener("abort", stopProbe);
  const stop = (reason: string) => {
    if (shutdown.signal.aborted) return;
    log.info("worker.stopping", { reason });
    // The deadline first: aborting wakes every job in flight, hundreds of listeners.
    exitIfStillRunningAfter(STOP_GRACE_MS, log);
    shutdown.abort();
  };
  for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => stop(sig));
  // Under `npm start` the supervisor owns us: if it dies (even by SIGKILL) we stop too.
  process.once("disconnect", () => stop("disconnect"));

  const database = await openDatabase(config, { maxConnections: 4, log: (line) => log.info("database", { line }) });
  try {
    await bootstrapData(database.db, outlets, log);
    events.attach(database.db);
    const clock = scaledClock(config.time.scale, config.time.origin);
    const pipeline = await createCrawlPipeline({ config, db: database.db, clock, workerId, log });
    // ADM-3: mail the operator what needs attention, when an SMTP server is configured.
    const mailer = config.mail ? createMailSender(config.mail) : undefined;
    try {
      await Promise.all([
        runWorker({
          db: database.db,
          clock,
          log,
          pipeline,
          workerId,
          signal: shutdown.signal,
          leaseMs: 600_000 * config.time.scale,
          maxIdleMs: 30_000 * config.time.scale,
          articleDailyBudget: config.schedule.articleDailyBudget,
          concurrency: config.schedule.workerConcurrency,
        }),
        runHousekeeping({ pipeline, clock, log, signal: shutdown.signal }),
        mailer &&
          runOperatorMail({ db: database.db, clock, log, signal: shutdown.signal, send: mailer.send, siteUrl: config.siteUrl, workerId }),
      ]);
    } finally {
      mailer?.close();
      await pipeline.close?.();
    }
  } finally {
    await events.close();
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => exitWithError("worker", error),
);
