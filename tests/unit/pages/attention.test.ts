/** Attention over time (SPEC WEB-9): the comparison's query string, the per-day rows and the chart, as pure functions. */
import { describe, expect, it } from "vitest";
import { attentionRows, daysOf, outletTotals, parseAttentionRequest, seriesRecord } from "../../../lib/pages/attention";
import { attentionChartSvg } from "../../../lib/pages/attention-chart-svg";

const NOW = Date.parse("2026-03-10T12:00:00Z");

describe("parseAttentionRequest", () => {
  it("reads up to four searches and defaults the period to the 30 days up to today", () => {
    const parsed = parseAttentionRequest({ q: "vivienda", q2: " alquiler ", q4: "hipoteca" }, NOW);
    expect(parsed).toEqual({ ok: true, value: { queries: ["vivienda", "alquiler", "hipoteca"], from: "2026-02-09", to: "2026-03-10" } });
  });

  it.each([
    [{ q: ["a", "b"] }, "más de una vez"],
    [{ q: "x", desde: "2026-03-10", hasta: "2026-03-01" }, "posterior"],
    [{ q: "x", desde: "2024-01-01", hasta: "2026-03-01" }, "366"],
    [{ q: "x", desde: "marzo" }, "AAAA-MM-DD"],
    [{ q: "x".repeat(201) }, "200"],
  ])("refuses %j with a reason in Spanish", (params, reason) => {
    const parsed = parseAttentionRequest(params, NOW);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });
});

describe("attentionRows", () => {
  const days = daysOf("2026-03-01", "2026-03-03");
  // Articles per day of `days`, by outlet: "c" published but matched nothing.
  const totals = new Map([
    ["a", Float64Array.of(10, 20, 0)],
    ["b", Float64Array.of(0, 5, 0)],
    ["c", Float64Array.of(0, 75, 0)],
  ]);
  const rows = attentionRows({
    query: "vivienda",
    days,
    counts: [
      { day: "2026-03-01", outlet: "a", articles: 2, prominenceMinutes: 30 },
      { day: "2026-03-02", outlet: "b", articles: 5, prominenceMinutes: 99 },
    ],
    totals,
    positionsShown: (o) => o !== "b",
  });

  it("has every day, the total first, and zeros where nothing matched", () => {
    expect(daysOf("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    // Across both changes of the clocks, a leap day and a new year; a period ending before it starts has no days.
    expect(daysOf("2026-03-28", "2026-03-30")).toEqual(["2026-03-28", "2026-03-29", "2026-03-30"]);
    expect(daysOf("2026-10-24", "2026-10-26")).toEqual(["2026-10-24", "2026-10-25", "2026-10-26"]);
    expect(daysOf("2028-02-28", "2028-03-01")).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(daysOf("2026-12-31", "2027-01-01")).toEqual(["2026-12-31", "2027-01-01"]);
    expect(daysOf("2026-03-02", "2026-03-01")).toEqual([]);
    expect(rows.filter((r) => r.outlet === null).map((r) => [r.day, r.articles])).toEqual([
      ["2026-03-01", 2],
      ["2026-03-02", 5],
      ["2026-03-03", 0],
    ]);
    expect(rows.find((r) => r.outlet === "a" && r.day === "2026-03-02")).toMatchObject({ articles: 0, outletArticles: 20, share: 0 });
  });

  it("gives the total's share over every searched outlet's articles, matched or not, and no share for a day without articles", () => {
    expect(rows.find((r) => r.outlet === null && r.day === "2026-03-02")).toMatchObject({ outletArticles: 100, share: 0.05 });
    expect(rows.find((r) => r.outlet === null && r.day === "2026-03-03")!.share).toBeNull();
  });

  it("PUB-6: hides the prominence of an outlet under «sin posición», and leaves it out of the total", () => {
    expect(rows.find((r) => r.outlet === "b" && r.day === "2026-03-02")!.prominenceMinutes).toBeNull();
    expect(rows.find((r) => r.outlet === null && r.day === "2026-03-02")!.prominenceMinutes).toBe(0);
    expect(rows.find((r) => r.outlet === null && r.day === "2026-03-01")!.prominenceMinutes).toBe(30);
  });

  it("sums each outlet over the period, most articles first, and publishes rounded records", () => {
    const sums = outletTotals(rows);
    expect(sums.map((s) => [s.outlet, s.articles, s.outletArticles])).toEqual([
      ["b", 5, 5],
      ["a", 2, 30],
    ]);
    expect(seriesRecord(sums[1]!)).toMatchObject({ outlet: "a", share: 0.066667, prominence_minutes: 30 });
  });
});

describe("attentionChartSvg", () => {
  it("draws one line per search with an accessible name, at both widths", () => {
    for (const width of [320, 640]) {
      const svg = attentionChartSvg({
        title: "Artículos por día",
        width,
        lines: [
          { label: "a", points: daysOf("2026-03-01", "2026-03-09").map((day, i) => ({ day, value: i })) },
          { label: "b", points: daysOf("2026-03-01", "2026-03-09").map((day) => ({ day, value: 3 })) },
        ],
      });
      expect(svg).toContain('role="img"');
      expect(svg).toContain('aria-label="Artículos por día"');
      expect(svg.match(/<path/g)!.length).toBeGreaterThanOrEqual(2);
    }
  });

  it("draws a single day as dots", () => {
    const svg = attentionChartSvg({ title: "t", lines: [{ label: "a", points: [{ day: "2026-03-01", value: 2 }] }] });
    expect(svg).toContain("<circle");
  });
});
