/**
 * Columns hour by hour (SPEC OPS-5, the admin's metrics over 24 hours), one stacked column
 * per hour with a colour per series, on a count axis with round ticks and time ticks on
 * round local hours (as the public charts: chart-axes.ts). Pure: data in, markup out.
 */
import * as Plot from "@observablehq/plot";
import { countAxis, timeTicks } from "./chart-axes";
import { CHART_CLASS, CHART_STYLE, CHART_WIDTHS, finishChart, newDocument, seriesColour } from "./chart-svg";

const HOUR_MS = 3_600_000;

/** What an hourly column chart shows. */
export interface HourBarsInput {
  title: string;
  /** Each hour's start (epoch ms) and one value per series, in `series` order. */
  hours: readonly { start: number; values: readonly number[] }[];
  /** Series names; one series draws plain columns. */
  series: readonly string[];
  timeZone: string;
  /** @default CHART_WIDTHS.wide */
  width?: number;
}

/** The hours as svg markup, drawn at `width`. */
export function hourBarsSvg(input: HourBarsInput): string {
  const document = newDocument();
  const width = input.width ?? CHART_WIDTHS.wide;
  const start = input.hours[0]?.start ?? 0;
  const end = (input.hours.at(-1)?.start ?? 0) + HOUR_MS;
  const totals = input.hours.map((h) => h.values.reduce((a, b) => a + b, 0));
  const axis = countAxis(Math.max(0, ...totals), width < CHART_WIDTHS.wide ? 4 : 6);
  const ticks = timeTicks(start, end, input.timeZone, width < CHART_WIDTHS.wide ? 4 : 6);
  const labels = new Map(ticks.map((t) => [t.at, t.label]));
  const rows = input.hours.flatMap((h) =>
    h.values.map((v, i) => ({ x1: new Date(h.start), x2: new Date(h.start + HOUR_MS), y: v, colour: seriesColour(i) })),
  );
  const root = Plot.plot({
    document,
    className: CHART_CLASS,
    style: CHART_STYLE,
    ariaLabel: input.title,
    width,
    height: 220,
    marginTop: 12,
    marginBottom: ticks.some((t) => t.label.includes("\n")) ? 44 : 28,
    marginLeft: 48,
    marginRight: 16,
    x: {
      type: "utc",
      domain: [new Date(start), new Date(end)],
      label: null,
      ticks: ticks.map((t) => new Date(t.at)),
      tickFormat: (d: Date) => labels.get(d.getTime()) ?? "",
    },
    y: {
      domain: [0, axis.max],
      label: null,
      ticks: axis.ticks,
      grid: true,
      tickFormat: (v: number) => new Intl.NumberFormat("es-ES").format(v),
    },
    color: { type: "identity" },
    marks: [Plot.rectY(rows, { x1: "x1", x2: "x2", y: "y", fill: "colour", inset: 0.5 }), Plot.ruleY([0])],
  });
  return finishChart(document, root, input.title);
}
