import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { barChartSvg, CHART_BACKGROUNDS, countTicks, rankChartSvg, rankTicks, SERIES_COLOURS } from "../../../lib/pages/chart-svg";

const HOUR = 3_600_000;
const t0 = Date.parse("2026-11-29T06:00:00Z");

function parse(markup: string) {
  const { document } = parseHTML(`<!doctype html><html><body>${markup}</body></html>`);
  return document;
}

function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

describe("server-rendered charts", () => {
  const rank = rankChartSvg({
    title: "Posición en portada, últimas 12 horas",
    timeZone: "Europe/Madrid",
    start: t0,
    end: t0 + 12 * HOUR,
    series: [
      { label: "1. Titular <script>alert(1)</script>", spans: [{ fromAt: t0, toAt: t0 + 2 * HOUR, rank: 1 }, { fromAt: t0 + 2 * HOUR, toAt: t0 + 5 * HOUR, rank: 7 }] },
      { label: "2. Otro", spans: [{ fromAt: t0 + HOUR, toAt: t0 + HOUR, rank: 2 }] },
    ],
  });

  it("WEB-2: a rank chart is an svg image with an accessible name and a title", () => {
    const svg = parse(rank).querySelector("svg.chart-plot")!;
    expect(svg.getAttribute("role")).toBe("img");
    expect(svg.getAttribute("aria-label")).toBe("Posición en portada, últimas 12 horas");
    expect(svg.querySelector("title")?.textContent).toBe("Posición en portada, últimas 12 horas");
  });

  it("WEB-2: the rank axis is reversed, whole ranks only, 1 on top", () => {
    const labels = [...parse(rank).querySelectorAll('svg.chart-plot g[aria-label="y-axis tick label"] text')]
      .map((t) => ({ rank: t.textContent, y: Number(/translate\([\d.]+,([\d.]+)\)/.exec(t.getAttribute("transform") ?? "")?.[1]) }));
    expect(labels.map((l) => l.rank)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(labels[0]!.y).toBeLessThan(labels[6]!.y);
  });

  it("WEB-2: hour labels are in the outlet's time zone", () => {
    const ticks = [...parse(rank).querySelectorAll('svg.chart-plot g[aria-label="x-axis tick label"] text')].map((t) => t.textContent);
    expect(ticks[0]).toBe("07:00"); // the period starts at 06:00 UTC, 07:00 in Madrid in winter
  });

  it("WEB-2: labels are text, never markup: a headline cannot inject a script", () => {
    expect(rank).not.toContain("<script>");
    expect(rank).toContain("&lt;script&gt;");
    expect(parse(rank).querySelector(".chart-plot-swatches")?.textContent).toContain("2. Otro");
  });

  it("WEB-2: series colours keep 3:1 against both chart backgrounds", () => {
    for (const colour of SERIES_COLOURS) {
      for (const background of CHART_BACKGROUNDS) expect(contrast(colour, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(3);
    }
  });

  it("WEB-2: a bar chart draws one bar per value, in the given order, with its figure", () => {
    const markup = barChartSvg({ title: "Secciones, últimos 7 días", valueLabel: "Noticias", bars: [{ label: "Política", value: 12 }, { label: "Deportes", value: 3 }] });
    const svg = parse(markup).querySelector("svg")!;
    expect(svg.getAttribute("role")).toBe("img");
    expect(svg.querySelectorAll("rect")).toHaveLength(2);
    const texts = [...svg.querySelectorAll("text")].map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(["Política", "Deportes", "12", "3"]));
  });

  it.each([[1, [0, 1]], [3, [0, 1, 2, 3]], [12, [0, 3, 6, 9, 12]], [13, [0, 3, 6, 9, 12, 15]]])("WEB-2: count ticks up to %i are whole numbers", (max, ticks) => {
    expect(countTicks(max)).toEqual(ticks);
  });

  it.each([[5, [1, 2, 3, 4, 5]], [30, [1, 4, 8, 12, 16, 20, 24, 28]]])("rank ticks up to %i", (max, ticks) => {
    expect(rankTicks(max)).toEqual(ticks);
  });
});
