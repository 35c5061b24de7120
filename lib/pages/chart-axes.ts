/**
 * The arithmetic of the charts' axes (SPEC WEB-2, WEB-7), pure and apart from the drawing:
 * round tick values (1, 2, 5 × 10ⁿ), an axis that covers every value plotted, time ticks
 * on round local hours that carry the date wherever the day changes, and lanes that keep
 * equal ranks held at the same time from hiding each other.
 */

/** Tick values and the end of the axis (the last tick, never below the largest value). */
export interface Axis {
  ticks: number[];
  max: number;
}

/** The smallest round step (1, 2, 5 × 10ⁿ) that covers `span` in at most `maxSteps` steps. */
export function niceStep(span: number, maxSteps: number): number {
  if (!(span > 0)) return 1;
  for (let power = 1; ; power *= 10) {
    for (const m of [1, 2, 5]) if (Math.ceil(span / (m * power)) <= maxSteps) return m * power;
  }
}

/**
 * The rank axis from 1 (the top of the front page) to a multiple of a round step at or
 * past `maxRank` (at least 5): ticks 1 and each multiple, e.g. 1, 5, 10, 15, 20, 25.
 */
export function rankAxis(maxRank: number, maxTicks = 8): Axis {
  const top = Math.max(5, Math.ceil(maxRank));
  const step = niceStep(top, maxTicks - 1);
  const max = Math.ceil(top / step) * step;
  const ticks = [1];
  for (let r = step; r <= max; r += step) if (r !== 1) ticks.push(r);
  return { ticks, max };
}

/** A count axis from 0 to a multiple of a round step at or past `maxValue` (at least 1). */
export function countAxis(maxValue: number, maxTicks = 6): Axis {
  const top = Math.max(1, Math.ceil(maxValue));
  const step = niceStep(top, maxTicks - 1);
  const max = Math.ceil(top / step) * step;
  const ticks = [];
  for (let v = 0; v <= max; v += step) ticks.push(v);
  return { ticks, max };
}

const MINUTE_MS = 60_000;
/** Round time steps, in minutes: quarter hours up to two days. */
const TIME_STEPS = [15, 30, 60, 120, 180, 360, 720, 1440, 2880];

/** One labelled time tick; `label` has the date on a second line where the day changes. */
export interface TimeTick {
  at: number;
  label: string;
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock fields of `at` in `timeZone`. */
function wallClock(at: number, timeZone: string): { y: number; mo: number; d: number; h: number; mi: number } {
  let f = partsFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    partsFormats.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, Number(x.value)]));
  return { y: p.year!, mo: p.month!, d: p.day!, h: p.hour!, mi: p.minute! };
}

/** Zone offsets by zone and quarter hour: formatting a date in a zone is the costliest step of a chart's axis. */
const offsets = new Map<string, number>();
const QUARTER_MS = 15 * MINUTE_MS;

/** Offset of `timeZone` from UTC at `at`, in ms (Madrid in winter: +3,600,000). */
export function zoneOffsetMs(at: number, timeZone: string): number {
  // Zones change their offset on a quarter hour, so the offset at the quarter's start holds for the whole quarter.
  const quarter = Math.floor(at / QUARTER_MS) * QUARTER_MS;
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const w = wallClock(quarter, timeZone);
    offset = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi) - quarter;
    if (offsets.size >= 20_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

const MONTHS = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];

/** The instants within [start, end] that fall on multiples of `stepMs` of the local clock; stops past `limit`. */
function roundTimes(start: number, end: number, timeZone: string, stepMs: number, limit: number): number[] {
  // Round on the local clock: a local instant is epoch ms shifted by the zone's offset.
  const offset = zoneOffsetMs(start, timeZone);
  const ticks: number[] = [];
  for (let local = Math.ceil((start + offset) / stepMs) * stepMs; ticks.length <= limit; local += stepMs) {
    const at = local - zoneOffsetMs(local - offset, timeZone);
    if (at > end) break;
    if (at >= start && at !== ticks[ticks.length - 1]) ticks.push(at);
  }
  return ticks;
}

/**
 * At most `maxTicks` ticks on round local times between `start` and `end` (epoch ms),
 * labelled "HH:MM" in `timeZone`. When the period spans more than one calendar day there,
 * the first tick and each tick on a new day carry the date below the hour ("14:00\n2 dic").
 */
export function timeTicks(start: number, end: number, timeZone: string, maxTicks = 6): TimeTick[] {
  if (!(end > start)) return [];
  // The finest round step whose ticks within the period are at most `maxTicks`.
  let ticks: number[] = [];
  for (const step of [...TIME_STEPS, ...[3, 7, 14, 28, 56].map((d) => d * 1440)]) {
    ticks = roundTimes(start, end, timeZone, step * MINUTE_MS, maxTicks + 1);
    if (ticks.length <= maxTicks) break;
  }
  const first = wallClock(start, timeZone);
  const last = wallClock(end, timeZone);
  const spansDays = first.y !== last.y || first.mo !== last.mo || first.d !== last.d;
  let previousDay = "";
  return ticks.map((at) => {
    const w = wallClock(at, timeZone);
    const hour = `${String(w.h).padStart(2, "0")}:${String(w.mi).padStart(2, "0")}`;
    const day = `${w.d} ${MONTHS[w.mo - 1]}`;
    const label = spansDays && day !== previousDay ? `${hour}\n${day}` : hour;
    previousDay = day;
    return { at, label };
  });
}

/** A stroke of the rank chart: a rank held by one series from `from` to `to`. */
export interface LaneRow {
  series: number;
  rank: number;
  from: number;
  to: number;
}

/**
 * Lane of each row (same order): rows of different series at the same rank whose times
 * overlap get different lanes, 0, 1, 2…, so each can be drawn slightly apart; a row
 * that meets no other stays in lane 0 and `lanes` is 1.
 */
export function rankLanes(rows: readonly LaneRow[]): { lane: number[]; lanes: number } {
  const lane = rows.map(() => 0);
  const order = rows
    .map((_, i) => i)
    .sort((a, b) => rows[a]!.rank - rows[b]!.rank || rows[a]!.from - rows[b]!.from || rows[a]!.series - rows[b]!.series);
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const r = rows[i]!;
    const taken = new Set<number>();
    for (let j = 0; j < k; j++) {
      const o = rows[order[j]!]!;
      if (o.rank === r.rank && o.series !== r.series && o.from <= r.to && r.from <= o.to) taken.add(lane[order[j]!]!);
    }
    let l = 0;
    while (taken.has(l)) l++;
    lane[i] = l;
  }
  return { lane, lanes: Math.max(1, ...lane.map((l) => l + 1)) };
}
