/**
 * Attention over time for up to four searches (SPEC WEB-9): the query string of /buscar's
 * comparison, and the per-day, per-outlet series shaped for the chart, the tables and the
 * downloads. Pure: the read model (db/queries/site/attention-series.ts) supplies the counts.
 */
import { dayValue, parseDay, shiftDay } from "./peninsular-time";
import { daysCovered, MAX_PERIOD_DAYS } from "./outlet-period";
import { parseGroupParam } from "../outlet-groups";
import { MAX_QUERY_LENGTH, type SearchParams } from "./search-params";

/** Searches compared side by side in one chart and one table. */
export const MAX_QUERIES = 4;
/** The period a comparison covers when none is given: the last 30 days. */
export const DEFAULT_DAYS = 30;
/** Query-string names of the searches: `q` (the search box), then `q2` … `q4`. */
export const QUERY_PARAMS = ["q", "q2", "q3", "q4"] as const;

/** What a comparison asks for. */
export interface AttentionRequest {
  /** The searches, in order, none empty. */
  queries: string[];
  /** Peninsular days (`AAAA-MM-DD`), both included. */
  from: string;
  to: string;
  outlet?: string;
  /** Narrow to one outlet group (docs/outlet-groups.md), normalised. */
  group?: string;
}

/** The searches and period of `params`, the period defaulting to the DEFAULT_DAYS days up to `now`; a Spanish reason when wrong. */
export function parseAttentionRequest(
  params: SearchParams,
  now: number,
): { ok: true; value: AttentionRequest } | { ok: false; reason: string } {
  const one = (name: string): string | undefined | null => {
    const v = params[name];
    if (Array.isArray(v)) return null;
    return v?.trim() || undefined;
  };
  const values = QUERY_PARAMS.map(one);
  if (values.includes(null) || [one("desde"), one("hasta"), one("cabecera")].includes(null)) {
    return { ok: false, reason: "Un parámetro aparece más de una vez." };
  }
  const queries = values.filter((q): q is string => typeof q === "string");
  if (queries.some((q) => q.length > MAX_QUERY_LENGTH))
    return { ok: false, reason: `Cada búsqueda admite como mucho ${MAX_QUERY_LENGTH} caracteres.` };
  const to = one("hasta") ?? dayValue(now);
  const from = one("desde") ?? shiftDay(to, -(DEFAULT_DAYS - 1));
  if (!parseDay(from) || !parseDay(to)) return { ok: false, reason: "Las fechas deben tener la forma AAAA-MM-DD." };
  if (from > to) return { ok: false, reason: "La fecha «desde» es posterior a «hasta»." };
  if (daysCovered(from, to) > MAX_PERIOD_DAYS) return { ok: false, reason: `El periodo puede abarcar como mucho ${MAX_PERIOD_DAYS} días.` };
  const outlet = one("cabecera") ?? undefined;
  if (outlet !== undefined && !/^[a-z0-9][a-z0-9-]{0,79}$/.test(outlet)) return { ok: false, reason: "La cabecera indicada no es válida." };
  const group = parseGroupParam(params.grupo);
  if (!group.ok) return group;
  return {
    ok: true,
    value: { queries: [...new Set(queries)], from, to, ...(outlet ? { outlet } : {}), ...(group.group ? { group: group.group } : {}) },
  };
}

/** One outlet's day for one search, as the read model counts it. */
export interface AttentionCount {
  day: string;
  outlet: string;
  /** Articles first seen that day with a headline version matching the search. */
  articles: number;
  /** Weighted front-page minutes (DER-9) of those articles' rank spans begun that day; null under «sin posición». */
  prominenceMinutes: number | null;
}

/** A row of the series: one search, one day, one outlet (or every outlet: `outlet` null). */
export interface AttentionRow {
  query: string;
  day: string;
  outlet: string | null;
  articles: number;
  /** Every article the outlet(s) published that day, the share's denominator. */
  outletArticles: number;
  /** articles / outletArticles, null when the outlet published nothing that day. */
  share: number | null;
  prominenceMinutes: number | null;
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = shiftDay(d, 1)) out.push(d);
  return out;
}

