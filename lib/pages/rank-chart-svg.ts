/**
 * The rank-over-time chart (SPEC WEB-2): one horizontal stroke per span at the rank it
 * held, 1 on top, a dot where each span starts. The rank axis covers every plotted rank
 * with round ticks; time ticks fall on round local hours and carry the date where the day
 * changes; equal ranks held at once by several series are drawn in lanes slightly apart
 * (lib/pages/chart-axes.ts holds the arithmetic).
 */
import { rankAxis, rankLanes, timeTicks } from "./chart-axes";
import { CHART_WIDTHS, seriesColour } from "./chart-svg";
import { group, n, timeChartOpen } from "./svg-frame";

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

/**
 * Rank over time as svg markup, drawn at `width` (a rule and a dot group per lane; lib/pages/svg-frame.ts
 * says how the charts are written).
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
  const out = [
    timeChartOpen({
      title: input.title,
      width,
      height,
      left: marginLeft,
      right,
      bottom,
      values: axis.ticks.map((r) => ({ y: y(r), label: String(r) })),
      times: ticks.map((t) => ({ x: x(t.at), label: t.label })),
    }),
  ];
  for (let lane = 0; lane < lanes; lane++) {
    const mine = rows.filter((r) => r.lane === lane);
    const dy = (lane - (lanes - 1) / 2) * laneGap;
    const shift = dy === 0 ? "" : `transform="translate(0,${n(dy)})" `;
    out.push(
      group(
        `${shift}stroke-width="${n(strokeWidth)}" aria-label="rule"`,
        mine.map((r) => `<line stroke="${r.colour}" y2="${n(y(r.rank))}" y1="${n(y(r.rank))}" x2="${n(x(r.to))}" x1="${n(x(r.from))}"/>`),
      ),
      group(
        `${shift}aria-label="dot"`,
        mine.map((r) => `<circle fill="${r.colour}" r="${n(strokeWidth / 2 + 1.5)}" cy="${n(y(r.rank))}" cx="${n(x(r.from))}"/>`),
      ),
    );
  }
  out.push(`</svg>`);
  return out.join("");
}
