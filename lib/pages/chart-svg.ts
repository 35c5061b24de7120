/**
 * Server-rendered charts (SPEC WEB-2): Observable Plot drawn into a linkedom document,
 * returned as SVG markup that needs no JavaScript to read. Every chart carries
 * `role="img"`, an accessible name (`aria-label` and `<title>`) and readable labels; the
 * page puts a table with the same data beside it. Pure: data in, markup out.
 */
import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";

/**
 * Series colours: each has at least 3:1 contrast (WCAG 1.4.11, graphics) on the light and
 * the dark chart background (tests/unit/site/chart-svg.test.ts checks it).
 */
export const SERIES_COLOURS = ["#3f7cc4", "#c8691c", "#3a8a3a", "#9a5fc7", "#d0453f", "#1f8a8a"] as const;
/** The chart backgrounds of globals.css (`--paper-raised`, light and dark). */
export const CHART_BACKGROUNDS = ["#ffffff", "#1b1e22"] as const;

const CLASS = "chart-plot";
// An object, not a string: linkedom's `style` property is read-only.
const STYLE = { fontSize: "13px", background: "transparent", color: "inherit", overflow: "visible", maxWidth: "100%", height: "auto" };

/** One front-page position held from `fromAt` to `toAt` (epoch ms). */
export interface RankSpanPoint { fromAt: number; toAt: number; rank: number }
/** The positions of one article, under a label unique within the chart. */
export interface RankSeries { label: string; spans: readonly RankSpanPoint[] }

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
  /** @default 640 */
  width?: number;
}

/** One bar of a distribution. */
export interface Bar { label: string; value: number }

/** What a horizontal bar chart shows. */
export interface BarChartInput {
  title: string;
  bars: readonly Bar[];
  /** Label of the value axis, e.g. "Noticias". */
  valueLabel: string;
  /** @default 640 */
  width?: number;
}

function newDocument(): Document {
  return parseHTML("<!doctype html><html><body></body></html>").document as unknown as Document;
}

/** The chart's svg as markup with role and title set; a legend figure keeps its swatches. */
function finish(document: Document, root: Element, title: string): string {
  const svg = root.tagName.toLowerCase() === "svg" ? root : root.querySelector(`svg.${CLASS}`);
  if (!svg) throw new Error("Plot produced no chart svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", title);
  const titleElement = document.createElementNS("http://www.w3.org/2000/svg", "title");
  titleElement.textContent = title;
  svg.insertBefore(titleElement, svg.firstChild);
  return root.outerHTML;
}

/** Whole ranks from 1 to `max`, at most ~8 of them. */
export function rankTicks(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 8));
  const ticks = [1];
  for (let r = step; r <= max; r += step) if (r !== 1) ticks.push(r);
  return ticks;
}

/** Whole counts from 0 to at least `max`, at most ~6 of them. */
export function countTicks(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 5));
  const ticks = [];
  for (let v = 0; v < max + step; v += step) ticks.push(v);
  return ticks;
}

/** Hour formats by zone and whether they show the day: an Intl formatter is dear to make (~0.3 ms), cheap to reuse. */
const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** Hour labels in the outlet's zone; with the day when the period spans more than a day. */
function timeFormat(timeZone: string, start: number, end: number): (d: Date) => string {
  const withDay = end - start > 26 * 3_600_000;
  const key = `${timeZone} ${withDay}`;
  let f = hourFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("es-ES", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23", ...(withDay ? { day: "numeric", month: "short" } : {}) });
    hourFormats.set(key, f);
  }
  return (d) => f.format(d);
}

const counts = new Intl.NumberFormat("es-ES");

/** Rank over time: one horizontal stroke per span, 1 on top, a dot where each span starts. */
export function rankChartSvg(input: RankChartInput): string {
  const document = newDocument();
  const rows = input.series.flatMap((s) => s.spans.map((p) => ({
    series: s.label, from: new Date(Math.max(p.fromAt, input.start)), to: new Date(Math.min(p.toAt, input.end)), rank: p.rank,
  }))).filter((r) => r.from <= r.to);
  const maxRank = Math.max(5, ...rows.map((r) => r.rank));
  const labels = input.series.map((s) => s.label);
  const root = Plot.plot({
    document,
    className: CLASS,
    style: STYLE,
    width: input.width ?? 640,
    height: Math.min(420, 140 + maxRank * 12),
    marginTop: 32,
    marginLeft: 48,
    marginRight: 24,
    ariaLabel: input.title,
    x: { type: "utc", domain: [new Date(input.start), new Date(input.end)], label: "Hora", tickFormat: timeFormat(input.timeZone, input.start, input.end), ticks: 6 },
    y: { domain: [1, maxRank], reverse: true, label: "Posición en portada (1 = primera)", ticks: rankTicks(maxRank), tickFormat: "d", grid: true },
    color: { domain: labels, range: [...SERIES_COLOURS], legend: labels.length > 1 },
    marks: [
      Plot.ruleY(rows, { x1: "from", x2: "to", y: "rank", stroke: labels.length > 1 ? "series" : SERIES_COLOURS[0], strokeWidth: 4 }),
      Plot.dot(rows, { x: "from", y: "rank", fill: labels.length > 1 ? "series" : SERIES_COLOURS[0], r: 3.5 }),
    ],
  });
  return finish(document, root, input.title);
}

/** A distribution as horizontal bars in the given order, each with its value written at its end. */
export function barChartSvg(input: BarChartInput): string {
  const document = newDocument();
  const longest = Math.max(4, ...input.bars.map((b) => b.label.length));
  const ticks = countTicks(Math.max(1, ...input.bars.map((b) => b.value)));
  const root = Plot.plot({
    document,
    className: CLASS,
    style: STYLE,
    width: input.width ?? 640,
    height: 40 + input.bars.length * 30,
    marginLeft: Math.min(240, 16 + longest * 7.5),
    marginRight: 56,
    ariaLabel: input.title,
    x: { domain: [0, ticks[ticks.length - 1]!], label: input.valueLabel, grid: true, ticks, tickFormat: "d" },
    y: { domain: input.bars.map((b) => b.label), label: null },
    marks: [
      Plot.barX(input.bars, { x: "value", y: "label", fill: SERIES_COLOURS[0] }),
      Plot.text(input.bars, { x: "value", y: "label", text: (b: Bar) => counts.format(b.value), textAnchor: "start", dx: 4 }),
    ],
  });
  return finish(document, root, input.title);
}
