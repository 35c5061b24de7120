/**
 * The site's database handle (the app's composition root, docs/style.md §13): opened once
 * per server process, on first use, never at build time. Import only from server code.
 */
import "server-only";
import { loadConfig, type Config } from "../lib/config";
import { openDatabase, type Database } from "./client";

let opening: Promise<Database> | undefined;
let config: Config | undefined;

/** The app's configuration, parsed once. */
export function appConfig(): Config {
  return (config ??= loadConfig());
}

/** The shared database of this server process. */
export function database(): Promise<Database> {
  opening ??= openDatabase(appConfig(), { maxConnections: 10 }).catch((error: unknown) => {
    opening = undefined; // the next request tries again (e.g. after a database restart)
    throw error;
  });
  return opening;
}
