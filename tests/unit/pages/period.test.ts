import { describe, expect, it } from "vitest";
import { formatElapsed, formatMoment, formatPercent, formatPeriod, formatShare } from "../../../lib/pages/period";

describe("moments, periods and shares on the data pages", () => {
  it.each([
    [30_000, "menos de 1 min"],
    [45 * 60_000, "45 min"],
    [7.5 * 3_600_000, "7 h 30 min"],
    [3_600_000, "1 h"],
    [59.9 * 60_000 + 3_600_000, "2 h"],
    [51 * 3_600_000, "2 d 3 h"],
    [-20 * 60_000, "−20 min"],
  ])("WEB-4: %i ms reads %s", (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });

  it("WEB-4: moments are in the outlet's time zone and periods name both ends", () => {
    const t = Date.parse("2026-11-20T12:00:00Z");
    expect(formatMoment(t, "Europe/Madrid")).toMatch(/20 nov 2026, 13:00/);
    expect(formatPeriod(t - 7 * 86_400_000, t, "Europe/Madrid")).toMatch(/^del 13 nov, 13:00 al 20 nov 2026, 13:00$/);
  });

  it("WEB-4: shares are whole percentages; no attempts is a dash", () => {
    expect(formatPercent(4 / 9)).toBe("44\u00a0%");
    expect(formatShare(0, 0)).toBe("—");
  });
});
