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
  const [y, m, d] = from.split("-").map(Number) as [number, number, number];
  // Calendar days step in UTC, where every day has 24 hours.
  for (let at = Date.UTC(y, m - 1, d); ; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    if (day > to) return out;
    out.push(day);
  }
}

/**
 * Each searched outlet's articles per day of the period, matched or not (the shares' denominators):
 * by outlet slug, one count per day of `daysOf(from, to)`, in that order.
 */
export type OutletDayTotals = ReadonlyMap<string, Float64Array>;

/**
 * The rows of one search: every day of the period, first the total over outlets, then each
 * outlet that matched in the period (days with no match are zero, not missing, so a chart
 * and a spreadsheet see the gaps). `totals` is each searched outlet's articles per day: the
 * total row's share is over all of them.
 */
export function attentionRows(input: {
  query: string;
  days: readonly string[];
  counts: readonly AttentionCount[];
  totals: OutletDayTotals;
  /** Outlets whose front-page positions may be shown. */
  positionsShown: (outlet: string) => boolean;
}): AttentionRow[] {
  // Indexed by outlet and day rather than keyed by strings: a year of 50 outlets is 18,000 cells,
  // and building a key for each cost the API most of its time.
  const days = input.days;
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const outlets = [...new Set(input.counts.map((c) => c.outlet))].sort();
  const outletIndex = new Map(outlets.map((o, i) => [o, i]));
  const width = days.length;
  const cells: (AttentionCount | undefined)[] = new Array(outlets.length * width);
  for (const c of input.counts) {
    const d = dayIndex.get(c.day);
    if (d !== undefined) cells[outletIndex.get(c.outlet)! * width + d] = c;
  }
  // The total's denominator is every searched outlet's articles, matched or not.
  const outletTotals = new Float64Array(outlets.length * width);
  const dayTotals = new Float64Array(width);
  for (const [outlet, perDay] of input.totals) {
    const o = outletIndex.get(outlet);
    for (let d = 0; d < Math.min(width, perDay.length); d++) {
      dayTotals[d] = dayTotals[d]! + perDay[d]!;
      if (o !== undefined) outletTotals[o * width + d] = perDay[d]!;
    }
  }
  const shown = outlets.map((o) => input.positionsShown(o));
  const share = (n: number, of: number) => (of > 0 ? n / of : null);
  const rows: AttentionRow[] = [];
  for (let d = 0; d < width; d++) {
    const day = days[d]!;
    let articles = 0,
      minutes = 0,
      anyMinutes = false;
    const perOutlet: AttentionRow[] = [];
    for (let o = 0; o < outlets.length; o++) {
      const c = cells[o * width + d];
      const n = c?.articles ?? 0;
      const total = outletTotals[o * width + d]!;
      const m = shown[o] ? (c?.prominenceMinutes ?? 0) : null;
      articles += n;
      if (m !== null) {
        minutes += m;
        anyMinutes = true;
      }
      perOutlet.push({
        query: input.query,
        day,
        outlet: outlets[o]!,
        articles: n,
        outletArticles: total,
        share: share(n, total),
        prominenceMinutes: m,
      });
    }
    const of = dayTotals[d]!;
    rows.push({
      query: input.query,
      day,
      outlet: null,
      articles,
      outletArticles: of,
      share: share(articles, of),
      prominenceMinutes: anyMinutes ? minutes : null,
    });
    for (const r of perOutlet) rows.push(r);
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
