/**
 * First-start and every-start data steps shared by `npm start` and `npm run worker`:
 * the release's changes to public pages go to the corrections log once (db/release-notes.ts),
 * the default outlet list is imported once (CFG-1), and `HEMEROSCOPIO_OUTLETS`, when
 * set, is imported at every start, adding and updating outlets by slug.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { Config } from "../lib/config";
import type { Logger } from "../lib/log";
import { readOutletsFile, type OutletConfig } from "../lib/outlets-file";
import type { Release } from "../lib/changelog";
import { readChangelog } from "../lib/changelog-file";
import type { Db } from "./client";
import { importOutlets } from "./outlets";
import { publishReleaseNotes } from "./release-notes";
import { appState } from "./schema";

/** The default outlet list shipped with the product. */
export const defaultOutletsFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "seed", "outlets.json");

const SEEDED = "default-outlets-imported";

/**
 * Import the default outlets on first start, or the configured outlets file (already
 * read and validated by the caller, so a bad file fails before anything starts).
 */
export async function bootstrapData(
  db: Db,
  configured: OutletConfig[] | undefined,
  log: Logger,
  releases: readonly Release[] = readChangelog(),
): Promise<void> {
  const notes = await publishReleaseNotes(db, releases);
  if (notes > 0) log.info("release_notes.published", { count: notes });
  // The default list goes only into an installation that was never given outlets.
  const markSeeded = () =>
    db
      .insert(appState)
      .values({ key: SEEDED, value: { at: new Date().toISOString() } })
      .onConflictDoNothing();
  if (configured) {
    const summary = await importOutlets(db, configured);
    await markSeeded();
    log.info("outlets.file_imported", { ...summary });
    return;
  }
  const [seeded] = await db.select().from(appState).where(eq(appState.key, SEEDED));
  if (seeded) return;
  const summary = await importOutlets(db, await readOutletsFile(defaultOutletsFile));
  await markSeeded();
  log.info("outlets.default_imported", { ...summary });
}

/** Read the configured outlets file, if any (one-line error when unreadable or invalid). */
export async function readConfiguredOutlets(config: Pick<Config, "outletsFile">): Promise<OutletConfig[] | undefined> {
  return config.outletsFile ? readOutletsFile(config.outletsFile) : undefined;
}
