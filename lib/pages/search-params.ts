/**
 * The query string of /buscar, validated (SPEC WEB-1 search; bad input is a 400, never a 500).
 * Pure: the proxy uses it to answer 400 and the page to read the same values.
 */
import { parseGroupParam } from "../outlet-groups";
import { inDateRange } from "./date-range";
import { parsePageParam } from "./pagination";

export interface SearchQuery {
  /** Words to find in headlines (PostgreSQL web-search syntax: "frase", -palabra, o). */
  q: string;
  outlet?: string;
  /** Narrow to one outlet group (docs/outlet-groups.md), normalised. */
  group?: string;
  /** Madrid calendar days, inclusive. */
  from?: string;
  to?: string;
  section?: string;
  page: number;
}

export type SearchParams = Record<string, string | string[] | undefined>;

/** A URL's query as pages receive it: a parameter given once is a string, given more often a list. */
export function searchParamsRecord(params: URLSearchParams): SearchParams {
  const record: SearchParams = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    record[key] = values.length === 1 ? values[0] : values;
  }
  return record;
}

/** Longest accepted search text. */
export const MAX_QUERY_LENGTH = 200;

function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value) && inDateRange(d.getTime());
}

/** The search, or the Spanish reason the query string is wrong. */
export function parseSearchParams(params: SearchParams): { ok: true; value: SearchQuery } | { ok: false; reason: string } {
  const one = (name: string): string | undefined | null => {
    const v = params[name];
    if (Array.isArray(v)) return null;
    return v?.trim() || undefined;
  };
  const q = one("q"),
    outlet = one("cabecera"),
    from = one("desde"),
    to = one("hasta"),
    section = one("seccion");
  if ([q, outlet, from, to, section].includes(null)) return { ok: false, reason: "Un parámetro aparece más de una vez." };
  if (q && q.length > MAX_QUERY_LENGTH) return { ok: false, reason: `La búsqueda admite como mucho ${MAX_QUERY_LENGTH} caracteres.` };
  if (outlet && !/^[a-z0-9][a-z0-9-]{0,79}$/.test(outlet)) return { ok: false, reason: "La cabecera indicada no es válida." };
  if (from && !isDay(from)) return { ok: false, reason: "La fecha «desde» debe tener la forma AAAA-MM-DD." };
  if (to && !isDay(to)) return { ok: false, reason: "La fecha «hasta» debe tener la forma AAAA-MM-DD." };
  if (from && to && from > to) return { ok: false, reason: "La fecha «desde» es posterior a «hasta»." };
  if (section && section.length > 80) return { ok: false, reason: "La sección indicada es demasiado larga." };
  const group = parseGroupParam(params.grupo);
  if (!group.ok) return group;
  const page = parsePageParam(params.pagina);
  if (page === undefined) return { ok: false, reason: "El número de página no es válido." };
  return {
    ok: true,
    value: {
      q: q ?? "",
      outlet: outlet ?? undefined,
      from: from ?? undefined,
      to: to ?? undefined,
      section: section ?? undefined,
      page,
      ...(group.group ? { group: group.group } : {}),
    },
  };
}

/** The address of another page of the same search. */
export function searchHref(query: SearchQuery, page: number): string {
  const p = new URLSearchParams();
  if (query.q) p.set("q", query.q);
  if (query.outlet) p.set("cabecera", query.outlet);
  if (query.group) p.set("grupo", query.group);
  if (query.from) p.set("desde", query.from);
  if (query.to) p.set("hasta", query.to);
  if (query.section) p.set("seccion", query.section);
  if (page > 1) p.set("pagina", String(page));
  const s = p.toString();
  return s ? `/buscar?${s}` : "/buscar";
}

/** The query of a search's Atom feed: the words and the outlet or group it is narrowed to (the feed has no period or pages). */
export function atomQuery(query: SearchQuery): string {
  const p = new URLSearchParams({ q: query.q });
  if (query.outlet) p.set("cabecera", query.outlet);
  if (query.group) p.set("grupo", query.group);
  return p.toString();
}
