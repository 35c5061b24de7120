/** A distribution as horizontal bars (SPEC WEB-2), with a table of the same values. */
import { barChartSvg, type Bar } from "@/lib/pages/bar-chart-svg";
import { CHART_WIDTHS } from "@/lib/pages/chart-svg";
import { formatNumber } from "@/lib/pages/format";
import { formatShare } from "@/lib/pages/period";

import { ChartFigure } from "./chart-figure";

/** Bars in display order; `labelHeader` and `valueLabel` head the table's columns. */
export function BarChart({
  title,
  caption,
  bars,
  labelHeader,
  valueLabel,
  permalink,
}: {
  title: string;
  caption: string;
  bars: readonly Bar[];
  labelHeader: string;
  valueLabel: string;
  /** WEB-6: the chart's standalone SVG. */
  permalink?: string;
}) {
  const total = bars.reduce((n, b) => n + b.value, 0);
  const draw = (width: number) => barChartSvg({ title, bars, valueLabel, width });
  return (
    <ChartFigure
      drawings={{ narrow: draw(CHART_WIDTHS.narrow), wide: draw(CHART_WIDTHS.wide) }}
      axisTitle={`${valueLabel} por ${labelHeader.toLowerCase()}`}
      caption={caption}
      permalink={permalink}
      table={
        <table>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              <th scope="col">{valueLabel}</th>
              <th scope="col">Proporción</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label}>
                <td>{b.label}</td>
                <td>{formatNumber(b.value)}</td>
                <td>{formatShare(b.value, total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}
