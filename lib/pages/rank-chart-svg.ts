/**
 * The rank-over-time chart (SPEC WEB-2): one horizontal stroke per span at the rank it
 * held, 1 on top, a dot where each span starts. The rank axis covers every plotted rank
 * with round ticks; time ticks fall on round local hours and carry the date where the day
 * changes; equal ranks held at once by several series are drawn in lanes slightly apart
 * (lib/pages/chart-axes.ts holds the arithmetic).
 */
import { rankAxis, rankLanes, timeTicks } from "./chart-axes";
import { xmlEscape } from "./atom";
import { CHART_CLASS, CHART_STYLE, CHART_WIDTHS, seriesColour } from "./chart-svg";

/** One front-page position held from `fromAt` to `toAt` (epoch ms). */
export interface RankSpanPoint {
  fromAt: number;
  toAt: number;
  rank: number;
}
/** The positions of one article, under a label unique within the chart. */
export interface RankSeries {
  label: string;
  spans: readonly RankSpanPoint[];
}

/** What a rank-over-time chart shows. */
export interface RankChartInput {
  /** The accessible name: what, where and over which period. */
  title: string;
  series: readonly RankSeries[];
  /** The period drawn (epoch ms). */
  start: number;
  end: number;
  /** Time zone of the hour labels (the outlet's). */
  timeZone: string;
  /** @default CHART_WIDTHS.wide */
  width?: number;
}

const MARGIN_TOP = 12;

/** The strokes to draw: spans clipped to the period, with their series index, colour and lane. */
export function rankRows(input: Pick<RankChartInput, "series" | "start" | "end">) {
  const rows = input.series
    .flatMap((s, series) =>
      s.spans.map((p) => ({
        series,
        rank: p.rank,
        from: Math.max(p.fromAt, input.start),
        to: Math.min(p.toAt, input.end),
        colour: seriesColour(series),
      })),
    )
    .filter((r) => r.from <= r.to);
  const { lane, lanes } = rankLanes(rows);
  return { rows: rows.map((r, i) => ({ ...r, lane: lane[i]! })), lanes };
}

/** A coordinate as the markup writes it: at most two decimals (a hundredth of a drawing unit, below a device pixel). */
const n = (v: number) => String(Math.round(v * 100) / 100);

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

/** A tick label: one line, or a tspan per line ("14:00\n2 dic"). */
function tickText(x: number, y: number, label: string): string {
  const lines = label.split("\n");
  if (lines.length === 1) return `<text transform="translate(${n(x)},${n(y)})" y="0.71em">${xmlEscape(label)}</text>`;
  const spans = lines.map((l, i) => (i === 0 ? `<tspan y="0.71em" x="0">` : `<tspan dy="1em" x="0">`) + `${xmlEscape(l)}</tspan>`);
  return `<text transform="translate(${n(x)},${n(y)})">${spans.join("")}</text>`;
}

/**
 * Rank over time as svg markup, drawn at `width`. Written as a string, in the structure
 * Observable Plot gives the site's other charts (axis groups, a rule and a dot group per
 * lane): drawing it with Plot into a linkedom document cost 5–12 ms a drawing, and every page
 * with a position chart draws two (docs/benchmarks.md).
 */
export function rankChartSvg(input: RankChartInput): string {
  const width = input.width ?? CHART_WIDTHS.wide;
  const { rows, lanes } = rankRows(input);
  const axis = rankAxis(Math.max(0, ...rows.map((r) => r.rank)));
  const ticks = timeTicks(input.start, input.end, input.timeZone, width < CHART_WIDTHS.wide ? 4 : 6);
  const twoLines = ticks.some((t) => t.label.includes("\n"));
  const marginBottom = twoLines ? 44 : 28;
  const marginLeft = 36;
  const marginRight = width < CHART_WIDTHS.wide ? 20 : 28;
  const height = Math.min(420, 120 + axis.max * 10);
  const bottom = height - marginBottom;
  const right = width - marginRight;
  const rankGap = (bottom - MARGIN_TOP) / Math.max(1, axis.max - 1);
  // Lanes share at most 80 % of the gap between two ranks, so a stroke never reaches the next rank.
  const laneGap = lanes > 1 ? Math.min(5, (rankGap * 0.8) / (lanes - 1)) : 0;
  const strokeWidth = lanes > 1 ? Math.max(2, Math.min(4, laneGap)) : 4;
  const x = (at: number) => marginLeft + ((at - input.start) / Math.max(1, input.end - input.start)) * (right - marginLeft);
  const y = (rank: number) => MARGIN_TOP + (rank - 1) * rankGap;
  const title = xmlEscape(input.title);
  const out = [
    `<svg class="${CHART_CLASS}" role="img" aria-label="${title}" style="${SVG_STYLE}" viewBox="0 0 ${width} ${height}" height="${height}" width="${width}"` +
      ` text-anchor="middle" font-size="10" font-family="system-ui, sans-serif" fill="currentColor">`,
    `<title>${title}</title>`,
    `<style>${PLOT_STYLE}</style>`,
    `<g stroke-opacity="0.1" stroke="currentColor" aria-hidden="true" aria-label="y-grid">`,
    ...axis.ticks.map((r) => `<line y2="${n(y(r))}" y1="${n(y(r))}" x2="${n(right)}" x1="${marginLeft}"/>`),
    `</g>`,
    `<g stroke="currentColor" fill="none" aria-hidden="true" aria-label="y-axis tick">`,
    ...axis.ticks.map((r) => `<path d="M0,0L-6,0" transform="translate(${marginLeft},${n(y(r))})"/>`),
    `</g>`,
    `<g transform="translate(-9,0)" font-variant="tabular-nums" text-anchor="end" aria-label="y-axis tick label">`,
    ...axis.ticks.map((r) => `<text transform="translate(${marginLeft},${n(y(r))})" y="0.32em">${r}</text>`),
    `</g>`,
    `<g stroke="currentColor" fill="none" aria-hidden="true" aria-label="x-axis tick">`,
    ...ticks.map((t) => `<path d="M0,0L0,6" transform="translate(${n(x(t.at))},${n(bottom)})"/>`),
    `</g>`,
    `<g transform="translate(0,9)" font-variant="tabular-nums" aria-label="x-axis tick label">`,
    ...ticks.map((t) => tickText(x(t.at), bottom, t.label)),
    `</g>`,
  ];
  for (let lane = 0; lane < lanes; lane++) {
    const mine = rows.filter((r) => r.lane === lane);
    if (mine.length === 0) continue;
    const dy = (lane - (lanes - 1) / 2) * laneGap;
    const shift = dy === 0 ? "" : ` transform="translate(0,${n(dy)})"`;
    out.push(
      `<g${shift} stroke-width="${n(strokeWidth)}" aria-label="rule">`,
      ...mine.map((r) => `<line stroke="${r.colour}" y2="${n(y(r.rank))}" y1="${n(y(r.rank))}" x2="${n(x(r.to))}" x1="${n(x(r.from))}"/>`),
      `</g>`,
      `<g${shift} aria-label="dot">`,
      ...mine.map((r) => `<circle fill="${r.colour}" r="${n(strokeWidth / 2 + 1.5)}" cy="${n(y(r.rank))}" cx="${n(x(r.from))}"/>`),
      `</g>`,
    );
  }
  out.push(`</svg>`);
  return out.join("");
}
