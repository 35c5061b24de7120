/**
 * The attention chart of /buscar (SPEC WEB-9): matching articles per day, one line per search
 * (up to four), on a count axis with round ticks and peninsular day ticks. Pure: data in,
 * SVG markup out (lib/pages/chart-svg.ts says how it is shown, lib/pages/svg-frame.ts how it is written).
 */
import { countAxis, timeTicks } from "./chart-axes";
import { CHART_WIDTHS, seriesColour } from "./chart-svg";
import { parseDay } from "./peninsular-time";
import { group, n, ruleY, timeChartOpen } from "./svg-frame";

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
  const width = input.width ?? CHART_WIDTHS.wide;
  const narrow = width < CHART_WIDTHS.wide;
  const days = input.lines[0]?.points.map((p) => p.day) ?? [];
  const first = days[0] ?? "2026-01-01";
  const last = days[days.length - 1] ?? first;
  const start = parseDay(first)!.start;
  const end = parseDay(last)!.end;
  const ticks = timeTicks(start, end, "Europe/Madrid", narrow ? 4 : 6);
  const axis = countAxis(Math.max(1, ...input.lines.flatMap((l) => l.points.map((p) => p.value))), narrow ? 4 : 6);
  const height = narrow ? 220 : 280;
  const top = 16;
  const bottom = height - (ticks.some((t) => t.label.includes("\n")) ? 44 : 28);
  const left = 44;
  const right = width - (narrow ? 16 : 24);
  const x = (at: number) => left + ((at - start) / Math.max(1, end - start)) * (right - left);
  const y = (value: number) => bottom - (value / axis.max) * (bottom - top);
  // Every search has the same days: each day's place is worked out once.
  const dayX = new Map(days.map((day) => [day, x(noonOf(day))]));
  const at = (day: string) => dayX.get(day) ?? x(noonOf(day));
  const point = (p: { day: string; value: number }) => `${n(at(p.day))},${n(y(p.value))}`;
  // One day is a dot per search: a line needs two points.
  const marks =
    days.length === 1
      ? group(
          `aria-label="dot"`,
          input.lines.flatMap((l, i) =>
            l.points.map((p) => `<circle fill="${seriesColour(i)}" r="4" cy="${n(y(p.value))}" cx="${n(at(p.day))}"/>`),
          ),
        )
      : group(
          `stroke-linecap="round" stroke-linejoin="round" stroke-width="2" fill="none" aria-label="line"`,
          input.lines.flatMap((l, i) =>
            l.points.length === 0 ? [] : [`<path d="M${l.points.map(point).join("L")}" stroke="${seriesColour(i)}"/>`],
          ),
        );
  return [
    timeChartOpen({
      title: input.title,
      width,
      height,
      left,
      right,
      bottom,
      values: axis.ticks.map((v) => ({ y: y(v), label: String(v) })),
      times: ticks.map((t) => ({ x: x(t.at), label: t.label })),
    }),
    ruleY(y(0), left, right),
    marks,
    "</svg>",
  ].join("");
}
