/**
 * Transactions that PostgreSQL may end with a conflict, run again. Two workers (or a poll
 * and the story step) that lock the same article rows in different orders meet in a
 * deadlock; PostgreSQL rolls one back (SQLSTATE 40P01) and, like a serialization failure
 * (40001), that transaction is meant to be retried: its work is lost otherwise (PostgreSQL
 * manual, "Serialization Failure Handling").
 */
import type { Db } from "./client";

const RETRYABLE = new Set(["40001", "40P01"]);

/** True when `error`, or an error it wraps (the query builder wraps the driver's), is a conflict to retry. */
export function isConflict(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (RETRYABLE.has(String((e as { code?: unknown }).code))) return true;
  }
  return false;
}

/** The transaction handle `db.transaction` gives its body. */
export type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** `db.transaction(body)`, run up to `attempts` times while it ends in a conflict, after a short random pause. */
export async function transactionRetryingConflicts<T>(db: Db, body: (tx: Transaction) => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(body);
    } catch (error) {
      if (attempt >= attempts || !isConflict(error)) throw error;
      // The rolled-back side waits a moment, so the two do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80 * attempt));
    }
  }
}
