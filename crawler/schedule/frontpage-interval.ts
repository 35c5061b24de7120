/**
 * SPEC SCH-2: when to capture a front page next. One small pure function:
 * every 60 min between 01:00 and 06:00 in the outlet's time zone; otherwise 15 min
 * while its top positions are changing, backing off to 30 and then 60 min as
 * consecutive captures show no change.
 */

/** The three intervals and the night window (configurable, SPEC's defaults). */
export interface FrontPageRule {
  /** @default { busy: 15, calm: 30, still: 60 } */
  minutes: { busy: number; calm: number; still: number };
  /** Hours [from, to) of the night in the outlet's zone. @default { from: 1, to: 6 } */
  nightHours: { from: number; to: number };
}

/** SPEC's defaults. */
export const DEFAULT_FRONTPAGE_RULE: FrontPageRule = { minutes: { busy: 15, calm: 30, still: 60 }, nightHours: { from: 1, to: 6 } };

/** The hour (0–23) at `at` in `timeZone`. */
export function localHour(at: number, timeZone: string): number {
  const hour = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(at);
  return Number(hour) % 24;
}

/**
 * Minutes until the next capture, given the captures in a row that showed no change
 * in the top positions (0 = the last one changed).
 */
export function frontPageIntervalMinutes(p: { at: number; timeZone: string; unchangedCaptures: number; rule?: FrontPageRule }): number {
  const rule = p.rule ?? DEFAULT_FRONTPAGE_RULE;
  const hour = localHour(p.at, p.timeZone);
  if (hour >= rule.nightHours.from && hour < rule.nightHours.to) return rule.minutes.still;
  // One unchanged capture may be chance; two in a row slow down, four stop at the slowest.
  if (p.unchangedCaptures >= 4) return rule.minutes.still;
  if (p.unchangedCaptures >= 2) return rule.minutes.calm;
  return rule.minutes.busy;
}
