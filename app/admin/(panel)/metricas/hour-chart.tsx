/** A figure hour by hour over the last 24 hours (SPEC OPS-5), with its legend and a table of the same values. */
import { ChartFigure } from "@/app/_components/charts/chart-figure";
import { CHART_WIDTHS, seriesColour } from "@/lib/pages/chart-svg";
import { formatNumber } from "@/lib/pages/format";
import { hourBarsSvg } from "@/lib/pages/hour-bars-svg";

const TIME_ZONE = "Europe/Madrid";
const hourLabel = new Intl.DateTimeFormat("es-ES", {
  timeZone: TIME_ZONE,
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
});

/** `hours` with one value per series; the table shows each series and the total. */
export function HourChart({
  title,
  unit,
  caption,
  series,
  hours,
  testId,
}: {
  title: string;
  unit: string;
  caption: string;
  series: readonly string[];
  testId: string;
  hours: readonly { start: number; values: readonly number[] }[];
}) {
  const draw = (width: number) => hourBarsSvg({ title, hours, series, timeZone: TIME_ZONE, width });
  return (
    <section data-testid={testId}>
      <h2>{title}</h2>
      <ChartFigure
        drawings={{ narrow: draw(CHART_WIDTHS.narrow), wide: draw(CHART_WIDTHS.wide) }}
        axisTitle={`${unit}, por hora (hora peninsular)`}
        caption={caption}
        legend={
          series.length > 1 ? (
            <div className="chart-legend">
              <ul>
                {series.map((s, i) => (
                  <li key={s}>
                    <span className="chart-swatch" style={{ background: seriesColour(i) }} aria-hidden="true" />
                    {s}
                  </li>
                ))}
              </ul>
            </div>
          ) : undefined
        }
        table={
          <table>
            <thead>
              <tr>
                <th scope="col">Hora</th>
                {series.length > 1
                  ? series.map((s) => (
                      <th key={s} scope="col">
                        {s}
                      </th>
                    ))
                  : null}
                <th scope="col">{series.length > 1 ? "Total" : unit}</th>
              </tr>
            </thead>
            <tbody>
              {hours.map((h) => (
                <tr key={h.start}>
                  <td>{hourLabel.format(h.start)}</td>
                  {series.length > 1 ? h.values.map((v, i) => <td key={series[i]}>{formatNumber(v)}</td>) : null}
                  <td>{formatNumber(h.values.reduce((a, b) => a + b, 0))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </section>
  );
}
