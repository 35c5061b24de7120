/** The legend of a rank chart (SPEC WEB-2): each series' colour and label, in HTML so long headlines wrap. */
import { seriesColour } from "@/lib/pages/chart-svg";

/** One swatch per series; a note when equal ranks are drawn apart. */
export function RankLegend({ labels, lanes }: { labels: readonly string[]; lanes: number }) {
  return (
    <div className="chart-legend">
      {labels.length > 1 ? (
        <ul>
          {labels.map((label, i) => (
            <li key={label}>
              <span className="chart-swatch" style={{ background: seriesColour(i) }} aria-hidden="true" />
              {label}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        Cada trazo es un periodo en la misma posición; el punto marca dónde empieza.
        {lanes > 1 ? " Cuando varias noticias ocupan la misma posición a la vez, sus trazos se dibujan ligeramente separados." : ""}
      </p>
    </div>
  );
}
