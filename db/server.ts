/**
 * The site's database handles (the app's composition root, docs/style.md §13): opened once
 * per server process, on first use, never at build time. Import only from server code.
 * `database()` is the primary (`DATABASE_URL`): forms, the admin, anything that writes.
 * `readDatabase()` serves the public reads (pages, API, exports): `DATABASE_READ_URL` when
 * set (e.g. a streaming replica), else the primary.
 */
import "server-only";
import { scaledClock, type Clock } from "../lib/clock";
import { loadConfig, type Config } from "../lib/config";
import { openDatabase, openReadDatabase, type Database } from "./client";

let opening: Promise<Database> | undefined;
let openingRead: Promise<Database> | undefined;
let config: Config | undefined;
let clock: Clock | undefined;

/**
 * Each renderer's pool: up to 10 connections while pages are asked for, and none idle for long —
 * each open connection is a PostgreSQL process holding its caches (docs/benchmarks.md, "Footprint").
 * A render the front door abandons has its statements cancelled (cancellable-queries.ts).
 */
const SITE_POOL = { maxConnections: 10, idleTimeoutS: 10, cancelWithRenders: true };

/** The app's configuration, parsed once. */
export function appConfig(): Config {
  return (config ??= loadConfig());
}

/**
 * The site's "now": the wall clock, or under `HEMEROSCOPIO_TIME_SCALE` (the demo's `--speed`)
 * the same faster clock the worker runs on, so pages read the crawl's recent past as such.
 */
export function siteClock(): Clock {
  const { scale, origin } = appConfig().time;
  return (clock ??= scaledClock(scale, origin));
}

/** The shared primary database of this server process (migrated on first use). */
export function database(): Promise<Database> {
  // A statement that runs away (a query nobody foresaw) is cancelled before the render's own 15 s limit.
  opening ??= openDatabase(appConfig(), { ...SITE_POOL, statementTimeoutMs: appConfig().siteStatementTimeoutMs }).catch(
    (error: unknown) => {
      opening = undefined; // the next request tries again (e.g. after a database restart)
      throw error;
    },
  );
  return opening;
}

/** The database of the public reads: `DATABASE_READ_URL`'s server when set, else the primary. */
export function readDatabase(): Promise<Database> {
  const url = appConfig().databaseReadUrl;
  if (url === undefined) return database();
  openingRead ??= Promise.resolve(openReadDatabase(url, { ...SITE_POOL, statementTimeoutMs: appConfig().siteStatementTimeoutMs }));
  return openingRead;
}
