/**
 * What kind of database failure an error is, for the log line that reports it: the server
 * out of reach is "unavailable", a query cut by statement_timeout is "too slow", anything
 * else a failed query — so an operator reading the log looks in the right place.
 */

/** The three kinds a read or write can fail with. */
export type DatabaseFailure = "unavailable" | "statement_timeout" | "query_failed";

/** The SQLSTATE (or the driver's/socket's code) of `error`, looking through drizzle's "Failed query" wrapper. */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** Socket and postgres.js codes of a server that cannot be reached or dropped the connection. */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

/** Classify `error`; an error with no code at all (no connection ever made) counts as unavailable. */
export function classifyDatabaseFailure(error: unknown): DatabaseFailure {
  const code = databaseErrorCode(error);
  if (code === undefined || UNREACHABLE.has(code)) return "unavailable";
  // 57014 query_canceled is what statement_timeout raises; the server is up, the query was slow.
  if (code === "57014") return "statement_timeout";
  // Class 08 connection exceptions, 53300 too many connections, 57P01-57P03 shutting down or starting.
  if (code.startsWith("08") || code === "53300" || /^57P0[123]$/.test(code)) return "unavailable";
  return "query_failed";
}

/** The log event of each kind. */
export const FAILURE_EVENT: Record<DatabaseFailure, string> = {
  unavailable: "database_unavailable",
  statement_timeout: "database_statement_timeout",
  query_failed: "database_query_failed",
};
