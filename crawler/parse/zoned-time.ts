/**
 * A wall-clock reading in an IANA time zone as an instant, for declared dates written
 * without a zone (SPEC EXT-1, EXT-2, EXT-4): a Spanish sitemap's `2025-03-10T10:00:00` is
 * 10:00 in Madrid. Pure: the zone rules come from the runtime's Intl data.
 */

/** How a parser reads dates that carry no zone. */
export interface DateOptions {
  /** The outlet's IANA time zone, for dates written without one. @default "UTC" */
  timeZone?: string;
}

const formats = new Map<string, Intl.DateTimeFormat | undefined>();

function formatOf(timeZone: string): Intl.DateTimeFormat | undefined {
  if (!formats.has(timeZone)) {
    let format: Intl.DateTimeFormat | undefined;
    try {
      format = new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
        hourCycle: "h23",
      });
    } catch {
      format = undefined; // an unknown zone: dates are read as UTC, as before the outlet had one
    }
    formats.set(timeZone, format);
  }
  return formats.get(timeZone);
}

/** The zone's offset from UTC at `at`, in ms (whole seconds). */
function offsetAt(format: Intl.DateTimeFormat, at: number): number {
  const p = Object.fromEntries(format.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant whose wall clock in `timeZone` reads `wallMs` (a reading written as if it were
 * UTC: `Date.UTC(y, m, d, h, mi, s, ms)`). In the hour skipped in spring the reading is taken
 * with the offset before the change; in the hour repeated in autumn, the first of the two.
 */
export function instantOfWallClock(wallMs: number, timeZone: string | undefined): number {
  const format = timeZone === undefined || timeZone === "UTC" ? undefined : formatOf(timeZone);
  if (!format) return wallMs;
  const before = offsetAt(format, wallMs - 86_400_000);
  const after = offsetAt(format, wallMs + 86_400_000);
  // The offset of the day before first: right for the first pass of a repeated hour.
  for (const offset of [before, after]) {
    const at = wallMs - offset;
    if (offsetAt(format, at) === offset) return at;
  }
  return wallMs - before;
}
