/**
 * The period of an outlet's page (SPEC WEB-5, WEB-4): `desde`/`hasta` as peninsular calendar
 * days, both inclusive, with presets (día, semana, mes, año) ending on a given day. Pure: the
 * proxy answers a wrong one with HTTP 400 and the page reads the same values and says what is
 * wrong (SEC-6). Dates are bounded like every date a reader may ask about (date-range.ts).
 */
import type { Parsed } from "./history-params";
import { parseDay, shiftDay } from "./peninsular-time";
import { formatPeriod } from "./period";
import type { SearchParams } from "./search-params";

/** A chosen period: its days as written in the URL and the instants [start, end) they cover. */
export interface OutletPeriod {
  from: string;
  to: string;
  start: number;
  end: number;
}

/** Longest period a page summarises: a year, leap day included. */
export const MAX_PERIOD_DAYS = 366;

/** The presets, each the days it spans ending on the chosen last day. */
export const PERIOD_PRESETS: readonly { key: string; label: string; days: number }[] = [
  { key: "dia", label: "Día", days: 1 },
  { key: "semana", label: "Semana", days: 7 },
  { key: "mes", label: "Mes", days: 30 },
  { key: "ano", label: "Año", days: 365 },
];

/**
 * The first and last days a period may name: the whole peninsular day must lie within the
 * dates a reader may ask about (date-range.ts), and 1900-01-01 begins at 23:00 UTC of the
 * day before, so it is out; the message says these days, not merely the years.
 */
export const FIRST_PERIOD_DAY = "1900-01-02";
export const LAST_PERIOD_DAY = "9999-12-31";

const REPEATED = "Un parámetro aparece más de una vez.";

function badDay(name: string, example: string): string {
  return `La fecha «${name}» debe tener la forma AAAA-MM-DD y estar entre el ${FIRST_PERIOD_DAY} y el ${LAST_PERIOD_DAY} (por ejemplo ${example}).`;
}

function one(params: SearchParams, name: string): string | undefined | null {
  const v = params[name];
  if (Array.isArray(v)) return null;
  return v?.trim() || undefined;
}

/** Whole days from `from` to `to` (both `AAAA-MM-DD`), counting both. */
export function daysCovered(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `?desde=AAAA-MM-DD&hasta=AAAA-MM-DD`, or undefined (each section's own recent window) when neither is given. */
export function parseOutletPeriod(params: SearchParams): Parsed<OutletPeriod | undefined> {
  const from = one(params, "desde"),
    to = one(params, "hasta");
  if (from === null || to === null) return { ok: false, reason: REPEATED };
  if (from === undefined && to === undefined) return { ok: true, value: undefined };
  if (from === undefined || to === undefined) return { ok: false, reason: "Indica las dos fechas del periodo, «desde» y «hasta»." };
  const start = parseDay(from),
    end = parseDay(to);
  if (!start) return { ok: false, reason: badDay("desde", "2026-03-03") };
  if (!end) return { ok: false, reason: badDay("hasta", "2026-03-09") };
  if (from > to) return { ok: false, reason: "La fecha «desde» es posterior a «hasta»." };
  if (daysCovered(from, to) > MAX_PERIOD_DAYS) return { ok: false, reason: `El periodo puede abarcar como mucho ${MAX_PERIOD_DAYS} días.` };
  return { ok: true, value: { from, to, start: start.start, end: end.end } };
}

/** The period of `days` days ending on day `to` (`AAAA-MM-DD`). */
export function presetPeriod(to: string, days: number): { from: string; to: string } {
  return { from: shiftDay(to, -(days - 1)), to };
}

/** The outlet page over a period (`undefined`: its default recent windows), at an optional section anchor. */
export function outletPeriodHref(slug: string, period?: { from: string; to: string }, anchor?: string): string {
  const base = `/cabeceras/${encodeURIComponent(slug)}`;
  const query = period ? `?desde=${period.from}&hasta=${period.to}` : "";
  return `${base}${query}${anchor ? `#${anchor}` : ""}`;
}

const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

function parts(day: string): { y: number; m: number; d: number } {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return { y, m, d };
}

/**
 * A period of days as a caption says it: `"el 3 de marzo de 2026"`, `"del 3 al 9 de marzo de 2026"`,
 * `"del 28 de febrero al 9 de marzo de 2026"`, `"del 28 de diciembre de 2025 al 3 de enero de 2026"`.
 */
export function formatDays(from: string, to: string): string {
  const a = parts(from),
    b = parts(to);
  const last = `${b.d} de ${MONTHS[b.m - 1]} de ${b.y}`;
  if (from === to) return `el ${last}`;
  if (a.y !== b.y) return `del ${a.d} de ${MONTHS[a.m - 1]} de ${a.y} al ${last}`;
  if (a.m !== b.m) return `del ${a.d} de ${MONTHS[a.m - 1]} al ${last}`;
  return `del ${a.d} al ${last}`;
}

/** How a section names its period: in a figure's caption, and inside a sentence. */
export interface PeriodWords {
  caption: string;
  within: string;
}

/**
 * The words for a section's period: the chosen days (`"del 3 al 9 de marzo de 2026"`), or, with
 * no period chosen, the section's own recent window (`recent`, e.g. `"en los últimos 7 días"`)
 * followed by its moments in the outlet's zone.
 */
export function periodWords(
  chosen: OutletPeriod | undefined,
  window: { start: number; end: number },
  timeZone: string,
  recent: string,
): PeriodWords {
  if (chosen) {
    const caption = formatDays(chosen.from, chosen.to);
    return { caption, within: caption };
  }
  const caption = formatPeriod(window.start, window.end, timeZone);
  return { caption, within: `${recent} (${caption})` };
}

/** `text` with its first letter in capitals, to open a sentence. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
