/**
 * Database reads for public pages. An unreachable database must not blank a page:
 * React error boundaries only render in the browser, so a thrown error would leave
 * readers without JavaScript an empty document. Pages call `readSiteData` and render
 * their own "temporarily unavailable" notice on the server instead.
 */
import "server-only";
import type { Db } from "../../../db/client";
import { appConfig, readDatabase } from "../../../db/server";
import { createLogger, errorMessage, type Logger } from "../../../lib/log";

/** A read that either produced its value or found the database unavailable. */
export type SiteRead<T> = { ok: true; value: T } | { ok: false };

let log: Logger | undefined;

/** Run `read` on the site's read database (DATABASE_READ_URL, else the primary); any failure is logged and returned as `{ ok: false }`. */
export async function readSiteData<T>(read: (db: Db) => Promise<T>): Promise<SiteRead<T>> {
  try {
    const { db } = await readDatabase();
    return { ok: true, value: await read(db) };
  } catch (error) {
    log ??= createLogger({ component: "site", level: appConfig().logLevel });
    const code = (error as { code?: unknown } | null)?.code;
    log.error("database_unavailable", { error: errorMessage(error), code: typeof code === "string" ? code : undefined });
    return { ok: false };
  }
}
