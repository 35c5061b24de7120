/**
 * Instants as the public pages print them: in Spain's peninsular time (the outlets' own),
 * with the zone said once per page by the caller. Pure, so every page says it the same way.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ZONE = "Europe/Madrid";

const dateTime = new Intl.DateTimeFormat("es-ES", { timeZone: ZONE, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
const time = new Intl.DateTimeFormat("es-ES", { timeZone: ZONE, hour: "2-digit", minute: "2-digit" });

/** `"29 nov 2026, 22:40"` in Madrid time. */
export function formatDateTime(ms: number): string {
  return dateTime.format(ms);
}

/** `"22:40"` in Madrid time. */
export function formatTime(ms: number): string {
  return time.format(ms);
}

/** ISO 8601 in UTC, for `<time dateTime>` attributes. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
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
