/**
 * Database reads for public pages. An unreachable database must not blank a page:
 * React error boundaries only render in the browser, so a thrown error would leave
 * readers without JavaScript an empty document. Pages call `readSiteData` and render
 * their own "temporarily unavailable" notice on the server instead.
 */
import "server-only";
import type { Db } from "../../../db/client";
import { appConfig, readDatabase } from "../../../db/server";
import { classifyDatabaseFailure, databaseErrorCode, FAILURE_EVENT } from "../../../lib/database-failure";
import { createLogger, errorMessage, type Logger } from "../../../lib/log";

/** A read that either produced its value or found the database unavailable. */
export type SiteRead<T> = { ok: true; value: T } | { ok: false };

let log: Logger | undefined;

/**
 * Run `read` on the site's read database (DATABASE_READ_URL, else the primary); any failure
 * is logged under its kind (unavailable, statement timeout, failed query) and returned as `{ ok: false }`.
 */
export async function readSiteData<T>(read: (db: Db) => Promise<T>): Promise<SiteRead<T>> {
  try {
    const { db } = await readDatabase();
    return { ok: true, value: await read(db) };
  } catch (error) {
    log ??= createLogger({ component: "site", level: appConfig().logLevel });
    log.error(FAILURE_EVENT[classifyDatabaseFailure(error)], { error: errorMessage(error), code: databaseErrorCode(error) });
    return { ok: false };
  }
}
