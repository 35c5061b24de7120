import { describe, expect, it } from "vitest";
import { hoursInside } from "../../../lib/analysis/capture-hours";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The definition: every hour of each day's mask strictly inside (fromHour, toHour), as a set per outlet. */
function reference(days: readonly { outletId: number; day: string; hours: number }[], fromHour: number, toHour: number) {
  const out = new Map<number, Set<number>>();
  for (const d of days) {
    const dayStart = Date.parse(`${d.day}T00:00:00Z`);
    for (let h = 0; h < 24; h++) {
      const at = dayStart + h * HOUR;
      if ((d.hours & (1 << h)) === 0 || at <= fromHour || at >= toHour) continue;
      out.set(d.outletId, (out.get(d.outletId) ?? new Set<number>()).add(at));
    }
  }
  return new Map([...out].map(([id, set]) => [id, { count: set.size, first: Math.min(...set) }]));
}

describe("capture hours (DER-11's followed outlets)", () => {
  it("DER-11: counts each outlet's captured hours inside the period and its earliest, as the set of those hours would", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const base = Date.parse("2026-11-01T00:00:00Z");
    for (let round = 0; round < 200; round++) {
      // One row per outlet and day, as the table's key keeps them.
      const drawn = Array.from({ length: 1 + Math.floor(random() * 40) }, () => ({
        outletId: 1 + Math.floor(random() * 5),
        day: new Date(base + Math.floor(random() * 10) * DAY).toISOString().slice(0, 10),
        hours: Math.floor(random() * 2 ** 24),
      }));
      const days = [...new Map(drawn.map((d) => [`${d.outletId} ${d.day}`, d])).values()];
      const fromHour = base + Math.floor(random() * 240) * HOUR;
      const toHour = fromHour + Math.floor(random() * 120) * HOUR;
      expect(hoursInside(days, fromHour, toHour)).toEqual(reference(days, fromHour, toHour));
    }
  });

  it("DER-11: the hours at the period's two ends are left out (they are read from the captures themselves)", () => {
    const all = { outletId: 1, day: "2026-11-02", hours: 2 ** 24 - 1 };
    const from = Date.parse("2026-11-02T05:00:00Z");
    expect(hoursInside([all], from, from + 3 * HOUR)).toEqual(new Map([[1, { count: 2, first: from + HOUR }]]));
    expect(hoursInside([all], from, from)).toEqual(new Map());
  });
});
