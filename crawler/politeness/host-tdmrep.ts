/**
 * Each host's `/.well-known/tdmrep.json` (SPEC SIG-1, TDMRep §3), cached 24 h in
 * PostgreSQL like robots.txt and fetched through the same polite client. A 404/410
 * means the host declares nothing in that file (headers and meta still count); any
 * other failure leaves the state unknown, which the collection stage treats as
 * reserved (we do not mine what we could not check), and is retried after an hour.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { fromSqlTime, sqlTime } from "../../db/sql-time";
import { parseTdmRep, type TdmRepRule } from "./tdmrep";

/** What fetching the file gave: its text (2xx), absence (404/410), or a failure. */
export type TdmRepFetch = { kind: "file"; text: string } | { kind: "absent" } | { kind: "failed" };

/** The rules in force for an origin, or "unknown" when the file could not be checked. */
export type HostTdmRep = TdmRepRule[] | "unknown";

/** A per-process memo over the shared, database-held TDMRep state of each origin. */
export function createTdmRepCache(o: {
  db: Db;
  now: () => number;
  fetchTdmRep: (origin: string, signal: AbortSignal) => Promise<TdmRepFetch>;
  /** @default 24 h */
  cacheMs?: number;
  /** @default 1 h */
  failureRetryMs?: number;
}) {
  const cacheMs = o.cacheMs ?? 24 * 3_600_000;
  const failureRetryMs = o.failureRetryMs ?? 3_600_000;
  const memo = new Map<string, { value: HostTdmRep; expiresAt: number }>();

  async function refresh(origin: string, signal: AbortSignal): Promise<{ value: HostTdmRep; expiresAt: number }> {
    const [row] = await o.db.execute<{ tdmrep: unknown; tdmrep_fetched_at: string | Date | null }>(sql`
      select tdmrep, tdmrep_fetched_at from hosts where host = ${origin}`);
    const fetchedAt = fromSqlTime(row?.tdmrep_fetched_at);
    const known = row?.tdmrep !== null && row?.tdmrep !== undefined;
    if (fetchedAt !== undefined && fetchedAt + (known ? cacheMs : failureRetryMs) > o.now()) {
      return { value: known ? parseTdmRep(row!.tdmrep) : "unknown", expiresAt: fetchedAt + (known ? cacheMs : failureRetryMs) };
    }
    const result = await o.fetchTdmRep(origin, signal);
    const at = o.now();
    // The file is small, public policy data (not article text); kept as fetched, as proof.
    const stored = result.kind === "file" ? safeJson(result.text) : result.kind === "absent" ? [] : null;
    await o.db.execute(sql`
      update hosts set tdmrep = ${stored === null ? null : JSON.stringify(stored)}::jsonb, tdmrep_fetched_at = ${sqlTime(at)}
      where host = ${origin}`);
    if (stored === null) return { value: "unknown", expiresAt: at + failureRetryMs };
    return { value: parseTdmRep(stored), expiresAt: at + cacheMs };
  }

  return {
    /** The TDMRep rules of `origin` (e.g. `https://www.elpais.com`). */
    async rulesFor(origin: string, signal: AbortSignal): Promise<HostTdmRep> {
      const hit = memo.get(origin);
      if (hit && hit.expiresAt > o.now()) return hit.value;
      const fresh = await refresh(origin, signal);
      memo.set(origin, fresh);
      return fresh.value;
    },
  };
}

/** A malformed file declares nothing valid: keep what JSON there is, or an empty list. */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return [];
  }
}
