/**
 * The site's database handle (the app's composition root, docs/style.md §13): opened once
 * per server process, on first use, never at build time. Import only from server code.
 */
import "server-only";
import { scaledClock, type Clock } from "../lib/clock";
import { loadConfig, type Config } from "../lib/config";
import { openDatabase, type Database } from "./client";

let opening: Promise<Database> | undefined;
let config: Config | undefined;
let clock: Clock | undefined;

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

/** The shared database of this server process. */
export function database(): Promise<Database> {
  // A statement that runs away (a query nobody foresaw) is cancelled before the render's own 15 s limit.
  opening ??= openDatabase(appConfig(), { maxConnections: 10, statementTimeoutMs: appConfig().siteStatementTimeoutMs }).catch((error: unknown) => {
    opening = undefined; // the next request tries again (e.g. after a database restart)
    throw error;
  });
  return opening;
}
