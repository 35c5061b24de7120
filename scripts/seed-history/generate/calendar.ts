/**
 * Publication rhythm of a news outlet in its local time (Europe/Madrid): quiet nights,
 * a morning peak, an evening rise, lighter weekends. Offsets are read once per day.
 */
import type { Random } from "./random";

const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Relative publication weight by local hour 0–23. */
export const HOUR_WEIGHTS = [2, 1, 1, 1, 1, 2, 5, 9, 12, 12, 11, 10, 10, 9, 8, 8, 9, 10, 10, 9, 8, 6, 4, 3];
/** Relative volume by weekday, Sunday first. */
export const WEEKDAY_FACTORS = [0.7, 1, 1, 1, 1, 0.95, 0.75];

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Madrid", timeZoneName: "longOffset" });

/** Offset of Madrid from UTC at `ms`, in ms. */
export function madridOffset(ms: number): number {
  const name = offsetFormat.formatToParts(new Date(ms)).find((p) => p.type === "timeZoneName")?.value ?? "GMT+01:00";
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * HOUR + Number(m[3]) * 60_000) : HOUR;
}

/** One local day: its UTC start and weekday. */
export interface LocalDay {
  start: number;
  weekday: number;
  offset: number;
}

/** Local days (Madrid midnight to midnight) covering [from, to). */
export function localDays(from: number, to: number): LocalDay[] {
  const days: LocalDay[] = [];
  const firstOffset = madridOffset(from);
  let localMidnight = Math.floor((from + firstOffset) / DAY) * DAY;
  while (localMidnight - madridOffset(localMidnight) < to) {
    const offset = madridOffset(localMidnight + 12 * HOUR);
    days.push({ start: localMidnight - offset, weekday: new Date(localMidnight).getUTCDay(), offset });
    localMidnight += DAY;
  }
  return days;
}

/** A random instant of `day`, following the hour weights. */
export function publicationTime(random: Random, day: LocalDay): number {
  const hour = random.weighted(
    HOUR_WEIGHTS.map((_, h) => h),
    HOUR_WEIGHTS,
  );
  return day.start + hour * HOUR + Math.floor(random.next() * HOUR);
}
