/**
 * The attention chart of /buscar (SPEC WEB-9): matching articles per day, one line per search
 * (up to four), on a count axis with round ticks and peninsular day ticks. Pure: data in,
 * SVG markup out (lib/pages/chart-svg.ts says how it is drawn and shown).
 */
import * as Plot from "@observablehq/plot";
import { countAxis, timeTicks } from "./chart-axes";
import { CHART_CLASS, CHART_STYLE, CHART_WIDTHS, finishChart, newDocument, seriesColour } from "./chart-svg";
import { parseDay } from "./peninsular-time";

/** One line: a search and its value per day. */
export interface AttentionLine {
  label: string;
  points: readonly { day: string; value: number }[];
}

/** What the chart shows. */
export interface AttentionChartInput {
  title: string;
  lines: readonly AttentionLine[];
  /** @default CHART_WIDTHS.wide */
  width?: number;
}

/** The middle of a peninsular day, where its point is drawn. */
function noonOf(day: string): number {
  const d = parseDay(day)!;
  return (d.start + d.end) / 2;
}

/** The lines as svg markup, drawn at `width`. */
export function attentionChartSvg(input: AttentionChartInput): string {
  const document = newDocument();
  const width = input.width ?? CHART_WIDTHS.wide;
  const narrow = width < CHART_WIDTHS.wide;
  const days = input.lines[0]?.points.map((p) => p.day) ?? [];
  const first = days[0] ?? "2026-01-01";
  const last = days[days.length - 1] ?? first;
  const start = parseDay(first)!.start;
  const end = parseDay(last)!.end;
  const ticks = timeTicks(start, end, "Europe/Madrid", narrow ? 4 : 6);
  const labels = new Map(ticks.map((t) => [t.at, t.label]));
  const axis = countAxis(Math.max(1, ...input.lines.flatMap((l) => l.points.map((p) => p.value))), narrow ? 4 : 6);
  const data = input.lines.flatMap((l, i) =>
    l.points.map((p) => ({ at: new Date(noonOf(p.day)), value: p.value, colour: seriesColour(i), line: i })),
  );
  const oneDay = days.length === 1;
  const root = Plot.plot({
    document,
    className: CHART_CLASS,
    style: CHART_STYLE,
    width,
    height: narrow ? 220 : 280,
    marginTop: 16,
    marginBottom: ticks.some((t) => t.label.includes("\n")) ? 44 : 28,
    marginLeft: 44,
    marginRight: narrow ? 16 : 24,
    ariaLabel: input.title,
    x: {
      type: "utc",
      domain: [new Date(start), new Date(end)],
      label: null,
      ticks: ticks.map((t) => new Date(t.at)),
      tickFormat: (d: Date) => labels.get(d.getTime()) ?? "",
    },
    y: { domain: [0, axis.max], label: null, ticks: axis.ticks, tickFormat: "d", grid: true },
    color: { type: "identity" },
    marks: [
      Plot.ruleY([0]),
      oneDay
        ? Plot.dot(data, { x: "at", y: "value", fill: "colour", r: 4 })
        : Plot.line(data, { x: "at", y: "value", z: "line", stroke: "colour", strokeWidth: 2 }),
    ],
  });
  return finishChart(document, root, input.title);
}
