/**
 * A chart as a figure (SPEC WEB-2, WEB-4): the server-rendered SVG, a caption saying
 * what, where and over which period, and the same data as a table in a `<details>`, so
 * the figures can be read without seeing the chart and without JavaScript.
 */
import type { ReactNode } from "react";

/** The chart markup comes from lib/pages/chart-svg.ts, which builds it from text nodes only. */
export function ChartFigure({ svg, caption, table }: { svg: string; caption: ReactNode; table: ReactNode }) {
  return (
    <figure className="chart">
      <div className="chart-canvas" dangerouslySetInnerHTML={{ __html: svg }} />
      <figcaption>{caption}</figcaption>
      <details className="chart-data">
        <summary>Ver los datos del gráfico en una tabla</summary>
        <div className="table-wrap">{table}</div>
      </details>
    </figure>
  );
}
