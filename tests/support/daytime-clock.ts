/**
 * A scaled clock whose first reading is daytime in Madrid, for crawl tests whose assertions
 * need the daytime schedule (SCH-2: at night, 01–06 in Madrid, front pages are captured only
 * hourly), so the outcome does not depend on the hour the machine runs them.
 */
import { scaledClock, type Clock } from "../../lib/clock";

/** `at` when it is between 08:00 and 19:00 in Madrid, else the next 09:00 there. */
export function daytimeFrom(at: number): number {
  const hourIn = (t: number) =>
    Number(new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Madrid", hour: "2-digit", hourCycle: "h23" }).format(t));
  let t = at;
  while (hourIn(t) < 8 || hourIn(t) >= 19) t = Math.ceil((t + 1) / 3_600_000) * 3_600_000;
  return t;
}

/** A clock `scale` times faster than the wall's, reading Madrid daytime now. */
export function daytimeClock(scale: number, realStart: number = Date.now()): Clock {
  return scaledClock(scale, Math.round((realStart * scale - daytimeFrom(realStart)) / (scale - 1)));
}
