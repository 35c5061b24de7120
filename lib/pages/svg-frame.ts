/**
 * The markup every server-rendered chart shares (SPEC WEB-2): the svg element with its
 * accessible name, title and scoped style, grids, axes with their tick labels, and text.
 * The charts are written as strings in the structure Observable Plot gives (the same
 * groups and aria labels), because drawing them with Plot into a linkedom document cost
 * about 1 ms a drawing (12 ms for a rank chart) and a page draws each chart twice, at two
 * widths (docs/benchmarks.md, "Charts"). Pure: numbers in, markup out.
 */
import { xmlEscape } from "./atom";
import { CHART_CLASS, CHART_STYLE } from "./chart-svg";

/** A coordinate as the markup writes it: at most two decimals (a hundredth of a drawing unit, below a device pixel). */
export const n = (v: number) => String(Math.round(v * 100) / 100);

/** The scoped style Observable Plot puts in its charts, kept so that every chart of the site reads alike. */
const PLOT_STYLE = `:where(.${CHART_CLASS}) {
  --plot-background: white;
  display: block;
  height: auto;
  height: intrinsic;
  max-width: 100%;
}
:where(.${CHART_CLASS} text),
:where(.${CHART_CLASS} tspan) {
  white-space: pre;
}`;

/** The svg's inline style, from CHART_STYLE's camel-case keys. */
const SVG_STYLE = Object.entries(CHART_STYLE)
  .map(([k, v]) => `${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${v}`)
  .join(";");

/** The opening of a chart: the svg element (an image named by `title`), its title and its style. */
export function svgOpen(title: string, width: number, height: number): string {
  const name = xmlEscape(title);
  return (
    `<svg class="${CHART_CLASS}" role="img" aria-label="${name}" style="${SVG_STYLE}" viewBox="0 0 ${n(width)} ${n(height)}"` +
    ` height="${n(height)}" width="${n(width)}" text-anchor="middle" font-size="10" font-family="system-ui, sans-serif" fill="currentColor">` +
    `<title>${name}</title><style>${PLOT_STYLE}</style>`
  );
}

/** A group of marks, or nothing when there are none. */
export function group(attributes: string, marks: readonly string[]): string {
  return marks.length === 0 ? "" : `<g ${attributes}>${marks.join("")}</g>`;
}

/** A text at (x, y); a label of several lines ("14:00\n2 dic") writes a tspan per line, the first at `firstLineY`. */
export function svgText(x: number, y: number, label: string, firstLineY = "0.32em"): string {
  const lines = label.split("\n");
  const at = `transform="translate(${n(x)},${n(y)})"`;
  if (lines.length === 1) return `<text ${at} y="${firstLineY}">${xmlEscape(label)}</text>`;
  const spans = lines.map((l, i) => (i === 0 ? `<tspan y="0.71em" x="0">` : `<tspan dy="1em" x="0">`) + `${xmlEscape(l)}</tspan>`);
  return `<text ${at}>${spans.join("")}</text>`;
}

/** Vertical grid lines at `xs`, from `top` to `bottom`. */
export function xGrid(xs: readonly number[], top: number, bottom: number): string {
  return group(
    `stroke-opacity="0.1" stroke="currentColor" aria-hidden="true" aria-label="x-grid"`,
    xs.map((x) => `<line y2="${n(bottom)}" y1="${n(top)}" x2="${n(x)}" x1="${n(x)}"/>`),
  );
}

/** Horizontal grid lines at `ys`, from `left` to `right`. */
export function yGrid(ys: readonly number[], left: number, right: number): string {
  return group(
    `stroke-opacity="0.1" stroke="currentColor" aria-hidden="true" aria-label="y-grid"`,
    ys.map((y) => `<line y2="${n(y)}" y1="${n(y)}" x2="${n(right)}" x1="${n(left)}"/>`),
  );
}

