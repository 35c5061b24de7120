/**
 * The query part of a page-cache key, built from the parsed values of the parameters a page
 * reads rather than from the bytes sent: `2026%2D11%2D01`, `2026-11-01%20` and `2026-11-01+`
 * are one period, so they are one key and one render (a reader cannot make the renderer work
 * by spelling one page many ways). Every step mirrors how the pages read their query:
 * URLSearchParams decoding (percent-escapes, `+` for a space), the single-valued parameters
 * trimmed with an empty one counting as absent (history-params.ts, outlet-period.ts,
 * search-params.ts), and a period checked by the outlet page's own parser.
 */
import { normaliseGroup } from "../../outlet-groups";
import { parseOutletPeriod } from "../../pages/outlet-period";

/**
 * Parameters the pages read as one value, trimmed, empty meaning absent. A repeated one is
 * kept as sent: the page answers it with a 400, which is never kept.
 */
const SINGLE_TRIMMED = new Set(["en", "fecha", "desde", "hasta", "q", "cabecera", "seccion", "grupo", "group"]);

/** Outlet-group parameters (pages' `grupo`, the API's `group`), read in one spelling (lib/outlet-groups.ts). */
const GROUP_PARAMS = new Set(["grupo", "group"]);

/** A value as written back into a key: percent-encoded, with the `,` and `:` the pages' own links use left readable. */
function encoded(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ",").replace(/%3A/gi, ":");
}

/** Each single-valued parameter trimmed (dropped when empty); a valid period written as the page reads it. */
function normalisedValues(pairs: [string, string][]): [string, string][] {
  const counts = new Map<string, number>();
  for (const [name] of pairs) counts.set(name, (counts.get(name) ?? 0) + 1);
  const values = pairs
    .map(([name, value]): [string, string] => [name, SINGLE_TRIMMED.has(name) && counts.get(name) === 1 ? value.trim() : value])
    .filter(([name, value]) => !(SINGLE_TRIMMED.has(name) && counts.get(name) === 1 && value === ""));
  for (const pair of values) {
    // `Pública`, `publica` and ` PUBLICA ` are one group, so one key; an invalid one is kept as sent, for a 400.
    if (GROUP_PARAMS.has(pair[0]) && counts.get(pair[0]) === 1) pair[1] = normaliseGroup(pair[1]) ?? pair[1];
  }
  const desde = values.find(([name]) => name === "desde");
  const hasta = values.find(([name]) => name === "hasta");
  if (desde && hasta && counts.get("desde") === 1 && counts.get("hasta") === 1) {
    // The outlet page's parser snaps a period to its whole days (peninsular calendar days).
    const period = parseOutletPeriod({ desde: desde[1], hasta: hasta[1] });
    if (period.ok && period.value) {
      desde[1] = period.value.from;
      hasta[1] = period.value.to;
    }
  }
  return values;
}

/** One `+`-for-space, percent-encoded component decoded, or undefined when its escapes are malformed. */
function decoded(component: string): string | undefined {
  try {
    return decodeURIComponent(component.replace(/\+/g, " "));
  } catch {
    return undefined;
  }
}

/**
 * The pairs of `query` whose names are in `params` (all with no list), decoded; undefined
 * when a kept value is malformed (`q=%`): such a request is passed on as sent, for the page
 * to refuse, since a key would spell it as a valid one.
 */
function keptPairs(query: string, params: readonly string[] | undefined): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  for (const piece of query.split("&")) {
    if (piece === "") continue;
    const cut = piece.indexOf("=");
    const name = decoded(cut === -1 ? piece : piece.slice(0, cut));
    if (name === undefined || (params && !params.includes(name))) continue;
    const value = decoded(cut === -1 ? "" : piece.slice(cut + 1));
    if (value === undefined) return undefined;
    pairs.push([name, value]);
  }
  return pairs;
}

/**
 * `query` (without its `?`) reduced to the parameters in `params`, in that list's order, or
 * — with no list (the API, which refuses unknown parameters itself) — every parameter in
 * name order; a repeated parameter keeps its values' order. Values are decoded and encoded
 * again in one spelling; undefined when a kept value cannot be decoded.
 */
export function normalisedQuery(query: string, params: readonly string[] | undefined): string | undefined {
  const kept = keptPairs(query, params);
  if (!kept) return undefined;
  const rank = (name: string) => (params ? params.indexOf(name) : 0);
  // Array.prototype.sort is stable: values of one name keep the order they were sent in.
  const ordered = kept.sort(([a], [b]) => rank(a) - rank(b) || (params ? 0 : a < b ? -1 : a > b ? 1 : 0));
  return normalisedValues(ordered)
    .map(([name, value]) => `${encoded(name)}=${encoded(value)}`)
    .join("&");
}
