import { XMLValidator } from "fast-xml-parser";
import { parseHTML } from "linkedom";
import { describe, expect, it } from "vitest";
import { barChartSvg } from "../../../lib/pages/bar-chart-svg";
import { CHART_BACKGROUNDS, CHART_WIDTHS, SERIES_COLOURS } from "../../../lib/pages/chart-svg";
import { rankChartSvg } from "../../../lib/pages/rank-chart-svg";

const HOUR = 3_600_000;
const t0 = Date.parse("2026-11-29T06:00:00Z");

function parse(markup: string) {
  const { document } = parseHTML(`<!doctype html><html><body>${markup}</body></html>`);
  return document;
}

function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
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
      {
        label: "1. Titular",
        spans: [
          { fromAt: t0, toAt: t0 + 2 * HOUR, rank: 1 },
          { fromAt: t0 + 2 * HOUR, toAt: t0 + 5 * HOUR, rank: 7 },
        ],
      },
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
    const labels = [...parse(rank).querySelectorAll('svg.chart-plot g[aria-label="y-axis tick label"] text')].map((t) => ({
      rank: t.textContent,
      y: Number(/translate\([\d.]+,([\d.]+)\)/.exec(t.getAttribute("transform") ?? "")?.[1]),
    }));
    expect(labels.map((l) => l.rank)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(labels[0]!.y).toBeLessThan(labels[6]!.y);
  });

  it("WEB-2: hour labels are in the outlet's time zone", () => {
    const ticks = [...parse(rank).querySelectorAll('svg.chart-plot g[aria-label="x-axis tick label"] text')].map((t) => t.textContent);
    // The period starts at 06:00 UTC, 07:00 in Madrid in winter; ticks every 2 hours on even local hours.
    expect(ticks.slice(0, 2)).toEqual(["08:00", "10:00"]);
  });

  it("WEB-2: labels are text, never markup: a headline cannot inject a script", () => {
    const markup = barChartSvg({
      title: "Titular <script>alert(1)</script>",
      valueLabel: "Noticias",
      bars: [{ label: "<script>alert(2)</script>", value: 1 }],
    });
    expect(parse(markup).querySelectorAll("script")).toHaveLength(0);
    expect(markup).toContain("<title>Titular &lt;script&gt;alert(1)");
    expect(markup).toContain("&lt;script&gt;alert(2)");
  });

  it("WEB-2, WEB-6: a rank chart is well-formed XML whatever its title, so a standalone SVG can carry it", () => {
    const title = 'Sánchez & «Feijóo», "portada" <b>';
    const markup = rankChartSvg({ title, timeZone: "Europe/Madrid", start: t0, end: t0 + 30 * HOUR, series: [] });
    expect(XMLValidator.validate(markup)).toBe(true);
    const svg = parse(markup).querySelector("svg")!;
    expect(svg.getAttribute("aria-label")).toBe(title);
    expect(svg.querySelector("title")?.textContent).toBe(title);
    // A period over two days writes the date under the hour, as a second line.
    expect(ticksOf(markup, "x").some((t) => /^\d\d:\d\d\d{1,2} nov$/.test(t ?? ""))).toBe(true);
  });

  it("WEB-2: series colours keep 3:1 against both chart backgrounds", () => {
    for (const colour of SERIES_COLOURS) {
      for (const background of CHART_BACKGROUNDS)
        expect(contrast(colour, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(3);
    }
  });

  it("WEB-2: a bar chart draws one bar per value, in the given order, with its figure", () => {
    const markup = barChartSvg({
      title: "Secciones, últimos 7 días",
      valueLabel: "Noticias",
      bars: [
        { label: "Política", value: 12 },
        { label: "Deportes", value: 3 },
      ],
    });
    const svg = parse(markup).querySelector("svg")!;
    expect(svg.getAttribute("role")).toBe("img");
    expect(svg.querySelectorAll("rect")).toHaveLength(2);
    const texts = [...svg.querySelectorAll("text")].map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(["Política", "Deportes", "12", "3"]));
  });

  const ticksOf = (markup: string, axis: "x" | "y") =>
    [...parse(markup).querySelectorAll(`svg.chart-plot g[aria-label="${axis}-axis tick label"] text`)].map((t) => t.textContent);

  it("WEB-2: the rank axis reaches past the largest plotted rank, on round ticks", () => {
    const markup = rankChartSvg({
      title: "t",
      timeZone: "Europe/Madrid",
      start: t0,
      end: t0 + 6 * HOUR,
      series: [
        { label: "a", spans: [{ fromAt: t0, toAt: t0 + HOUR, rank: 19 }] },
        { label: "b", spans: [{ fromAt: t0, toAt: t0 + HOUR, rank: 24 }] },
      ],
    });
    expect(ticksOf(markup, "y")).toEqual(["1", "5", "10", "15", "20", "25"]);
  });

  it("WEB-2: equal ranks held at once are drawn apart, each series in its own colour", () => {
    const markup = rankChartSvg({
      title: "t",
      timeZone: "Europe/Madrid",
      start: t0,
      end: t0 + 6 * HOUR,
      series: [
        { label: "a", spans: [{ fromAt: t0, toAt: t0 + 3 * HOUR, rank: 1 }] },
        { label: "b", spans: [{ fromAt: t0 + HOUR, toAt: t0 + 4 * HOUR, rank: 1 }] },
      ],
    });
    const rules = [...parse(markup).querySelectorAll('svg.chart-plot g[aria-label="rule"] line')];
    expect(rules).toHaveLength(2);
    const y = (l: Element) =>
      Number(l.getAttribute("y1")) +
      Number(/translate\([\d.-]+,([\d.-]+)\)/.exec(l.parentElement?.getAttribute("transform") ?? "")?.[1] ?? 0);
    expect(y(rules[0]!)).not.toBe(y(rules[1]!));
    expect(new Set(rules.map((l) => l.getAttribute("stroke")))).toEqual(new Set([SERIES_COLOURS[0], SERIES_COLOURS[1]]));
  });

  it("WEB-7: a chart drawn for a phone keeps its text at 13 units in a 320-unit drawing, so a 294 px box shows it at 11.9 px", () => {
    const markup = rankChartSvg({
      title: "t",
      timeZone: "Europe/Madrid",
      start: t0,
      end: t0 + 6 * HOUR,
      series: [],
      width: CHART_WIDTHS.narrow,
    });
    const svg = parse(markup).querySelector("svg")!;
    expect(svg.getAttribute("viewBox")).toBe(`0 0 ${CHART_WIDTHS.narrow} ${svg.getAttribute("height")}`);
    expect(svg.getAttribute("style")).toContain("font-size:13px");
    expect(ticksOf(markup, "x").length).toBeLessThanOrEqual(3);
  });

  it("WEB-2: a bar chart's value axis has round ticks past its largest value", () => {
    const markup = barChartSvg({
      title: "t",
      valueLabel: "Noticias",
      bars: [
        { label: "a", value: 87 },
        { label: "b", value: 29 },
      ],
    });
    expect(ticksOf(markup, "x")).toEqual(["0", "20", "40", "60", "80", "100"]);
  });

  it("WEB-2: a narrow bar chart writes each label above its bar, in full or cut with an ellipsis", () => {
    const long = "Una sección con un nombre larguísimo que no cabe en una pantalla de teléfono";
    const markup = barChartSvg({
      title: "t",
      valueLabel: "Noticias",
      width: CHART_WIDTHS.narrow,
      bars: [
        { label: "Política", value: 12 },
        { label: long, value: 3 },
      ],
    });
    const texts = [...parse(markup).querySelectorAll("svg text")].map((t) => t.firstChild?.textContent ?? "");
    expect(texts).toContain("Política");
    expect(texts.some((t) => t.endsWith("…") && long.startsWith(t.slice(0, -1)))).toBe(true);
  });
});