/** A bottom axis at `bottom`: a tick and its label (one or two lines) at each x. */
export function xAxis(ticks: readonly { x: number; label: string }[], bottom: number): string {
  return (
    group(
      `stroke="currentColor" fill="none" aria-hidden="true" aria-label="x-axis tick"`,
      ticks.map((t) => `<path d="M0,0L0,6" transform="translate(${n(t.x)},${n(bottom)})"/>`),
    ) +
    group(
      `transform="translate(0,9)" font-variant="tabular-nums" aria-label="x-axis tick label"`,
      ticks.map((t) => svgText(t.x, bottom, t.label, "0.71em")),
    )
  );
}

/** A left axis at `left`: a tick and its label at each y, the labels right-aligned; `tabular` for figures. */
export function yAxis(ticks: readonly { y: number; label: string }[], left: number, tabular: boolean): string {
  return (
    group(
      `stroke="currentColor" fill="none" aria-hidden="true" aria-label="y-axis tick"`,
      ticks.map((t) => `<path d="M0,0L-6,0" transform="translate(${n(left)},${n(t.y)})"/>`),
    ) +
    group(
      `transform="translate(-9,0)"${tabular ? ` font-variant="tabular-nums"` : ""} text-anchor="end" aria-label="y-axis tick label"`,
      ticks.map((t) => svgText(left, t.y, t.label)),
    )
  );
}

/**
 * The opening of a chart over time: the svg, a grid line and a figure at each value tick of the
 * left axis (at `left`, the grid reaching `right`), and the time ticks of the bottom axis.
 */
export function timeChartOpen(p: {
  title: string;
  width: number;
  height: number;
  left: number;
  right: number;
  bottom: number;
  values: readonly { y: number; label: string }[];
  times: readonly { x: number; label: string }[];
}): string {
  return (
    svgOpen(p.title, p.width, p.height) +
    yGrid(
      p.values.map((v) => v.y),
      p.left,
      p.right,
    ) +
    yAxis(p.values, p.left, true) +
    xAxis(p.times, p.bottom)
  );
}

/** A horizontal rule at `y` from `left` to `right` (the zero line). */
export function ruleY(y: number, left: number, right: number): string {
  return `<g stroke="currentColor" aria-label="rule"><line y2="${n(y)}" y1="${n(y)}" x2="${n(right)}" x1="${n(left)}"/></g>`;
}

/**
 * Rows of equal bands from `start` to `stop` (pixels), as a band scale with rounding gives
 * them: the step and band widths are whole, and the rows sit where `align` (0 top, 1 bottom)
 * puts the rest. `paddingInner` and `paddingOuter` are shares of a step.
 */
export function bands(
  count: number,
  [start, stop]: readonly [number, number],
  { paddingInner, paddingOuter, align }: { paddingInner: number; paddingOuter: number; align: number },
): { at: number[]; bandwidth: number } {
  const step = Math.floor((stop - start) / Math.max(1, count - paddingInner + paddingOuter * 2));
  const first = Math.round(start + (stop - start - step * (count - paddingInner)) * align);
  return { at: Array.from({ length: count }, (_, i) => first + i * step), bandwidth: Math.round(step * (1 - paddingInner)) };
}

/** Widths of characters in hundredths of an em, roughly those of a sans-serif face (narrow, wide, the rest). */
function charWidth(c: string): number {
  if (/[ il.,:;'!|·ıjf]/.test(c)) return 28;
  if (/[rtI()[\]\-"¡¿]/.test(c)) return 36;
  if (/[mwMW]/.test(c)) return 85;
  if (/[A-ZÁÉÍÓÚÑÜ]/.test(c)) return 68;
  return 55;
}

/** The width of an ellipsis, in hundredths of an em. */
const ELLIPSIS = 100;

/** `label` as it fits in `ems` ems: in full, or cut with an ellipsis (the chart then gives the full text in a title). */
export function fitText(label: string, ems: number): { text: string; cut: boolean } {
  const limit = ems * 100;
  const chars = [...label];
  const widths = chars.map(charWidth);
  if (widths.reduce((a, b) => a + b, 0) <= limit) return { text: label, cut: false };
  let kept = 0;
  for (let width = ELLIPSIS; kept < chars.length && width + widths[kept]! <= limit; kept++) width += widths[kept]!;
  return { text: `${chars.slice(0, kept).join("").trimEnd()}…`, cut: true };
}
