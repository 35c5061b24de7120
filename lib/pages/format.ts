/**
 * Spanish wording for the figures the public pages print: durations, sizes, counts,
 * hours and dates. Pure functions, so every page says the same thing the same way.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const KIB = 1024;
const MIB = 1024 * KIB;

const number = new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2 });
const longDay = new Intl.DateTimeFormat("es-ES", { dateStyle: "long", timeZone: "UTC" });

/** A number in Spanish notation (decimal comma): `2.5` → `"2,5"`. */
export function formatNumber(n: number): string {
  return number.format(n);
}

/** `n` followed by the singular or plural noun: `1, "minuto", "minutos"` → `"1 minuto"`. */
export function formatCount(n: number, singular: string, plural: string): string {
  return `${formatNumber(n)} ${n === 1 ? singular : plural}`;
}

/** A duration in its largest whole unit, days only from two days up: `21_600_000` → `"6 horas"`. */
export function formatDuration(ms: number): string {
  if (ms >= 2 * DAY && ms % DAY === 0) return formatCount(ms / DAY, "día", "días");
  if (ms >= HOUR && ms % HOUR === 0) return formatCount(ms / HOUR, "hora", "horas");
  if (ms >= MINUTE && ms % MINUTE === 0) return formatCount(ms / MINUTE, "minuto", "minutos");
  return formatCount(ms / SECOND, "segundo", "segundos");
}

/** A range in seconds: `3000, 5000` → `"3–5 segundos"`; equal ends give one figure. */
export function formatSecondsRange(minMs: number, maxMs: number): string {
  if (minMs === maxMs) return formatCount(minMs / SECOND, "segundo", "segundos");
  return `${formatNumber(minMs / SECOND)}–${formatNumber(maxMs / SECOND)} segundos`;
}

/** Minutes as a phrase: `10` → `"10 minutos"`, `60` → `"60 minutos"`. */
export function formatMinutes(minutes: number): string {
  return formatCount(minutes, "minuto", "minutos");
}

/** A byte size in binary units: `10 * 1024 * 1024` → `"10 MiB"`. */
export function formatBytes(bytes: number): string {
  if (bytes >= MIB) return `${formatNumber(bytes / MIB)} MiB`;
  if (bytes >= KIB) return `${formatNumber(bytes / KIB)} KiB`;
  return formatCount(bytes, "byte", "bytes");
}

/** A Spanish enumeration: `["15", "30", "60"], "o"` → `"15, 30 o 60"`. */
export function formatList(items: readonly string[], conjunction: "y" | "o" = "y"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1]}`;
}

/** An hour of the day with its article: `1` → `"la 01:00"`, `6` → `"las 06:00"`. */
export function formatHourOfDay(hour: number): string {
  const clock = `${String(hour).padStart(2, "0")}:00`;
  return `${hour === 1 ? "la" : "las"} ${clock}`;
}

/** A calendar day (`YYYY-MM-DD`) in long Spanish form: `"7 de septiembre de 2026"`. */
export function formatDay(day: string): string {
  return longDay.format(new Date(`${day}T00:00:00Z`));
}

/** How often, as a phrase: `3_600_000` → `"cada hora"`, `600_000` → `"cada 10 minutos"`. */
export function formatEvery(ms: number): string {
  const phrase = formatDuration(ms);
  return phrase.startsWith("1 ") ? `cada ${phrase.slice(2)}` : `cada ${phrase}`;
}
