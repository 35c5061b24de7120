/**
 * The request log (SPEC STO-5): time, URL, status, bytes, duration and outcome of every
 * request — and of every request we decided not to send — as proof of our behaviour.
 * Never a body, a header value or an error text from the server.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { executePrepared } from "../schedule/prepared";

/** How a request ended, in the words the status page and the admin use. */
export type RequestOutcome =
  /** Sent, no outcome recorded yet (or never: the process died during the request). */
  | "in-flight"
  | "ok"
  | "not-modified"
  | "redirect"
  | "blocked"
  | "challenge"
  | "rate-limited"
  | "robots-disallowed"
  | "unreachable"
  | "too-large"
  | "timeout"
  | "ssrf-refused"
  | "http-error"
  | "bad-url"
  | "decoding-error";

/** One line of the log. */
export interface RequestLogEntry {
  at: number;
  domain: string;
  url: string;
  kind: string;
  status?: number;
  bytes: number;
  durationMs: number;
  outcome: RequestOutcome;
  workerId: string;
}

/** Append one entry. */
export async function logRequest(db: Db, e: RequestLogEntry): Promise<void> {
  await executePrepared(
    db,
    sql`
    insert into fetch_log (at, site_domain, url, kind, status, bytes, duration_ms, outcome, worker_id)
    values (${new Date(e.at).toISOString()}, ${e.domain}, ${e.url}, ${e.kind}, ${e.status ?? null},
            ${Math.round(e.bytes)}, ${Math.round(e.durationMs)}, ${e.outcome}, ${e.workerId})`,
  );
}
