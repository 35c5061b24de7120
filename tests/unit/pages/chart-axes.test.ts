import { describe, expect, it } from "vitest";
import { countAxis, niceStep, rankAxis, rankLanes, timeTicks, zoneOffsetMs } from "../../../lib/pages/chart-axes";

const HOUR = 3_600_000;

describe("chart axes", () => {
  it.each([
    [5, 7, 1],
    [24, 7, 5],
    [30, 7, 5],
    [87, 5, 20],
    [120, 5, 50],
    [0, 5, 1],
  ])("WEB-2: the round step covering %i in %i steps is %i", (span, steps, step) => {
    expect(niceStep(span, steps)).toBe(step);
  });

  it.each([
    [3, [1, 2, 3, 4, 5], 5],
    [5, [1, 2, 3, 4, 5], 5],
    [19, [1, 5, 10, 15, 20], 20],
    [24, [1, 5, 10, 15, 20, 25], 25],
    [30, [1, 5, 10, 15, 20, 25, 30], 30],
    [31, [1, 5, 10, 15, 20, 25, 30, 35], 35],
    [48, [1, 10, 20, 30, 40, 50], 50],
  ])("WEB-2: a rank axis for ranks up to %i ticks %j and ends at %i, past every plotted rank", (maxRank, ticks, max) => {
    const axis = rankAxis(maxRank);
    expect(axis.ticks).toEqual(ticks);
    expect(axis.max).toBe(max);
    expect(axis.max).toBeGreaterThanOrEqual(maxRank);
    expect(axis.ticks.at(-1)).toBe(axis.max);
  });

  it.each([
    [1, [0, 1]],
    [3, [0, 1, 2, 3]],
    [12, [0, 5, 10, 15]],
    [145, [0, 50, 100, 150]],
    [87, [0, 20, 40, 60, 80, 100]],
  ])("WEB-2: a count axis up to %i has round ticks %j (never 29, 58, 87)", (max, ticks) => {
    const axis = countAxis(max);
    expect(axis.ticks).toEqual(ticks);
    expect(axis.max).toBeGreaterThanOrEqual(max);
  });

  it("the zone offset of Madrid is one hour in winter and two in summer; the Canaries are an hour behind", () => {
    expect(zoneOffsetMs(Date.parse("2026-01-15T12:00:00Z"), "Europe/Madrid")).toBe(HOUR);
    expect(zoneOffsetMs(Date.parse("2026-07-15T12:00:00Z"), "Europe/Madrid")).toBe(2 * HOUR);
    expect(zoneOffsetMs(Date.parse("2026-07-15T12:00:00Z"), "Atlantic/Canary")).toBe(HOUR);
  });

  it("WEB-2: time ticks within one day fall on round local hours, without the date", () => {
    const start = Date.parse("2026-11-29T06:10:00Z"); // 07:10 in Madrid
    const ticks = timeTicks(start, start + 12 * HOUR, "Europe/Madrid", 6);
    expect(ticks.map((t) => t.label)).toEqual(["08:00", "10:00", "12:00", "14:00", "16:00", "18:00"]);
    expect(ticks.length).toBeLessThanOrEqual(6);
  });

  it("WEB-7: time ticks of a period that spans days carry the date on the first tick and where the day changes", () => {
    const start = Date.parse("2026-12-01T13:30:00Z"); // 14:30 in Madrid
    const ticks = timeTicks(start, start + 24 * HOUR, "Europe/Madrid", 6);
    expect(ticks[0]!.label).toBe("18:00\n1 dic");
    expect(ticks.map((t) => t.label)).toContain("00:00\n2 dic");
    expect(ticks.filter((t) => t.label.includes("\n"))).toHaveLength(2);
    for (const t of ticks) expect(t.at).toBeGreaterThanOrEqual(start);
  });

  it("WEB-7: a few hours across midnight also carry the date", () => {
    const start = Date.parse("2026-12-01T21:00:00Z"); // 22:00 in Madrid
    const ticks = timeTicks(start, start + 4 * HOUR, "Europe/Madrid", 3);
    expect(ticks.map((t) => t.label)).toEqual(["22:00\n1 dic", "00:00\n2 dic", "02:00"]);
  });

  it("WEB-2: a short period gets the finest round step that fits, never a lone tick", () => {
    const start = Date.parse("2026-12-03T03:20:00Z"); // 04:20 in Madrid
    expect(timeTicks(start, start + 3.4 * HOUR, "Europe/Madrid", 4).map((t) => t.label)).toEqual(["05:00", "06:00", "07:00"]);
    expect(timeTicks(start, start + 40 * 60_000, "Europe/Madrid", 4).map((t) => t.label)).toEqual(["04:30", "04:45", "05:00"]);
  });

  it("time ticks of the Canaries are on their own hours", () => {
    const start = Date.parse("2026-11-29T06:00:00Z"); // 06:00 in Las Palmas, 07:00 in Madrid
    expect(timeTicks(start, start + 2 * HOUR, "Atlantic/Canary", 3)[0]!.label).toBe("06:00");
  });

  it("WEB-2: equal ranks held at the same time by different series get different lanes", () => {
    const { lane, lanes } = rankLanes([
      { series: 0, rank: 1, from: 0, to: 10 },
      { series: 1, rank: 1, from: 5, to: 20 },
      { series: 2, rank: 1, from: 8, to: 9 },
      { series: 2, rank: 1, from: 30, to: 40 },
      { series: 1, rank: 2, from: 0, to: 10 },
    ]);
    expect(lane).toEqual([0, 1, 2, 0, 0]);
    expect(lanes).toBe(3);
  });

  it("rows that never meet stay in one lane", () => {
    expect(
      rankLanes([
        { series: 0, rank: 1, from: 0, to: 10 },
        { series: 1, rank: 1, from: 11, to: 20 },
      ]),
    ).toEqual({ lane: [0, 0], lanes: 1 });
  });
});
