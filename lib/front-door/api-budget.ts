/**
 * The open data's per-address budget (SPEC WEB-3, SEC-6): each reader address may make so many
 * API calls a minute, and fewer exports (a streamed export costs many pages' renders). A spent
 * budget is a 429 with Retry-After; every API answer says where its reader stands in the
 * IETF draft's fields (draft-ietf-httpapi-ratelimit-headers): `RateLimit-Policy: "api";q=600;w=60`
 * and `RateLimit: "api";r=599;t=42` (calls left, seconds until the window turns). Windows are
 * fixed minutes of the clock, counted in memory: one front door, one count. Readers on this
 * machine (the operator, the benchmarks) are not counted.
 */

export interface Budget {
  /** Calls a window. */
  limit: number;
  /** The window (seconds). */
  windowS: number;
}

export interface ApiBudgets {
  api: Budget;
  exports: Budget;
}

/** The defaults: 600 API calls and 20 exports a minute per address (lib/config.ts's HEMEROSCOPIO_API_BUDGET, HEMEROSCOPIO_EXPORT_BUDGET). */
export const DEFAULT_API_BUDGETS: ApiBudgets = { api: { limit: 600, windowS: 60 }, exports: { limit: 20, windowS: 60 } };

/** What one call took from its budget: the headers to send, and whether it is refused. */
export interface Charge {
  headers: Record<string, string>;
  spent: boolean;
  retryAfterS: number;
}

export interface ApiBudget {
  /** Charge a call to `path` by `reader` (undefined: on this machine); undefined when the path is not the API. */
  charge(reader: string | undefined, path: string): Charge | undefined;
}

// Bulk files and research bundles are downloads like the exports, and share their budget.
const DOWNLOADS = /^\/api\/v1\/(exports|bulk)\//;
const EXPORTS = /^\/api\/v1\/exports\//;

const API = /^\/api\//;

/** Whether `path` (no query) is the open-data API's (its answers, errors included, are JSON). */
export const isApiPath = (path: string): boolean => API.test(path);

/** Whether `path` (no query) is an export, built from the database as it streams (bulk files are read from disk). */
export const isExport = (path: string): boolean => EXPORTS.test(path);

export function createApiBudget(budgets: ApiBudgets, now: () => number = Date.now): ApiBudget {
  const windows = new Map<keyof ApiBudgets, { index: number; counts: Map<string, number> }>();
  return {
    charge(reader, path) {
      const kind: keyof ApiBudgets | undefined = DOWNLOADS.test(path) ? "exports" : API.test(path) ? "api" : undefined;
      if (!kind) return undefined;
      const { limit, windowS } = budgets[kind];
      const at = now();
      const index = Math.floor(at / (windowS * 1000));
      let window = windows.get(kind);
      // A new window forgets the last one's counts (and the addresses in it).
      if (!window || window.index !== index) windows.set(kind, (window = { index, counts: new Map() }));
      const used = reader === undefined ? 0 : (window.counts.get(reader) ?? 0) + 1;
      if (reader !== undefined) window.counts.set(reader, used);
      const resetS = Math.max(1, Math.ceil(((index + 1) * windowS * 1000 - at) / 1000));
      const policy = kind === "exports" ? "exports" : "api";
      return {
        headers: {
          "ratelimit-policy": `"${policy}";q=${limit};w=${windowS}`,
          ratelimit: `"${policy}";r=${Math.max(0, limit - used)};t=${resetS}`,
        },
        spent: used > limit,
        retryAfterS: resetS,
      };
    },
  };
}

/** The JSON body of a 429, in the API's error shape (db/open-data/errors.ts). */
export function budgetSpentBody(retryAfterS: number): string {
  return JSON.stringify({
    error: { code: "rate_limited", message: `Too many calls from this address; try again in ${retryAfterS} s (see the RateLimit header).` },
  });
}
