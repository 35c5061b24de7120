/**
 * The per-(form, address) lock every counted form takes before it counts (SPEC SEC-2, SEC-5):
 * a transaction-scoped advisory lock, so parallel posts from one address are counted one
 * after another and each sees the rows of those before it — the login throttle, the public
 * forms' hourly limits and the recovery codes alike.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Executor } from "../../client";

/** Hold, until the transaction of `tx` ends, the lock of `form` for `addressKey`. */
export async function lockFormAddress(tx: Executor, form: string, addressKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`attempts:${form}:${addressKey}`}, 0))`);
}