const key = (outlet: string, day: string) => `${outlet}\u0000${day}`;

/**
 * The rows of one search: every day of the period, first the total over outlets, then each
 * outlet that matched in the period (days with no match are zero, not missing, so a chart
 * and a spreadsheet see the gaps). `totals` is each searched outlet's articles per day, keyed
 * `slug\0day`, matched or not: the total row's share is over all of them.
 */
export function attentionRows(input: {
  query: string;
  days: readonly string[];
  counts: readonly AttentionCount[];
  totals: ReadonlyMap<string, number>;
  /** Outlets whose front-page positions may be shown. */
  positionsShown: (outlet: string) => boolean;
}): AttentionRow[] {
  const byKey = new Map(input.counts.map((c) => [key(c.outlet, c.day), c]));
  const outlets = [...new Set(input.counts.map((c) => c.outlet))].sort();
  const totalOf = (outlet: string, day: string) => input.totals.get(key(outlet, day)) ?? 0;
  const share = (n: number, of: number) => (of > 0 ? n / of : null);
  // The total's denominator is every searched outlet's articles, matched or not.
  const dayTotals = new Map<string, number>();
  for (const [k, n] of input.totals) {
    const day = k.slice(k.indexOf("\u0000") + 1);
    dayTotals.set(day, (dayTotals.get(day) ?? 0) + n);
  }
  const rows: AttentionRow[] = [];
  for (const day of input.days) {
    let articles = 0,
      minutes = 0,
      anyMinutes = false;
    const perOutlet: AttentionRow[] = [];
    for (const outlet of outlets) {
      const c = byKey.get(key(outlet, day));
      const n = c?.articles ?? 0;
      const total = totalOf(outlet, day);
      const shown = input.positionsShown(outlet);
      const m = shown ? (c?.prominenceMinutes ?? 0) : null;
      articles += n;
      if (m !== null) {
        minutes += m;
        anyMinutes = true;
      }
      perOutlet.push({ query: input.query, day, outlet, articles: n, outletArticles: total, share: share(n, total), prominenceMinutes: m });
    }
    const of = dayTotals.get(day) ?? 0;
    rows.push({
      query: input.query,
      day,
      outlet: null,
      articles,
      outletArticles: of,
      share: share(articles, of),
      prominenceMinutes: anyMinutes ? minutes : null,
    });
    rows.push(...perOutlet);
  }
  return rows;
}

/** Per-outlet totals over the whole period of one search's rows, most articles first. */
export function outletTotals(rows: readonly AttentionRow[]): AttentionRow[] {
  const sums = new Map<string, AttentionRow>();
  for (const r of rows) {
    if (r.outlet === null) continue;
    const s = sums.get(r.outlet) ?? {
      ...r,
      day: "",
      articles: 0,
      outletArticles: 0,
      share: null,
      prominenceMinutes: r.prominenceMinutes === null ? null : 0,
    };
    s.articles += r.articles;
    s.outletArticles += r.outletArticles;
    if (s.prominenceMinutes !== null) s.prominenceMinutes += r.prominenceMinutes ?? 0;
    sums.set(r.outlet, s);
  }
  return [...sums.values()]
    .map((s) => ({ ...s, share: s.outletArticles > 0 ? s.articles / s.outletArticles : null }))
    .sort((a, b) => b.articles - a.articles || (a.outlet ?? "").localeCompare(b.outlet ?? ""));
}

/** Field names of the series' CSV and JSON, in order. */
export const SERIES_FIELDS = ["query", "day", "outlet", "articles", "outlet_articles", "share", "prominence_minutes"] as const;

/** A row as published (snake_case; share to 6 decimals, minutes rounded). */
export function seriesRecord(r: AttentionRow): Record<(typeof SERIES_FIELDS)[number], string | number | null> {
  return {
    query: r.query,
    day: r.day,
    outlet: r.outlet,
    articles: r.articles,
    outlet_articles: r.outletArticles,
    share: r.share === null ? null : Math.round(r.share * 1e6) / 1e6,
    prominence_minutes: r.prominenceMinutes === null ? null : Math.round(r.prominenceMinutes),
  };
}
