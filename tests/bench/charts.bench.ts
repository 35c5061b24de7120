/**
 * `npm run bench -- charts`: the CPU one page spends drawing its charts, pure (no server, no
 * database). Every chart is drawn twice per page (the phone's and the wide drawing, SPEC WEB-7),
 * so each figure is a pair: a position chart of 12 spans (an article's day on a front page), one
 * of 8 outlets × 12 spans (a story's), a bar chart of 10 bars (an outlet's sections) and the
 * attention chart of two searches over 30 days (/buscar). Each is read against a tenth of the
 * render budget of a whole page (SPEC OPS-8: ≤ 30 ms of CPU per uncached page), since a page
 * draws one to three of them.
 */
import { attentionChartSvg } from "../../lib/pages/attention-chart-svg";
import { barChartSvg } from "../../lib/pages/bar-chart-svg";
import { CHART_WIDTHS } from "../../lib/pages/chart-svg";
import { rankChartSvg, type RankSeries } from "../../lib/pages/rank-chart-svg";
import { figure, type BenchContext, type Figure } from "./types";

export const name = "charts";

const HOUR = 3_600_000;
const START = Date.parse("2026-11-10T05:00:00Z");
const PAIRS = 500;

function series(count: number): RankSeries[] {
  return Array.from({ length: count }, (_, s) => ({
    label: `${s + 1}. Cabecera`,
    spans: Array.from({ length: 12 }, (_, i) => ({
      fromAt: START + i * 1_800_000 + s * 60_000,
      toAt: START + (i + 1) * 1_800_000 - 60_000,
      rank: 1 + ((i + s) % 9),
    })),
  }));
}

/** CPU ms per pair of drawings, over PAIRS pairs after a warm-up. */
function perPair(draw: (width: number) => string): number {
  for (let i = 0; i < 50; i++) draw(CHART_WIDTHS.wide);
  const before = process.cpuUsage();
  for (let i = 0; i < PAIRS; i++) {
    draw(CHART_WIDTHS.narrow);
    draw(CHART_WIDTHS.wide);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / PAIRS;
}

export async function run(ctx: BenchContext): Promise<Figure[]> {
  const atMost = (max: number) => (value: number) => ({ bound: `≤ ${max}`, ok: value <= max });
  const rank = (n: number) => (width: number) =>
    rankChartSvg({ title: "Posición", series: series(n), start: START - HOUR, end: START + 7 * HOUR, timeZone: "Europe/Madrid", width });
  const bars = (width: number) =>
    barChartSvg({
      title: "Secciones",
      valueLabel: "Noticias",
      bars: Array.from({ length: 10 }, (_, i) => ({ label: `Sección ${i}`, value: 10 + i })),
      width,
    });
  const days = Array.from({ length: 30 }, (_, i) => new Date(START + (i - 30) * 24 * HOUR).toISOString().slice(0, 10));
  const attention = (width: number) =>
    attentionChartSvg({
      title: "Noticias por día",
      lines: ["vivienda", "alquiler"].map((label, l) => ({ label, points: days.map((day, i) => ({ day, value: (i * (l + 3)) % 17 })) })),
      width,
    });
  ctx.progress(`drawing ${PAIRS} pairs of each chart`);
  return [
    figure("position chart, 1 series × 12 spans: CPU per pair of drawings", perPair(rank(1)), "CPU ms", atMost(3)),
    figure("position chart, 8 series × 12 spans: CPU per pair of drawings", perPair(rank(8)), "CPU ms", atMost(3)),
    figure("bar chart, 10 bars: CPU per pair of drawings", perPair(bars), "CPU ms", atMost(3)),
    figure("attention chart, 2 searches × 30 days: CPU per pair of drawings", perPair(attention), "CPU ms", atMost(3)),
  ];
}
