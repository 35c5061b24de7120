/**
 * Minutes and days as the history pages take them in their query strings: wall-clock
 * peninsular time (SPEC WEB-5, WEB-7: the pages that bring outlets together, and the
 * history pages, read and print peninsular time, labelled so). `2026-11-20T09:30` is the
 * minute a `datetime-local` field sends; `2026-11-20` a calendar day, 23 to 25 hours long.
 * Pure.
 */
import { inDateRange } from "./date-range";
import { SITE_TIME_ZONE } from "./time-zone";

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

const wallFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: SITE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * Peninsular time's offset from UTC during the UTC hour that holds `at`, in ms. The zone's changes
 * fall on whole UTC hours, so one hour has one offset; asking the zone database costs some 5 µs a
 * time, and a page with a chart asks it for hundreds of instants, mostly in a few hours.
 */
const offsets = new Map<number, number>();

function offsetAt(at: number): number {
  const hour = Math.floor(at / HOUR_MS);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    const start = hour * HOUR_MS;
    const p = Object.fromEntries(wallFormat.formatToParts(start).map((x) => [x.type, Number(x.value)]));
    offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) - start;
    if (offsets.size >= 100_000) offsets.clear();
    offsets.set(hour, offset);
  }
  return offset;
}

/** The wall clock in peninsular time at `at`: `[year, month, day, hour, minute]`. */
function wall(at: number): [number, number, number, number, number] {
  const d = new Date(at + offsetAt(at));
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `at` as the value of a `datetime-local` field in peninsular time: `"2026-11-20T09:30"`. */
export function minuteValue(at: number): string {
  const [y, mo, d, h, mi] = wall(at);
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}`;
}

/** The peninsular calendar day of `at`: `"2026-11-20"`. */
export function dayValue(at: number): string {
  return minuteValue(at).slice(0, 10);
}

/**
 * The instant a peninsular wall-clock time names. Peninsular time is UTC+1 or UTC+2, so it
 * is one of two instants: in the hour repeated when summer time ends, the first; a time
 * skipped when summer time begins is read with the winter offset (02:30 is 03:30 summer time).
 */
export function wallToInstant(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const wanted = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`;
  const summer = asUtc - 2 * HOUR_MS;
  return minuteValue(summer) === wanted ? summer : asUtc - HOUR_MS;
}

/** The start of the minute `value` (`AAAA-MM-DDTHH:MM`, seconds allowed and dropped) names, or undefined. */
export function parseMinute(value: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  const check = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (
    Number.isNaN(check.getTime()) ||
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59
  )
    return undefined;
  const at = wallToInstant(y, mo, d, h, mi);
  return inDateRange(at) ? at : undefined;
}

/**
 * Days already read, by their text: a page with a chart reads the same few days dozens of times.
 * Only valid days are kept (ten characters each), at most a few thousand.
 */
const readDays = new Map<string, { start: number; end: number }>();

/** A peninsular calendar day `AAAA-MM-DD` as [start, end) instants, or undefined. */
export function parseDay(value: string): { start: number; end: number } | undefined {
  let day = readDays.get(value);
  if (day === undefined) {
    day = readDay(value);
    if (day === undefined) return undefined;
    if (readDays.size >= 5_000) readDays.clear();
    readDays.set(value, day);
  }
  return { ...day };
}

function readDay(value: string): { start: number; end: number } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [y, mo, d] = m.slice(1, 4).map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, mo - 1, d));
  // Date.UTC reads years 0-99 as 1900-1999: the year check keeps "0050-06-01" from meaning 1950.
  if (Number.isNaN(check.getTime()) || check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d)
    return undefined;
  const start = wallToInstant(y, mo, d);
  const next = new Date(Date.UTC(y, mo - 1, d + 1));
  const end = wallToInstant(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
  return inDateRange(start) && inDateRange(end) ? { start, end } : undefined;
}

/** The day before or after a `AAAA-MM-DD` day (by `days`), as a day value. */
export function shiftDay(value: string, days: number): string {
  const [y, mo, d] = value.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, mo - 1, d + days)).toISOString().slice(0, 10);
}

/** The hours of a peninsular day [start, end): each hour's start and its wall-clock label (`"09:00"`); 23 to 25 of them. */
export function dayHours(start: number, end: number): { at: number; label: string }[] {
  const hours: { at: number; label: string }[] = [];
  for (let at = start; at < end; at += HOUR_MS) hours.push({ at, label: minuteValue(at).slice(11) });
  return hours;
}
