/**
 * First-start and every-start data steps shared by `npm start` and `npm run worker`:
 * the default outlet list is imported once (CFG-1), and `HEMEROSCOPIO_OUTLETS`, when
 * set, is imported at every start, adding and updating outlets by slug.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import type { Config } from "../lib/config";
import type { Logger } from "../lib/log";
import { readOutletsFile } from "../lib/outlets-file";
import type { Db } from "./client";
import { importOutlets } from "./queries/outlets";
import { appState } from "./schema";

/** The default outlet list shipped with the product. */
export const defaultOutletsFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "seed", "outlets.json");

const SEEDED = "default-outlets-imported";

/** Import the default outlets on first start, then the configured outlets file if any. */
export async function bootstrapData(db: Db, config: Pick<Config, "outletsFile">, log: Logger): Promise<void> {
  // The configured file is read first so a bad file fails before anything is written.
  const configured = config.outletsFile ? await readOutletsFile(config.outletsFile) : undefined;
  if (!config.outletsFile) {
    const [seeded] = await db.select().from(appState).where(eq(appState.key, SEEDED));
    if (!seeded) {
      const summary = await importOutlets(db, await readOutletsFile(defaultOutletsFile));
      await db.insert(appState).values({ key: SEEDED, value: { at: new Date().toISOString() } }).onConflictDoNothing();
      log.info("outlets.default_imported", { ...summary });
    }
  }
  if (configured && config.outletsFile) {
    const summary = await importOutlets(db, configured);
    log.info("outlets.file_imported", { file: config.outletsFile, ...summary });
  }
}
