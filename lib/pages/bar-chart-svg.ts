/**
 * The horizontal bar chart of a distribution (SPEC WEB-2), bars in the given order, each
 * with its value written at its end, on a count axis with round ticks. Wide, the labels
 * stand left of the bars; narrow (phones), above them, so the bars keep the width.
 */
import * as Plot from "@observablehq/plot";
import { countAxis } from "./chart-axes";
import { CHART_CLASS, CHART_FONT_PX, CHART_STYLE, CHART_WIDTHS, finishChart, newDocument, SERIES_COLOURS } from "./chart-svg";

/** One bar of a distribution. */
export interface Bar {
  label: string;
  value: number;
}

/** What a horizontal bar chart shows. */
export interface BarChartInput {
  title: string;
  bars: readonly Bar[];
  /** What the values count, e.g. "Noticias" (the page says it beside the chart). */
  valueLabel: string;
  /** @default CHART_WIDTHS.wide */
  width?: number;
}

const counts = new Intl.NumberFormat("es-ES");
const valueText = (b: Bar) => counts.format(b.value);

/** A distribution as svg markup, drawn at `width`. */
export function barChartSvg(input: BarChartInput): string {
  const document = newDocument();
  const width = input.width ?? CHART_WIDTHS.wide;
  const narrow = width < CHART_WIDTHS.wide;
  const axis = countAxis(Math.max(0, ...input.bars.map((b) => b.value)), narrow ? 4 : 6);
  const labels = input.bars.map((b) => b.label);
  const x = { domain: [0, axis.max], label: null, grid: true, ticks: axis.ticks, tickFormat: "d" } as const;
  const value = Plot.text(input.bars, { x: "value", y: "label", text: valueText, textAnchor: "start", dx: 4 });
  const bar = Plot.barX(input.bars, { x: "value", y: "label", fill: SERIES_COLOURS[0] });
  if (!narrow) {
    const longest = Math.max(4, ...labels.map((l) => l.length));
    return finishChart(
      document,
      Plot.plot({
        document,
        className: CHART_CLASS,
        style: CHART_STYLE,
        ariaLabel: input.title,
        width,
        height: 40 + input.bars.length * 30,
        marginLeft: Math.min(240, 16 + longest * 7.5),
        marginRight: 56,
        x,
        y: { domain: labels, label: null },
        marks: [bar, value],
      }),
      input.title,
    );
  }
  // Narrow: a band of 46 px per bar, the bar in its lower half and its label above it.
  const step = 46;
  const padding = 0.5;
  const bandwidth = step * (1 - padding);
  return finishChart(
    document,
    Plot.plot({
      document,
      className: CHART_CLASS,
      style: CHART_STYLE,
      ariaLabel: input.title,
      width,
      height: 28 + 8 + input.bars.length * step,
      marginTop: 8,
      marginLeft: 8,
      marginRight: 48,
      x,
      y: { domain: labels, axis: null, paddingInner: padding, paddingOuter: padding / 2, align: 1 },
      marks: [
        bar,
        value,
        Plot.text(input.bars, {
          x: 0,
          y: "label",
          text: "label",
          textAnchor: "start",
          dy: -(bandwidth / 2 + CHART_FONT_PX * 0.7),
          lineWidth: (width - 16) / CHART_FONT_PX,
          textOverflow: "ellipsis", // in ems: one em is the font size
        }),
      ],
    }),
    input.title,
  );
}
