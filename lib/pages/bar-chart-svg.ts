/**
 * The horizontal bar chart of a distribution (SPEC WEB-2), bars in the given order, each
 * with its value written at its end, on a count axis with round ticks. Wide, the labels
 * stand left of the bars; narrow (phones), above them, so the bars keep the width.
 * Written as markup (lib/pages/svg-frame.ts says why).
 */
import { xmlEscape } from "./atom";
import { countAxis } from "./chart-axes";
import { CHART_FONT_PX, CHART_WIDTHS, SERIES_COLOURS } from "./chart-svg";
import { bands, fitText, group, n, svgOpen, svgText, xAxis, xGrid, yAxis } from "./svg-frame";

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
const MARGIN_BOTTOM = 30;
/** Room right of the longest bar for its figure. */
const MARGIN_RIGHT = { wide: 56, narrow: 48 };

/** A distribution as svg markup, drawn at `width`. */
export function barChartSvg(input: BarChartInput): string {
  const width = input.width ?? CHART_WIDTHS.wide;
  const narrow = width < CHART_WIDTHS.wide;
  const axis = countAxis(Math.max(0, ...input.bars.map((b) => b.value)), narrow ? 4 : 6);
  const count = input.bars.length;
  // Wide: a row of 30 px per bar, the labels left of the bars. Narrow: 46 px per bar, the bar in
  // the lower half of its row and its label above it.
  const layout = narrow
    ? { height: 36 + count * 46, top: 8, left: 8, right: MARGIN_RIGHT.narrow, padding: { paddingInner: 0.5, paddingOuter: 0.25, align: 1 } }
    : {
        height: 40 + count * 30,
        top: 20,
        left: Math.min(240, 16 + Math.max(4, ...input.bars.map((b) => b.label.length)) * 7.5),
        right: MARGIN_RIGHT.wide,
        padding: { paddingInner: 0.1, paddingOuter: 0.1, align: 0.5 },
      };
  const bottom = layout.height - MARGIN_BOTTOM;
  const right = width - layout.right;
  const x = (v: number) => layout.left + (v / axis.max) * (right - layout.left);
  const rows = bands(count, [layout.top, bottom], layout.padding);
  const middle = (i: number) => rows.at[i]! + rows.bandwidth / 2;
  const parts = [
    svgOpen(input.title, width, layout.height),
    narrow
      ? ""
      : yAxis(
          input.bars.map((b, i) => ({ y: middle(i), label: b.label })),
          layout.left,
          false,
        ),
    xGrid(axis.ticks.map(x), layout.top, bottom),
    xAxis(
      axis.ticks.map((t) => ({ x: x(t), label: String(t) })),
      bottom,
    ),
    group(
      `fill="${SERIES_COLOURS[0]}" aria-label="bar"`,
      input.bars.map((b, i) => `<rect height="${rows.bandwidth}" y="${rows.at[i]}" width="${n(x(b.value) - x(0))}" x="${n(x(0))}"/>`),
    ),
    group(
      `transform="translate(4,0)" text-anchor="start" aria-label="text"`,
      input.bars.map((b, i) => svgText(x(b.value), middle(i), counts.format(b.value))),
    ),
  ];
  if (narrow) {
    // Each label above its bar, cut with an ellipsis where it would pass the drawing's width (the title keeps it whole).
    const above = -(rows.bandwidth / 2 + CHART_FONT_PX * 0.7);
    const ems = (width - 16) / CHART_FONT_PX;
    parts.push(
      group(
        `transform="translate(0,${n(above)})" text-anchor="start" aria-label="text"`,
        input.bars.map((b, i) => {
          const fitted = fitText(b.label, ems);
          const text = svgText(x(0), middle(i), fitted.text);
          return fitted.cut ? text.replace("</text>", `<title>${xmlEscape(b.label)}</title></text>`) : text;
        }),
      ),
    );
  }
  parts.push("</svg>");
  return parts.join("");
}
