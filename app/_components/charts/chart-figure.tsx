/**
 * A chart as a figure (SPEC WEB-2, WEB-4): the server-rendered SVG drawn at two widths
 * (the box shows the one that fits it, by a CSS container query: lib/pages/chart-svg.ts
 * says why), axis titles and the legend in HTML, a caption saying what, where and over
 * which period, and the same data as a table in a `<details>`, so the figures can be read
 * without seeing the chart and without JavaScript.
 */
import type { ReactNode } from "react";

/** The same chart drawn for a narrow box and for a wide one. */
export interface ChartDrawings {
  narrow: string;
  wide: string;
}

/** The chart markup comes from lib/pages/*-chart-svg.ts, which builds it from text nodes only. */
export function ChartFigure({
  drawings,
  caption,
  table,
  axisTitle,
  legend,
  permalink,
}: {
  drawings: ChartDrawings;
  caption: ReactNode;
  table: ReactNode;
  /** WEB-6: the chart as a standalone SVG, to link to and embed. */
  permalink?: string;
  /** What the vertical (or value) axis measures, shown above the drawing. */
  axisTitle?: string;
  legend?: ReactNode;
}) {
  return (
    <figure className="chart">
      <div className="chart-canvas">
        {axisTitle ? (
          <p className="chart-axis-title" aria-hidden="true">
            {axisTitle}
          </p>
        ) : null}
        <div className="chart-narrow" dangerouslySetInnerHTML={{ __html: drawings.narrow }} />
        <div className="chart-wide" dangerouslySetInnerHTML={{ __html: drawings.wide }} />
        {legend}
      </div>
      <figcaption>
        {caption}
        {permalink ? (
          <>
            {" "}
            <a href={permalink} className="chart-permalink" data-testid="chart-permalink">
              Enlace permanente / SVG
            </a>
          </>
        ) : null}
      </figcaption>
      <details className="chart-data">
        <summary>Ver los datos del gráfico en una tabla</summary>
        <div className="table-wrap">{table}</div>
      </details>
    </figure>
  );
}
