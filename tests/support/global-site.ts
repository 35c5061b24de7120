/**
 * Vitest global setup for end-to-end tests: builds the site when its sources changed,
 * makes a migrated database for it, fills it with a crawl of the simulated web, and runs the site (scripts/site.ts) on a free loopback port
 * against that database. Tests reach it through `inject("siteUrl")` and may write to
 * it through `inject("siteDatabaseUrl")`.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freeLoopbackPort } from "../../lib/free-port";
import { migrateDatabase } from "../../db/migrate";
import { buildIfNeeded } from "../../scripts/build-if-needed";
import { buildRuntimeIfNeeded, runtimeDir } from "../../scripts/runtime/build.mjs";
import { databaseUrl } from "./database";
import { crawlSimulatedWeb, type SimulatedCrawl } from "./simulated-crawl";
import postgres from "postgres";

declare module "vitest" {
  export interface ProvidedContext {
    siteUrl: string;
    siteDatabaseUrl: string;
    /** What the crawl that filled the site's database covered (tests/support/simulated-crawl.ts). */
    crawl: SimulatedCrawl;
    /** The folder of the site's bulk files (HEMEROSCOPIO_BULK_DIR). */
    bulkDir: string;
  }
}

async function waitUntilUp(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the site did not answer at ${url} within ${ms} ms`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildIfNeeded((line) => console.log(line));
  await buildRuntimeIfNeeded((line) => console.log(line));
  const serverUrl = project.getProvidedContext().databaseServerUrl;
  const name = `e2e_${process.pid}`;
  const admin = postgres(databaseUrl(serverUrl, "postgres"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const url = databaseUrl(serverUrl, name);
  await migrateDatabase(url);
  // Every page is tested on what the real crawler recorded over 14 simulated hours of 10 outlets
  // (whatever the hour, at least 9 of them outside the night's slower captures: 20 or more
  // captures per outlet even when a busy 2-core machine stretches the 15-minute front-page
  // interval to 30), with a failed extraction, a closed front page and a blocked site.
  const crawl = await crawlSimulatedWeb({ databaseUrl: url, outlets: 10, scale: 180, realMs: 280_000, incidents: true });
  project.provide("crawl", crawl);

  // The nightly bulk files the site lists and serves (/datos/volcados): a folder of this run's own.
  const bulkDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "hemeroscopio-e2e-bulk-"));
  project.provide("bulkDir", bulkDir);
  const port = await freeLoopbackPort();
  // The site as `npm start` runs it (compiled); the page cache is off, because these tests change the
  // database and read the pages again at once (the cache has its own tests).
  const child = spawn(process.execPath, [path.join(runtimeDir, "site.js")], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HEMEROSCOPIO_HOST: "127.0.0.1",
      NEXT_TELEMETRY_DISABLED: "1",
      HEMEROSCOPIO_SITE_URL: "https://hemeroscopio.example",
      HEMEROSCOPIO_PAGE_CACHE_S: "0",
      HEMEROSCOPIO_BULK_DIR: bulkDir,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const siteUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${siteUrl}/healthz`, 60_000);
  project.provide("siteUrl", siteUrl);
  project.provide("siteDatabaseUrl", url);
  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
    await fs.promises.rm(bulkDir, { recursive: true, force: true });
  };
}
