/**
 * The query strings of the history pages (SPEC WEB-5), validated: an outlet's front page
 * at a minute (`en`), several outlets side by side (`en`, `cabeceras`) and a day's leads
 * (`fecha`). Pure: the proxy answers a wrong one with HTTP 400 and the page reads the same
 * values and says what is wrong (SEC-6). Times are peninsular (peninsular-time.ts).
 */
import { parseGroupParam } from "../outlet-groups";
import { parseDay, parseMinute } from "./peninsular-time";
import type { SearchParams } from "./search-params";

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Outlets a side-by-side view compares. */
export const MIN_SIDE_BY_SIDE = 2;
export const MAX_SIDE_BY_SIDE = 4;

const SLUG = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** One value of `name`, undefined when absent or empty, null when repeated. */
function one(params: SearchParams, name: string): string | undefined | null {
  const v = params[name];
  if (Array.isArray(v)) return null;
  return v?.trim() || undefined;
}

const REPEATED = "Un parámetro aparece más de una vez.";
const BAD_MINUTE = "La hora «en» debe tener la forma AAAA-MM-DDTHH:MM, en hora peninsular (por ejemplo 2026-11-20T09:30).";

/** `en`: the start of the minute asked for, or undefined for "now". */
function minuteParam(params: SearchParams): Parsed<number | undefined> {
  const en = one(params, "en");
  if (en === null) return { ok: false, reason: REPEATED };
  if (en === undefined) return { ok: true, value: undefined };
  const at = parseMinute(en);
  return at === undefined ? { ok: false, reason: BAD_MINUTE } : { ok: true, value: at };
}

/** An outlet's front page at a minute: `?en=AAAA-MM-DDTHH:MM`. */
export interface FrontPageQuery {
  at?: number;
}

export function parseFrontPageQuery(params: SearchParams): Parsed<FrontPageQuery> {
  const at = minuteParam(params);
  return at.ok ? { ok: true, value: { at: at.value } } : at;
}

/** Outlets side by side at a minute: `?en=…&cabeceras=a,b,c`; no outlets yet means the form alone. */
export interface SideBySideQuery {
  at?: number;
  slugs: string[];
}

export function parseSideBySideQuery(params: SearchParams): Parsed<SideBySideQuery> {
  const at = minuteParam(params);
  if (!at.ok) return at;
  // Checkboxes send the parameter once per outlet; a link sends one comma-separated list.
  const raw = params.cabeceras;
  const list = (Array.isArray(raw) ? raw.join(",") : (raw ?? "")).trim();
  if (list === "") return { ok: true, value: { at: at.value, slugs: [] } };
  const slugs = [
    ...new Set(
      list
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (slugs.some((s) => !SLUG.test(s))) return { ok: false, reason: "Alguna de las cabeceras indicadas no es válida." };
  if (slugs.length < MIN_SIDE_BY_SIDE || slugs.length > MAX_SIDE_BY_SIDE) {
    return { ok: false, reason: `Elige entre ${MIN_SIDE_BY_SIDE} y ${MAX_SIDE_BY_SIDE} cabeceras distintas.` };
  }
  return { ok: true, value: { at: at.value, slugs } };
}

/** A day's leads: `?fecha=AAAA-MM-DD` (peninsular calendar day), or undefined for today. */
export interface DayQuery {
  day?: string;
  /** Narrow to one outlet group (docs/outlet-groups.md), normalised. */
  group?: string;
}

export function parseDayQuery(params: SearchParams): Parsed<DayQuery> {
  const day = one(params, "fecha");
  if (day === null) return { ok: false, reason: REPEATED };
  const group = parseGroupParam(params.grupo);
  if (!group.ok) return group;
  const grouped = group.group ? { group: group.group } : {};
  if (day === undefined) return { ok: true, value: grouped };
  if (!parseDay(day)) return { ok: false, reason: "La fecha debe tener la forma AAAA-MM-DD (por ejemplo 2026-11-20)." };
  return { ok: true, value: { day, ...grouped } };
}
