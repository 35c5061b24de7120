/**
 * Reading HTTP response fields given as plain data: case-insensitive header lookup and
 * HTTP-date parsing in its three forms (RFC 9110 §5.6.7). No clock reads: `now` is passed in.
 */

/** Response headers as plain data; names in any case, repeated fields as arrays. */
export type HeaderBag = Readonly<Record<string, string | readonly string[] | undefined>>;

/** All values of a header (case-insensitive name), each comma-joined field kept as sent. */
export function headerValues(headers: HeaderBag | undefined, name: string): string[] {
  if (!headers) return [];
  const wanted = name.toLowerCase();
  const out: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    if (typeof value === "string") out.push(value);
    else out.push(...value);
  }
  return out;
}

const DAYS = "(?:mon|tue|wed|thu|fri|sat|sun)";
const LONG_DAYS = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = `(${MONTHS.join("|")})`;
const TIME = "(\\d{2}):(\\d{2}):(\\d{2})";

// RFC 9110 §5.6.7. Matching is lenient about letter case and runs of spaces, since a
// date we fail to read would shorten the wait we owe the server.
const IMF_FIXDATE = new RegExp(`^${DAYS},\\s+(\\d{2})\\s+${MONTH}\\s+(\\d{4})\\s+${TIME}\\s+GMT$`, "i");
const RFC850 = new RegExp(`^${LONG_DAYS},\\s+(\\d{2})-${MONTH}-(\\d{2})\\s+${TIME}\\s+GMT$`, "i");
const ASCTIME = new RegExp(`^${DAYS}\\s+${MONTH}\\s+(\\d{1,2})\\s+${TIME}\\s+(\\d{4})$`, "i");

interface Parts {
  year: number;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function toEpoch({ year, month, day, hour, minute, second }: Parts): number | undefined {
  const m = MONTHS.indexOf(month.toLowerCase());
  const [d, h, min, s] = [day, hour, minute, second].map(Number) as [number, number, number, number];
  if (m < 0 || h > 23 || min > 59 || s > 60) return undefined; // 60: leap second
  const epoch = Date.UTC(year, m, d, h, min, s);
  const check = new Date(epoch);
  // Reject 31 Feb and the like instead of letting Date roll them over.
  return check.getUTCMonth() === m && check.getUTCDate() === d ? epoch : undefined;
}

// RFC 9110 §5.6.7: a two-digit year that would be more than 50 years in the future is the
// most recent past year with those digits.
function fullYear(twoDigits: number, now: number): number {
  const thisYear = new Date(now).getUTCFullYear();
  const year = Math.floor(thisYear / 100) * 100 + twoDigits;
  return year > thisYear + 50 ? year - 100 : year;
}

/** Parse an HTTP-date (IMF-fixdate, RFC 850 or asctime) to epoch ms; undefined when invalid. */
export function parseHttpDate(value: string, now: number): number | undefined {
  const text = value.trim();
  let m = IMF_FIXDATE.exec(text);
  if (m) {
    const [, day = "", month = "", year = "", hour = "", minute = "", second = ""] = m;
    return toEpoch({ year: Number(year), month, day, hour, minute, second });
  }
  m = RFC850.exec(text);
  if (m) {
    const [, day = "", month = "", yy = "", hour = "", minute = "", second = ""] = m;
    return toEpoch({ year: fullYear(Number(yy), now), month, day, hour, minute, second });
  }
  m = ASCTIME.exec(text);
  if (m) {
    const [, month = "", day = "", hour = "", minute = "", second = "", year = ""] = m;
    return toEpoch({ year: Number(year), month, day, hour, minute, second });
  }
  return undefined;
}
