/**
 * Columns hour by hour (SPEC OPS-5, the admin's metrics over 24 hours), one stacked column
 * per hour with a colour per series, on a count axis with round ticks and time ticks on
 * round local hours (as the public charts: chart-axes.ts). Pure: data in, markup out
 * (lib/pages/svg-frame.ts says how it is written).
 */
import { countAxis, timeTicks } from "./chart-axes";
import { CHART_WIDTHS, seriesColour } from "./chart-svg";
import { group, n, ruleY, timeChartOpen } from "./svg-frame";

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
  const width = input.width ?? CHART_WIDTHS.wide;
  const start = input.hours[0]?.start ?? 0;
  const end = (input.hours.at(-1)?.start ?? 0) + HOUR_MS;
  const totals = input.hours.map((h) => h.values.reduce((a, b) => a + b, 0));
  const axis = countAxis(Math.max(0, ...totals), width < CHART_WIDTHS.wide ? 4 : 6);
  const ticks = timeTicks(start, end, input.timeZone, width < CHART_WIDTHS.wide ? 4 : 6);
  const height = 220;
  const top = 12;
  const bottom = height - (ticks.some((t) => t.label.includes("\n")) ? 44 : 28);
  const left = 48;
  const right = width - 16;
  const x = (at: number) => left + ((at - start) / Math.max(1, end - start)) * (right - left);
  const y = (value: number) => bottom - (value / axis.max) * (bottom - top);
  // Each hour's values stacked from zero in series order, half a unit of air around each part.
  const parts = input.hours.flatMap((h) => {
    let below = 0;
    return h.values.map((v, i) => {
      const [low, high] = [y(below), y((below += v))];
      return (
        `<rect fill="${seriesColour(i)}" height="${n(Math.max(0, low - high - 1))}" width="${n(Math.max(0, x(h.start + HOUR_MS) - x(h.start) - 1))}"` +
        ` y="${n(high + 0.5)}" x="${n(x(h.start) + 0.5)}"/>`
      );
    });
  });
  const counts = new Intl.NumberFormat("es-ES");
  return [
    timeChartOpen({
      title: input.title,
      width,
      height,
      left,
      right,
      bottom,
      values: axis.ticks.map((v) => ({ y: y(v), label: counts.format(v) })),
      times: ticks.map((t) => ({ x: x(t.at), label: t.label })),
    }),
    group(`aria-label="rect"`, parts),
    ruleY(y(0), left, right),
    "</svg>",
  ].join("");
}
