/**
 * The database handle. With `DATABASE_URL` the given server is used; without it, the
 * embedded PostgreSQL under the data directory is started, reused or adopted
 * (SPEC OPS-1). Migrations are applied on open.
 */
import { drizzle, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Config } from "../lib/config";
import { cancellableWithinRenders } from "./cancellable-queries";
import { startEmbeddedPostgres, type EmbeddedServer } from "./embedded";
import { migrateDatabase } from "./migrate";
import * as schema from "./schema";

export type Db = PostgresJsDatabase<typeof schema>;

/** What runs a statement: the database, or a transaction of it (for batched writes). */
export type Executor = Pick<Db, "execute">;

/** An open database: drizzle for queries, the raw client for SQL, and how to close both. */
export interface Database {
  db: Db;
  sql: postgres.Sql;
  url: string;
  /** Closes connections and stops the embedded server when this process owns it. */
  close(): Promise<void>;
}

/** Options for `openDatabase`. */
export interface OpenOptions {
  /** @default 10 */
  maxConnections?: number;
  log?: (line: string) => void;
  /** A connection idle this long is closed (its server process ends); reopened on demand. @default never */
  idleTimeoutS?: number;
  /** PostgreSQL cancels a statement of this pool running longer (ms). @default no limit */
  statementTimeoutMs?: number;
  /** Statements are cancelled with the render that started them (cancellable-queries.ts): the site's pools. @default false */
  cancelWithRenders?: boolean;
}

/** Open the configured database, starting the embedded server when no URL is set. */
export async function openDatabase(config: Pick<Config, "databaseUrl" | "dataDir">, options: OpenOptions = {}): Promise<Database> {
  let embedded: EmbeddedServer | undefined;
  const url = config.databaseUrl ?? (embedded = await startEmbeddedPostgres(config.dataDir, options.log)).url;
  try {
    await migrateDatabase(url);
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const opened = connect(url, options);
  return {
    ...opened,
    async close() {
      await opened.close();
      await embedded?.stop();
    },
  };
}

/**
 * A database that only serves reads, e.g. a streaming replica (`DATABASE_READ_URL`): no
 * migrations (a replica takes them from its primary) and no embedded server.
 */
export function openReadDatabase(url: string, options: OpenOptions = {}): Database {
  return connect(url, options);
}

function connect(url: string, options: OpenOptions): Database {
  // random_page_cost 1.1: data on SSD, and rows written in time order make the planner's default (4)
  // prefer time indexes with a filter over the per-outlet ones (measured on the generated year).
  // jit off: a stock server (Debian's package, the official images) compiles any statement whose
  // estimated cost passes jit_above_cost, and the rank-interval statements' estimates do; the
  // compilation cost 2–10× the statement itself (silences' rank histories 9.6 s with JIT, 2.5 s
  // without). The embedded server ships no JIT, so this only makes a stock server behave alike.
  // postgres.js's pipelining (a statement sent on a busy connection when none is free) is kept:
  // without it the load bench's public pages p95 at 200 req/s rose from 54 to 217 ms.
  const pool = postgres(url, {
    max: options.maxConnections ?? 10,
    onnotice: () => {},
    ...(options.idleTimeoutS ? { idle_timeout: options.idleTimeoutS } : {}),
    connection: {
      application_name: "hemeroscopio",
      random_page_cost: 1.1,
      jit: "off",
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    },
  });
  const sql = options.cancelWithRenders ? cancellableWithinRenders(pool) : pool;
  return {
    db: drizzle(sql, { schema }),
    sql,
    url,
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}
