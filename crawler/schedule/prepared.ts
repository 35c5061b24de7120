/**
 * Prepared statements for the crawler's per-request statements (lease, release, job
 * completion, heartbeat). drizzle's `db.execute` runs every statement unnamed and
 * unprepared, and postgres.js then describes each parameterised statement before it
 * binds it: two round trips on the wire, a parse and a plan in PostgreSQL every time, and
 * the connection blocked in between (no pipelining). A prepared statement is described
 * once per connection; afterwards each call is one Bind/Execute, pipelined with the
 * others and, for the single-row updates used here, planned once (generic plan).
 * Statements whose best plan depends on their values (the claim) stay on `db.execute`.
 */
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";

/** A database handle or a transaction of it. */
export type Preparer = Pick<Db, "_">;

const dialect = new PgDialect();

/** Run `query` as a prepared statement (postgres.js keeps one per connection and statement text); resolves with its rows. */
export async function executePrepared<T extends Record<string, unknown>>(db: Preparer, query: SQL): Promise<T[]> {
  const rows: unknown = await db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, "crawler", false).execute();
  return rows as T[];
}
