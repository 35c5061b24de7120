/**
 * Declared dates of feeds and sitemaps (SPEC EXT-1, EXT-2): RFC 822/2822 (`pubDate`) and
 * ISO 8601 / W3C-DTF (`dc:date`, Atom, `lastmod`, `news:publication_date`), plus the forms
 * CMSs really emit: odd zone names, two-digit years, Spanish and Portuguese month and
 * weekday names, JavaScript's `Date#toString`. A date without a zone is read on the
 * outlet's clock (`timeZone`, zoned-time.ts): W3C-DTF and RFC 822 want a zone, but a Spanish
 * sitemap's `2025-03-10T10:00:00` means 10:00 in Madrid, and reading it as UTC put the
 * declared time one or two hours late. Without a `timeZone` it is read as UTC. Day-first numeric dates ("10/03/2025") stay unknown: 10 March or 3 October
 * cannot be told apart. Anything unclear is `undefined` — an unknown date is never "now".
 */
import { instantOfWallClock, type DateOptions } from "./zoned-time";

export type { DateOptions } from "./zoned-time";

const ISO =
  /^(\d{4})[-/]?(\d{2})(?:[-/]?(\d{2})(?:(?:t|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?)?\s*(z|utc|gmt|[+-]\d{2}(?::?\d{2})?)?$/i;

// RFC 822 §5.1 zones, plus the European ones Spanish outlets write (CET/CEST, WET/WEST).
const ZONES: Record<string, number> = {
  gmt: 0,
  ut: 0,
  utc: 0,
  z: 0,
  wet: 0,
  west: 60,
  bst: 60,
  cet: 60,
  met: 60,
  cest: 120,
  mest: 120,
  eet: 120,
  eest: 180,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
};

const MONTHS = new Map<string, number>();
// English, Spanish and Portuguese names and abbreviations (Brazilian and Portuguese feeds
// write "Seg, 10 Fev 2025", "10 de março de 2025").
[
  ["jan january ene enero janeiro", 1],
  ["feb february febrero fev fevereiro", 2],
  ["mar march marzo março marco", 3],
  ["apr april abr abril", 4],
  ["may mayo mai maio", 5],
  ["jun june junio junho", 6],
  ["jul july julio julho", 7],
  ["aug august ago agosto", 8],
  ["sep sept september septiembre setiembre set setembro", 9],
  ["oct october octubre out outubro", 10],
  ["nov november noviembre novembro", 11],
  ["dec december dic diciembre dez dezembro", 12],
].forEach(([names, n]) =>
  String(names)
    .split(" ")
    .forEach((name) => MONTHS.set(name, Number(n))),
);

const WEEKDAYS = new Set(
  (
    "mon tue tues wed thu thur thurs fri sat sun monday tuesday wednesday thursday friday saturday sunday " +
    "lun mar mie mié jue vie sab sáb dom lunes martes miercoles miércoles jueves viernes sabado sábado domingo " +
    "seg ter qua qui sex segunda terça terca quarta quinta sexta segunda-feira terça-feira terca-feira quarta-feira " +
    "quinta-feira sexta-feira"
  ).split(" "),
);
const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const DIGITS = /^\d+$/;
const NUMERIC_ZONE = /^(?:gmt|utc|ut)?([+-])(\d{1,2}):?(\d{2})?$/;
const FILLERS = new Set(["de", "del", "at", "a", "las", "-", "|", "h", "horas"]);

/** Dates before 1971 are CMS placeholders (0001-01-01, 1900-01-01, the Unix epoch); after 2100, typos. */
const EARLIEST = Date.UTC(1971, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** The instant a feed or sitemap date names, or undefined if it cannot be read without guessing. */
export function parseFeedDate(text: string | undefined, options: DateOptions = {}): Date | undefined {
  const s = (text ?? "").trim();
  if (s.length < 4 || s.length > 80) return undefined;
  const iso = ISO.exec(s);
  return iso ? fromIso(iso, options.timeZone) : fromRfc(s, options.timeZone);
}

function fromIso(m: RegExpExecArray, timeZone: string | undefined): Date | undefined {
  const [, y, mo, d, h, mi, sec, frac, zone] = m;
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  return build(+(y ?? 0), +(mo ?? 0), d ? +d : 1, h ? +h : 0, mi ? +mi : 0, sec ? +sec : 0, ms, zone ? zoneMinutes(zone) : timeZone);
}

/** RFC 822 / 2822 and relatives, read token by token so the order of the parts can vary. */
function fromRfc(s: string, timeZone: string | undefined): Date | undefined {
  const tokens = s
    .replace(/\([^)]*\)/g, " ") // RFC 2822 comments: "+0100 (CET)"
    .toLowerCase()
    .replace(/(\d)-([a-z]{3,})-(\d)/g, "$1 $2 $3") // 10-Mar-2025
    .split(/[\s,]+/)
    .map((t) => t.replace(/\.$/, ""))
    .filter((t) => t && !FILLERS.has(t));
  const numbers: string[] = [];
  const months: { at: number; month: number }[] = [];
  let time: RegExpExecArray | undefined;
  let offset: number | string | undefined | null = timeZone;
  let pm: boolean | undefined;
  for (const [at, token] of tokens.entries()) {
    const clock = CLOCK.exec(token);
    if (clock && !time) time = clock;
    else if (DIGITS.test(token)) numbers.push(token);
    else if (MONTHS.has(token)) months.push({ at, month: MONTHS.get(token) ?? 0 });
    else if (token === "am" || token === "pm") pm = token === "pm";
    else if (WEEKDAYS.has(token)) continue;
    else if (NUMERIC_ZONE.test(token) || Object.hasOwn(ZONES, token)) offset = zoneMinutes(token);
    // RFC 2822 §4.3: other alphabetic zones are read as UTC ("-0000"), after a time only.
    else if (time && /^[a-z]{1,5}$/.test(token)) offset = 0;
    else return undefined;
  }
  // "mar" is both martes and marzo: a leading one before another month name is the weekday.
  const month = (months.length === 2 && months[0]?.at === 0 ? months[1] : months.length === 1 ? months[0] : undefined)?.month;
  const ymd = dayAndYear(numbers);
  if (!month || !ymd || offset === null) return undefined;
  let hour = time ? +(time[1] ?? 0) : 0;
  if (pm !== undefined && time) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  return build(ymd.year, month, ymd.day, hour, time ? +(time[2] ?? 0) : 0, time ? +(time[3] ?? 0) : 0, 0, offset);
}

function dayAndYear(numbers: string[]): { day: number; year: number } | undefined {
  if (numbers.length !== 2) return undefined;
  const [a = "", b = ""] = numbers;
  const [day, year] = a.length === 4 ? [b, a] : [a, b];
  if (day.length > 2 || (year.length !== 2 && year.length !== 4)) return undefined;
  // RFC 2822 §4.3: two-digit years 00–49 are 2000–2049, 50–99 are 1950–1999.
  const y = year.length === 4 ? +year : +year + (+year < 50 ? 2000 : 1900);
  return { day: +day, year: y };
}

/** Minutes east of UTC for `Z`, `+01:00`, `+0100`, `+01`, `GMT+0100` or a named zone; null if malformed. */
function zoneMinutes(zone: string): number | null {
  const z = zone.toLowerCase();
  if (Object.hasOwn(ZONES, z)) return ZONES[z] ?? null;
  const m = NUMERIC_ZONE.exec(z);
  if (!m) return null;
  const hours = +(m[2] ?? 0);
  const minutes = +(m[3] ?? 0);
  if (hours > 14 || minutes > 59) return null;
  return (m[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
}

/** The instant of a reading; `offset` is minutes east of UTC, or the IANA zone of a reading written without one (UTC when absent). */
function build(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
  offset: number | string | undefined | null,
): Date | undefined {
  if (offset === null || mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 60) return undefined;
  const day = new Date(Date.UTC(y, mo - 1, d));
  if (day.getUTCDate() !== d || day.getUTCFullYear() !== y) return undefined; // 31 April, 29 February 2025
  const wall = Date.UTC(y, mo - 1, d, h, mi, Math.min(s, 59), ms); // a leap second reads as :59
  const t = typeof offset === "number" ? wall - offset * 60_000 : instantOfWallClock(wall, offset);
  return t >= EARLIEST && t < LATEST ? new Date(t) : undefined;
}
