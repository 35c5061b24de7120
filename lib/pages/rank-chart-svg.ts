/**
 * The rank-over-time chart (SPEC WEB-2): one horizontal stroke per span at the rank it
 * held, 1 on top, a dot where each span starts. The rank axis covers every plotted rank
 * with round ticks; time ticks fall on round local hours and carry the date where the day
 * changes; equal ranks held at once by several series are drawn in lanes slightly apart
 * (lib/pages/chart-axes.ts holds the arithmetic).
 */
import * as Plot from "@observablehq/plot";
import { rankAxis, rankLanes, timeTicks } from "./chart-axes";
import { CHART_CLASS, CHART_STYLE, CHART_WIDTHS, finishChart, newDocument, seriesColour } from "./chart-svg";

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

/** Rank over time as svg markup, drawn at `width`. */
export function rankChartSvg(input: RankChartInput): string {
  const document = newDocument();
  const width = input.width ?? CHART_WIDTHS.wide;
  const { rows, lanes } = rankRows(input);
  const axis = rankAxis(Math.max(0, ...rows.map((r) => r.rank)));
  const ticks = timeTicks(input.start, input.end, input.timeZone, width < CHART_WIDTHS.wide ? 4 : 6);
  const labels = new Map(ticks.map((t) => [t.at, t.label]));
  const twoLines = ticks.some((t) => t.label.includes("\n"));
  const marginBottom = twoLines ? 44 : 28;
  const height = Math.min(420, 120 + axis.max * 10);
  const rankGap = (height - MARGIN_TOP - marginBottom) / Math.max(1, axis.max - 1);
  // Lanes share at most 80 % of the gap between two ranks, so a stroke never reaches the next rank.
  const laneGap = lanes > 1 ? Math.min(5, (rankGap * 0.8) / (lanes - 1)) : 0;
  const strokeWidth = lanes > 1 ? Math.max(2, Math.min(4, laneGap)) : 4;
  const marks: Plot.Markish[] = [];
  for (let lane = 0; lane < lanes; lane++) {
    const mine = rows.filter((r) => r.lane === lane).map((r) => ({ ...r, from: new Date(r.from), to: new Date(r.to) }));
    const dy = (lane - (lanes - 1) / 2) * laneGap;
    marks.push(
      Plot.ruleY(mine, { x1: "from", x2: "to", y: "rank", stroke: "colour", strokeWidth, dy }),
      Plot.dot(mine, { x: "from", y: "rank", fill: "colour", r: strokeWidth / 2 + 1.5, dy }),
    );
  }
  const root = Plot.plot({
    document,
    className: CHART_CLASS,
    style: CHART_STYLE,
    width,
    height,
    marginTop: MARGIN_TOP,
    marginBottom,
    marginLeft: 36,
    marginRight: width < CHART_WIDTHS.wide ? 20 : 28,
    ariaLabel: input.title,
    x: {
      type: "utc",
      domain: [new Date(input.start), new Date(input.end)],
      label: null,
      ticks: ticks.map((t) => new Date(t.at)),
      tickFormat: (d: Date) => labels.get(d.getTime()) ?? "",
    },
    y: { domain: [1, axis.max], reverse: true, label: null, ticks: axis.ticks, tickFormat: "d", grid: true },
    color: { type: "identity" },
    marks,
  });
  return finishChart(document, root, input.title);
}
