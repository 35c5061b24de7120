/**
 * A profiling view of the worker's database handle: every `db.execute` and every prepared
 * statement (crawler/schedule/prepared.ts, through `db._.session.prepareQuery`) — all the
 * crawler's statements go through one of them — is timed from call to result — pool wait included — and
 * named by its opening words, so a benchmark can say how many round trips a request costs
 * and which statement dominates. The worker code is unchanged; it just gets this handle.
 */
import type { Db } from "../../../db/client";

/**
 * Totals for one kind of statement. `wireTrips`: round trips on the wire. postgres.js
 * describes an unprepared statement with parameters (drizzle's `db.execute`) before it
 * binds it, so each such call is two round trips; a prepared statement is one (its
 * describe comes once per connection); a whole transaction adds BEGIN and COMMIT.
 */
export interface StatementStats {
  kind: string;
  calls: number;
  rows: number;
  totalMs: number;
  maxMs: number;
  wireTrips: number;
}

/** True when a drizzle SQL object carries a parameter (a value that is neither text nor a nested SQL). */
function hasParams(query: unknown): boolean {
  const chunks = (query as { queryChunks?: unknown[] } | null)?.queryChunks;
  if (!chunks) return false;
  for (const c of chunks) {
    if (c === null || typeof c !== "object" || Array.isArray(c)) return true;
    if ("queryChunks" in c) {
      if (hasParams(c)) return true;
    } else if (!("value" in c && Array.isArray((c as { value: unknown }).value))) return true; // not a text chunk
  }
  return false;
}

/** The crawler's statements by their opening words (see crawler/ and db/); anything else is "other". */
const KINDS: [RegExp, string][] = [
  [/^-- sch-4: claim of source polls/, "claim jobs"],
  [/^-- sch-3: claim of article reads/, "claim article reads"],
  [/^update (sources|articles) set (lease_owner|read_lease_owner) = null/, "complete job"],
  [/^select (min\(greatest|least\()/, "next due"],
  [/^insert into app_state/, "heartbeat"],
  [/^with taken as/, "acquire site"],
  [/^insert into sites \(domain, next_allowed_at\)/, "create site"],
  [/^with logged as/, "release site"],
  [/^select s\.closed_since/, "source state"],
  [/^update sources set last_success_at/, "source ok"],
  [/^update sources set consecutive_failures/, "source failure"],
  [/robots|^insert into (sites|hosts) /, "robots"],
];

/** Kinds by statement text, so the recorder's own cost per call stays a map lookup. */
const kinds = new Map<string, string>();

function kindOfText(sqlText: string): string {
  let kind = kinds.get(sqlText);
  if (kind === undefined) {
    const text = sqlText.trim().replace(/\s+/g, " ").toLowerCase();
    kind = KINDS.find(([re]) => re.test(text))?.[1] ?? `other: ${text.slice(0, 40)}`;
    if (kinds.size < 10_000) kinds.set(sqlText, kind);
  }
  return kind;
}

function kindOf(query: unknown): string {
  const chunk = (query as { queryChunks?: { value?: unknown }[] } | null)?.queryChunks?.[0]?.value;
  return kindOfText(Array.isArray(chunk) ? String(chunk[0] ?? "") : "");
}

/** A `Db` that records its `execute` calls (and whole transactions), and the recorder's controls. */
export function profiledDb(db: Db): {
  db: Db;
  reset(): void;
  stats(): StatementStats[];
  lastSql(kind: string): { sql: string; params: unknown[] } | undefined;
} {
  let byKind = new Map<string, StatementStats>();
  const last = new Map<string, unknown>();
  const record = (kind: string, ms: number, rows: number, wireTrips: number) => {
    const s = byKind.get(kind) ?? { kind, calls: 0, rows: 0, totalMs: 0, maxMs: 0, wireTrips: 0 };
    s.calls++;
    s.wireTrips += wireTrips;
    s.rows += rows;
    s.totalMs += ms;
    s.maxMs = Math.max(s.maxMs, ms);
    byKind.set(kind, s);
  };
  const timed = <T>(kind: string, wireTrips: number, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    return work().then((r) => {
      record(kind, performance.now() - started, Array.isArray(r) ? r.length : 0, wireTrips);
      return r;
    });
  };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, property, receiver) {
        const value: unknown = Reflect.get(t, property, receiver);
        if (property === "_" && typeof value === "object" && value !== null) return wrapInternals(value);
        if (typeof value !== "function") return value;
        const fn = value as (...a: unknown[]) => Promise<unknown>;
        if (property === "execute") {
          return (query: unknown) => {
            const kind = kindOf(query);
            last.set(kind, query);
            return timed(kind, hasParams(query) ? 2 : 1, () => fn.call(t, query));
          };
        }
        if (property === "transaction") {
          return (work: (tx: object) => Promise<unknown>, config?: unknown) =>
            timed("transaction (whole)", 2, () => fn.call(t, (tx: object) => work(wrap(tx)), config));
        }
        return fn.bind(t);
      },
    });
  // Prepared statements: `db._.session.prepareQuery({ sql, params }, …).execute()`.
  const wrapInternals = (internals: object): object =>
    new Proxy(internals, {
      get(t, property, receiver) {
        const value: unknown = Reflect.get(t, property, receiver);
        if (property !== "session" || typeof value !== "object" || value === null) return value;
        const session = value as {
          prepareQuery(query: { sql: string }, ...rest: unknown[]): { execute(...a: unknown[]): Promise<unknown> };
        };
        return new Proxy(session, {
          get(s, name, r) {
            const member: unknown = Reflect.get(s, name, r);
            if (name !== "prepareQuery" || typeof member !== "function") return member;
            return (query: { sql: string }, ...rest: unknown[]) => {
              const prepared = (member as typeof session.prepareQuery).call(s, query, ...rest);
              const kind = kindOfText(query.sql);
              return { execute: (...a: unknown[]) => timed(kind, 1, () => prepared.execute(...a)) };
            };
          },
        });
      },
    });
  return {
    db: wrap(db),
    reset: () => (byKind = new Map()),
    // Copies: calls still running after the window must not add to the figures read now.
    stats: () => [...byKind.values()].map((s) => ({ ...s })).sort((a, b) => b.totalMs - a.totalMs),
    /** The last statement of a kind as SQL text and parameters (for EXPLAIN). */
    lastSql(kind) {
      const query = last.get(kind);
      if (!query) return undefined;
      const { sql, params } = (
        db as unknown as { dialect: { sqlToQuery(q: unknown): { sql: string; params: unknown[] } } }
      ).dialect.sqlToQuery(query);
      return { sql, params };
    },
  };
}
