/**
 * What a robots.txt fetch outcome means for the host (SPEC ROB-3, stricter than RFC 9309
 * §2.3.1), as a table, plus the 24-hour limit on the last good copy (RFC 9309 §2.4, ROB-3).
 */

/** Final outcome of a robots.txt fetch, after following at most 5 redirects. */
export type RobotsOutcome = number | "timeout" | "unreachable";

/** What to do with the host's rules. */
export type RobotsAccess =
  /** 2xx: parse this body (RFC 9309 §2.3.1.1). */
  | "parse"
  /** No rules: every path may be fetched (RFC 9309 §2.3.1.3, only when configured). */
  | "allow-all"
  /** Nothing on the host may be fetched. */
  | "disallow-all"
  /** Keep the last good copy if `mayUseLastGood`, else disallow all (RFC 9309 §2.3.1.4). */
  | "use-last-good";

/** Options of `robotsAccess`. */
export interface RobotsAccessOptions {
  /**
   * How a 4xx ("unavailable") is read. SPEC ROB-3: the host is not read at all; RFC 9309
   * §2.3.1.3 would allow all. 401/403 (BLK-1) and 429 (Google: a server error) ignore this.
   * @default "disallow-all"
   */
  on4xx?: "disallow-all" | "allow-all";
}

/** How long the last good copy may stand in when robots.txt cannot be read (ROB-3): 24 h. */
export const LAST_GOOD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

type Row = {
  readonly from: number;
  readonly to: number;
  readonly access: RobotsAccess | "on4xx";
  readonly why: string;
};

// First matching row wins; codes outside every row are treated as unreachable.
const STATUS_TABLE: readonly Row[] = [
  { from: 200, to: 299, access: "parse", why: "RFC 9309 §2.3.1.1: follow the parseable rules" },
  // A 304 answers our conditional request (POL-4): the stored copy is confirmed, and the
  // caller stamps it as fetched now before asking mayUseLastGood.
  { from: 304, to: 304, access: "use-last-good", why: "RFC 9111 §4.3.4: 304 freshens the stored copy" },
  // A 3xx still standing after 5 hops: RFC 9309 §2.3.1.2 MAY treat as unavailable (4xx).
  { from: 300, to: 399, access: "on4xx", why: "RFC 9309 §2.3.1.2: more than 5 redirects = unavailable" },
  { from: 401, to: 401, access: "disallow-all", why: "SPEC BLK-1: 401 closes the resource" },
  { from: 403, to: 403, access: "disallow-all", why: "SPEC BLK-1: 403 closes the resource" },
  { from: 429, to: 429, access: "use-last-good", why: "Google robots.txt spec: 429 is a server error" },
  { from: 400, to: 499, access: "on4xx", why: "SPEC ROB-3: 4xx = host without readable robots" },
  { from: 500, to: 599, access: "use-last-good", why: "RFC 9309 §2.3.1.4: unreachable" },
];

/** SPEC ROB-3 as a table: what a robots.txt outcome means for the whole host. */
export function robotsAccess(outcome: RobotsOutcome, options: RobotsAccessOptions = {}): RobotsAccess {
  // RFC 9309 §2.3.1.4: network errors and timeouts are "unreachable", like 5xx.
  if (typeof outcome !== "number") return "use-last-good";
  const row = STATUS_TABLE.find((r) => outcome >= r.from && outcome <= r.to);
  if (!row) return "use-last-good"; // 1xx or nonsense: not a usable answer
  return row.access === "on4xx" ? (options.on4xx ?? "disallow-all") : row.access;
}

// ROB-3: for up to 24 h, after which nothing on the host is read.
/** True while the last good copy fetched (or 304-confirmed) at `fetchedAt` may be obeyed at `now`. */
export function mayUseLastGood(fetchedAt: number | undefined, now: number, maxAgeMs: number = LAST_GOOD_MAX_AGE_MS): boolean {
  if (fetchedAt === undefined || !Number.isFinite(fetchedAt)) return false; // no copy: disallow all
  return now - fetchedAt <= maxAgeMs; // a copy stamped in the future (clock skew) counts as fresh
}

/** Resolve `use-last-good` into `last-good` or `disallow-all` at `now`; other verdicts pass through. */
export function resolveRobotsAccess(
  access: RobotsAccess,
  lastGoodFetchedAt: number | undefined,
  now: number,
  maxAgeMs: number = LAST_GOOD_MAX_AGE_MS,
): Exclude<RobotsAccess, "use-last-good"> | "last-good" {
  if (access !== "use-last-good") return access;
  return mayUseLastGood(lastGoodFetchedAt, now, maxAgeMs) ? "last-good" : "disallow-all";
}
