/** Rank over time on a front page (SPEC WEB-2): chart, legend and a table of the same spans. */
import { CHART_WIDTHS } from "@/lib/pages/chart-svg";
import { rankChartSvg, rankRows, type RankSeries } from "@/lib/pages/rank-chart-svg";
import { formatElapsed, formatMoment } from "@/lib/pages/period";
import { ChartFigure } from "./chart-figure";
import { RankLegend } from "./rank-legend";

/** What the chart draws: labelled series of spans over a period, in an outlet's time zone. */
export interface RankChartProps {
  /** Accessible name of the chart: what, where, over which period. */
  title: string;
  caption: string;
  series: readonly RankSeries[];
  start: number;
  end: number;
  timeZone: string;
  /** WEB-6: the chart's standalone SVG. */
  permalink?: string;
}

/** Rank-over-time figure; 1 (the top of the front page) is drawn on top. */
export function RankChart({ title, caption, series, start, end, timeZone, permalink }: RankChartProps) {
  const draw = (width: number) => rankChartSvg({ title, series, start, end, timeZone, width });
  const { lanes } = rankRows({ series, start, end });
  return (
    <ChartFigure
      drawings={{ narrow: draw(CHART_WIDTHS.narrow), wide: draw(CHART_WIDTHS.wide) }}
      axisTitle="Posición en portada (1 = la primera)"
      legend={<RankLegend labels={series.map((s) => s.label)} lanes={lanes} />}
      caption={caption}
      permalink={permalink}
      table={
        <table>
          <caption className="table-caption">Cada fila es un periodo en que la noticia mantuvo la misma posición.</caption>
          <thead>
            <tr>
              <th scope="col">Noticia</th>
              <th scope="col">Posición</th>
              <th scope="col">Desde</th>
              <th scope="col">Hasta</th>
              <th scope="col">Duración</th>
            </tr>
          </thead>
          <tbody>
            {series.flatMap((s) =>
              s.spans.map((p, i) => (
                <tr key={`${s.label}-${i}`}>
                  <td>{s.label}</td>
                  <td>{p.rank}</td>
                  <td>
                    <time dateTime={new Date(p.fromAt).toISOString()}>{formatMoment(p.fromAt, timeZone)}</time>
                  </td>
                  <td>
                    <time dateTime={new Date(p.toAt).toISOString()}>{formatMoment(p.toAt, timeZone)}</time>
                  </td>
                  <td>{formatElapsed(p.toAt - p.fromAt)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      }
    />
  );
}
