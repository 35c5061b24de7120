/**
 * Moments, periods and shares as the data pages print them (SPEC WEB-4: every figure
 * says over which period): dates in the outlet's time zone, rounded elapsed times and
 * percentages, in Spanish. Pure functions.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, withYear: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withYear}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("es-ES", {
      timeZone,
      day: "numeric",
      month: "short",
      ...(withYear ? { year: "numeric" } : {}),
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(key, f);
  }
  return f;
}

/** A moment in the given zone, e.g. `"20 nov 2026, 13:00"`. */
export function formatMoment(ms: number, timeZone = "Europe/Madrid"): string {
  return formatter(timeZone, true).format(ms);
}

/** A period between two moments in the given zone: `"del 13 nov, 13:00 al 20 nov 2026, 13:00"`. */
export function formatPeriod(start: number, end: number, timeZone = "Europe/Madrid"): string {
  return `del ${formatter(timeZone, false).format(start)} al ${formatMoment(end, timeZone)}`;
}

/** An elapsed time rounded to what a reader needs: `"45 min"`, `"7 h 30 min"`, `"2 d 3 h"`; negatives keep their sign. */
export function formatElapsed(ms: number): string {
  if (ms < 0) return `−${formatElapsed(-ms)}`;
  if (ms < MINUTE) return "menos de 1 min";
  if (ms < HOUR) return `${Math.round(ms / MINUTE)} min`;
  if (ms < DAY) {
    const h = Math.floor(ms / HOUR);
    const m = Math.round((ms - h * HOUR) / MINUTE);
    return m === 0 || m === 60 ? `${m === 60 ? h + 1 : h} h` : `${h} h ${m} min`;
  }
  const d = Math.floor(ms / DAY);
  const h = Math.round((ms - d * DAY) / HOUR);
  return h === 0 || h === 24 ? `${h === 24 ? d + 1 : d} d` : `${d} d ${h} h`;
}

/** A share as a whole percentage with a non-breaking space: `0.4444` → `"44 %"`. */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}\u00a0%`;
}

/** `part` of `whole` as a percentage, or a dash when `whole` is 0. */
export function formatShare(part: number, whole: number): string {
  return whole === 0 ? "—" : formatPercent(part / whole);
}

/** How long ago `ms` was at `now`: `"hace 5 min"`, `"hace 3 h"`, `"hace 2 días"`; the future reads "ahora". */
export function formatAgo(ms: number, now: number): string {
  const d = now - ms;
  if (d < MINUTE) return "ahora";
  if (d < HOUR) return `hace ${Math.floor(d / MINUTE)} min`;
  if (d < DAY) return `hace ${Math.floor(d / HOUR)} h`;
  const days = Math.floor(d / DAY);
  return `hace ${days} ${days === 1 ? "día" : "días"}`;
}
