import { describe, expect, it } from "vitest";
import { CHART_WIDTHS, seriesColour } from "../../../lib/pages/chart-svg";
import { hourBarsSvg } from "../../../lib/pages/hour-bars-svg";

const HOUR = 3_600_000;
const START = Date.parse("2026-12-01T12:00:00Z");
const hours = Array.from({ length: 24 }, (_, i) => ({ start: START + i * HOUR, values: [i, i % 3] }));

describe("the hourly column chart (OPS-5 metrics)", () => {
  it("OPS-5: an accessible image with one stacked column part per hour and series, each series in its colour", () => {
    const svg = hourBarsSvg({ title: "Peticiones por minuto", hours, series: ["Respondidas", "Fallidas"], timeZone: "Europe/Madrid" });
    expect(svg).toMatch(/^<svg[^>]* role="img"[^>]* aria-label="Peticiones por minuto"/);
    expect(svg).toContain("<title>Peticiones por minuto</title>");
    // 24 hours × 2 series: every value has its rect, zeros included.
    expect(svg.match(/<rect /g)?.length).toBe(48);
    expect(svg).toContain(`fill="${seriesColour(0)}"`);
    expect(svg).toContain(`fill="${seriesColour(1)}"`);
  });

  it("OPS-5: time ticks fall on round local hours, at most six wide and four narrow", () => {
    const wide = hourBarsSvg({ title: "t", hours, series: ["x"], timeZone: "Europe/Madrid" });
    const narrow = hourBarsSvg({ title: "t", hours, series: ["x"], timeZone: "Europe/Madrid", width: CHART_WIDTHS.narrow });
    const ticks = (svg: string) => [...svg.matchAll(/>(\d\d:00)</g)].map((m) => m[1]);
    expect(ticks(wide).length).toBeGreaterThan(1);
    expect(ticks(wide).length).toBeLessThanOrEqual(6);
    expect(ticks(narrow).length).toBeGreaterThan(1);
    expect(ticks(narrow).length).toBeLessThanOrEqual(4);
  });
});
