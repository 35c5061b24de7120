/** Charts as standalone SVG documents (WEB-6), parsed with a real XML parser. */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { barChartSvg } from "../../../lib/pages/bar-chart-svg";
import { CHART_WIDTHS } from "../../../lib/pages/chart-svg";
import { rankChartSvg } from "../../../lib/pages/rank-chart-svg";
import { SOURCE_LINE, standaloneSvg, wrapText } from "../../../lib/pages/standalone-svg";

const T = Date.parse("2026-03-03T08:00:00Z");
const HOUR = 3_600_000;

/** Every text node of the parsed document, in order. */
function texts(node: unknown): string[] {
  if (typeof node === "string" || typeof node === "number") return [String(node)];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === "object")
    return Object.entries(node)
      .filter(([k]) => !k.startsWith("@_"))
      .flatMap(([, v]) => texts(v));
  return [];
}

describe("standalone chart SVG (WEB-6)", () => {
  const rank = rankChartSvg({
    title: "Posición en la portada de Diario Uno, del 3 al 9 de marzo de 2026",
    series: [{ label: "1. Un titular <con> & signos", spans: [{ fromAt: T, toAt: T + 2 * HOUR, rank: 1 }] }],
    start: T - HOUR,
    end: T + 3 * HOUR,
    timeZone: "Europe/Madrid",
    width: CHART_WIDTHS.wide,
  });

  it("WEB-6: a rank chart is a valid SVG document with its title, period, legend and source line", () => {
    const svg = standaloneSvg({
      title: "Posición en la portada de Diario Uno",
      period: "del 3 al 9 de marzo de 2026",
      drawing: rank,
      width: CHART_WIDTHS.wide,
      legend: [{ label: "1. Un titular <con> & signos", colour: "#3f7cc4" }],
      pageUrl: "https://hemeroscopio.org/cabeceras/uno?desde=2026-03-03&hasta=2026-03-09",
    });
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, processEntities: true }).parse(svg) as { svg: Record<string, unknown> };
    expect(doc.svg["@_xmlns"]).toBe("http://www.w3.org/2000/svg");
    expect(doc.svg.title).toBe(`Posición en la portada de Diario Uno, del 3 al 9 de marzo de 2026. ${SOURCE_LINE}`);
    const all = texts(doc.svg);
    expect(all).toContain("del 3 al 9 de marzo de 2026");
    expect(all).toContain(SOURCE_LINE);
    expect(all).toContain("1. Un titular <con> & signos");
    expect(all.join(" ")).toContain("hemeroscopio.org/cabeceras/uno");
    // The drawing is nested whole, below the heading.
    expect(doc.svg.svg).toBeDefined();
  });

  it("WEB-6: a bar chart without legend is valid too, and its height covers every line", () => {
    const drawing = barChartSvg({
      title: "Noticias por sección",
      bars: [
        { label: "Política", value: 3 },
        { label: "Economía", value: 1 },
      ],
      valueLabel: "Noticias",
      width: CHART_WIDTHS.narrow,
    });
    const svg = standaloneSvg({
      title: "Noticias de Diario Uno por sección declarada",
      period: "el 3 de marzo de 2026",
      drawing,
      width: CHART_WIDTHS.narrow,
      pageUrl: "https://x.test/cabeceras/uno",
    });
    expect(XMLValidator.validate(svg)).toBe(true);
    const height = Number(/<svg[^>]* height="(\d+)"/.exec(svg)![1]);
    const lastY = Math.max(...[...svg.matchAll(/<text x="\d+" y="([\d.]+)"/g)].map((m) => Number(m[1])));
    expect(height).toBeGreaterThan(lastY);
  });

  it("WEB-6: long titles wrap at spaces", () => {
    expect(wrapText("uno dos tres cuatro", 8)).toEqual(["uno dos", "tres", "cuatro"]);
  });
});
