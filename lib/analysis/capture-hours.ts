/**
 * The hours an outlet's front page was captured in (SPEC DER-11's "followed" outlets), pure:
 * from the 24-bit masks kept per outlet and UTC day (outlet_capture_hours), counted with bit
 * operations rather than a set of hours, since the silences read a month of 50 outlets' days
 * on every outlet page.
 */

const HOUR_MS = 3_600_000;

/** The hours an outlet had a capture in: how many, and the start of the earliest (epoch ms). */
export interface CaptureHours {
  count: number;
  first: number;
}

/** Set bits of a 24-bit mask. */
function bitCount(bits: number): number {
  let count = 0;
  for (let b = bits; b !== 0; b &= b - 1) count++;
  return count;
}

/** Per outlet, the UTC hours strictly inside (fromHour, toHour) with a capture, from the kept days' bits (one row per outlet and day). */
export function hoursInside(days: readonly { outletId: number; day: string; hours: number }[], fromHour: number, toHour: number) {
  const out = new Map<number, CaptureHours>();
  for (const d of days) {
    const dayStart = Date.parse(`${d.day}T00:00:00Z`);
    // The day's hours h with fromHour < dayStart + h hours < toHour (all three are whole hours).
    const lowest = Math.max(0, (fromHour - dayStart) / HOUR_MS + 1);
    const highest = Math.min(23, (toHour - dayStart) / HOUR_MS - 1);
    if (lowest > highest) continue;
    const bits = d.hours & ((1 << (highest + 1)) - (1 << lowest));
    if (bits === 0) continue;
    const entry = out.get(d.outletId) ?? { count: 0, first: Number.POSITIVE_INFINITY };
    entry.count += bitCount(bits);
    entry.first = Math.min(entry.first, dayStart + (31 - Math.clz32(bits & -bits)) * HOUR_MS);
    out.set(d.outletId, entry);
  }
  return out;
}
