/**
 * Declared dates of articles (SPEC EXT-4: `datePublished`, `article:published_time`):
 * ISO 8601 as schema.org asks, and RFC 2822 as some CMSs write. Unreadable dates are
 * unknown, never "now" (as EXT-1 says for feeds). A date-time without an offset is read
 * on the outlet's clock (`timeZone`, crawler/parse/zoned-time.ts), UTC when none is given,
 * so the result never depends on the worker's time zone.
 */
import { instantOfWallClock, type DateOptions } from "../zoned-time";

// The hour may be written with one digit (`2022-05-11T4:10:00`, seen on a real CMS).
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
// RFC 2822 / HTTP dates are handed to Date.parse only when they carry a zone.
const ZONED = /(?:GMT|UTC|UT|Z|[+-]\d{2}:?\d{2})$/i;
const MIN_YEAR = 1900;
const MAX_YEAR = 2200;

function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone.toUpperCase() === "Z") return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === "-" ? -minutes : minutes;
}

function fromIso(m: RegExpExecArray, timeZone: string | undefined): Date | undefined {
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millis = Math.round(Number(`0.${m[7] ?? "0"}`) * 1000);
  // Checked here too: Date.UTC reads years 0–99 as 1900–1999.
  if (year < MIN_YEAR || year > MAX_YEAR) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 24 || minute > 59 || second > 60) return undefined;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  // Date.UTC rolls 31 February over into March; such a date is not a date.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return undefined;
  return new Date(m[8] === undefined ? instantOfWallClock(local, timeZone) : local - offsetMinutes(m[8]) * 60_000);
}

/** A declared date as a Date, or undefined when absent, unreadable or out of range. */
export function parseDeclaredDate(value: unknown, options: DateOptions = {}): Date | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  if (text === "" || text.length > 64) return undefined;
  const iso = ISO.exec(text);
  const date = iso ? fromIso(iso, options.timeZone) : ZONED.test(text) ? new Date(Date.parse(text)) : undefined;
  if (date === undefined || Number.isNaN(date.getTime())) return undefined;
  const year = date.getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR ? date : undefined;
}
