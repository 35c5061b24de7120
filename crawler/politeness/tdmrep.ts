/**
 * W3C TDM Reservation Protocol (SPEC SIG-1): `/.well-known/tdmrep.json`, the `tdm-reservation`
 * / `tdm-policy` response headers and `<meta name="tdm-reservation">`, combined in the
 * protocol's order of precedence. Pure data in, data out.
 */
import { headerValues, type HeaderBag } from "./http-fields";
import { compilePattern, matchesPattern, normalisePath, type PathPattern } from "../../lib/robots/pattern";

/** `1`: text and data mining reserved (EU DSM Art. 4 opt-out); `0`: not reserved. */
export type TdmReservation = 0 | 1;

/** Where the value in force came from. */
export type TdmSource = "tdmrep.json" | "header" | "meta";

/** One valid entry of tdmrep.json, in file order. */
export interface TdmRepRule {
  location: string;
  pattern: PathPattern;
  reservation: TdmReservation;
  policy?: string;
}

/** TDMRep result for one resource; `reservation` undefined when nothing applies. */
export interface TdmState {
  reservation?: TdmReservation;
  policy?: string;
  source?: TdmSource;
}

/** A `<meta name content>` pair as extracted from the page head. */
export interface MetaTag {
  name: string;
  content: string;
}

// TDMRep §"tdm-reservation": only 1 and 0; any other value is a protocol error = unset.
function reservationOf(value: unknown): TdmReservation | undefined {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  return text === "1" ? 1 : text === "0" ? 0 : undefined;
}

function policyOf(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

// A location is a path pattern with robots-style `*` and `$`; an absolute URL counts by its path.
function locationPath(location: string): string {
  if (!/^https?:\/\//i.test(location)) return location;
  try {
    const url = new URL(location);
    return url.pathname + url.search;
  } catch {
    return location;
  }
}

// Invalid entries are skipped, so a later, more general entry still applies (the polite reading).
/** Parse tdmrep.json (`[{location, tdm-reservation, tdm-policy?}]`), as text or already parsed. */
export function parseTdmRep(json: unknown): TdmRepRule[] {
  let data = json;
  if (typeof json === "string") {
    try {
      data = JSON.parse(json.replace(/^\uFEFF/, ""));
    } catch {
      return [];
    }
  }
  if (!Array.isArray(data)) return [];
  const rules: TdmRepRule[] = [];
  for (const entry of data as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const record = entry as Record<string, unknown>;
    const location = typeof record.location === "string" ? record.location.trim() : "";
    const reservation = reservationOf(record["tdm-reservation"]);
    const pattern = compilePattern(locationPath(location));
    if (!pattern || reservation === undefined) continue;
    const policy = reservation === 1 ? policyOf(record["tdm-policy"]) : undefined; // not processed when 0
    rules.push(policy ? { location, pattern, reservation, policy } : { location, pattern, reservation });
  }
  return rules;
}

/** TDMRep: the first entry whose location matches the URL ("the most specific match is the first"). */
export function tdmRepFor(rules: readonly TdmRepRule[], url: string): TdmState {
  let path: string;
  try {
    const parsed = new URL(url);
    path = normalisePath(parsed.pathname + parsed.search);
  } catch {
    return {};
  }
  const rule = rules.find((r) => matchesPattern(r.pattern, path));
  if (!rule) return {};
  return { reservation: rule.reservation, ...(rule.policy ? { policy: rule.policy } : {}), source: "tdmrep.json" };
}

// TDMRep §"Processing priority": a later source supersedes an earlier one only where it has a
// valid value; "the absence of tdm-reservation and tdm-policy MUST not reset current values".
function supersede(state: TdmState, reservations: unknown[], policies: unknown[], source: TdmSource): TdmState {
  const values = reservations.map(reservationOf).filter((v): v is TdmReservation => v !== undefined);
  const newPolicy = policies.map(policyOf).find(Boolean);
  if (values.length === 0 && newPolicy === undefined) return state;
  // Conflicting copies in one source: the reservation wins (the polite reading).
  const reservation = values.length === 0 ? state.reservation : values.includes(1) ? 1 : 0;
  const policy = reservation === 1 ? (newPolicy ?? state.policy) : undefined; // not processed when 0
  const from = values.length === 0 ? state.source : source;
  return {
    ...(reservation === undefined ? {} : { reservation }),
    ...(policy ? { policy } : {}),
    ...(from ? { source: from } : {}),
  };
}

/** SIG-1: tdmrep.json, then the response headers, then `<meta>` tags, each superseding the last. */
export function tdmState(input: { url: string; tdmrep?: readonly TdmRepRule[]; headers?: HeaderBag; meta?: readonly MetaTag[] }): TdmState {
  let state = input.tdmrep ? tdmRepFor(input.tdmrep, input.url) : {};
  state = supersede(state, headerValues(input.headers, "tdm-reservation"), headerValues(input.headers, "tdm-policy"), "header");
  const meta = (name: string) => (input.meta ?? []).filter((m) => m.name.trim().toLowerCase() === name).map((m) => m.content);
  return supersede(state, meta("tdm-reservation"), meta("tdm-policy"), "meta");
}
