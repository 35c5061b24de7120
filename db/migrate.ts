/**
 * Applies the committed drizzle-kit migrations, idempotently, by whichever process
 * starts first: a session-level advisory lock serialises concurrent starters (the site,
 * several workers), and drizzle's journal table skips what is already applied.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

/** Arbitrary constant shared by every Hemeroscopio process: "hemeroscopio migrations". */
const MIGRATION_LOCK = 0x4e3e_0001;

/** Folder of the committed SQL migrations. */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Bring the database at `url` to the latest schema. */
export async function migrateDatabase(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      await migrate(drizzle(sql), { migrationsFolder });
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    await sql.end();
  }
}
