/** /buscar's attention over time (SPEC WEB-9): the chart of matching articles per day for up to four searches, its tables and downloads. */
import { ChartFigure } from "../../_components/charts/chart-figure";
import type { Attention } from "@/app/_lib/pages/attention";
import { attentionChartSvg } from "@/lib/pages/attention-chart-svg";
import { outletTotals, QUERY_PARAMS, type AttentionRow } from "@/lib/pages/attention";
import { CHART_WIDTHS, seriesColour } from "@/lib/pages/chart-svg";
import { formatDay, formatMinutes, formatNumber } from "@/lib/pages/format";
import { formatDays } from "@/lib/pages/outlet-period";
import { formatPercent } from "@/lib/pages/period";

const share = (s: number | null) => (s === null ? "—" : formatPercent(s));
const minutes = (m: number | null) => (m === null ? "sin posición" : formatMinutes(Math.round(m)));

/** The query string of the downloads: the same searches, period and outlet. */
function downloadQuery(a: Attention): string {
  const p = new URLSearchParams();
  a.request.queries.forEach((q, i) => p.set(QUERY_PARAMS[i]!, q));
  p.set("desde", a.request.from);
  p.set("hasta", a.request.to);
  if (a.request.outlet) p.set("cabecera", a.request.outlet);
  if (a.request.group) p.set("grupo", a.request.group);
  return p.toString();
}

/** The matching articles of the first search as the API's export names them (from/to in UTC days, `to` excluded). */
function articlesExport(a: Attention, format: "csv" | "json"): string {
  const to = new Date(Date.parse(`${a.request.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const p = new URLSearchParams({ q: a.request.queries[0]!, from: a.request.from, to });
  if (a.request.outlet) p.set("outlet", a.request.outlet);
  if (a.request.group) p.set("group", a.request.group);
  return `/api/v1/exports/articles.${format}?${p}`;
}

function Legend({ queries }: { queries: readonly string[] }) {
  return (
    <div className="chart-legend" data-testid="attention-legend">
      <ul>
        {queries.map((q, i) => (
          <li key={q}>
            <span className="chart-swatch" style={{ background: seriesColour(i) }} aria-hidden="true" />«{q}»
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AttentionSection({ attention }: { attention: Attention }) {
  const { series, days, request } = attention;
  const totals = series.map((s) => s.rows.filter((r) => r.outlet === null));
  const title = `Artículos por día cuyo titular coincide con ${series.map((s) => `«${s.query}»`).join(", ")}`;
  const draw = (width: number) =>
    attentionChartSvg({
      title,
      width,
      lines: series.map((s, i) => ({ label: s.query, points: totals[i]!.map((r) => ({ day: r.day, value: r.articles })) })),
    });
  const perOutlet: AttentionRow[] = series.flatMap((s) => outletTotals(s.rows));
  const where = request.outlet ? ` en ${attention.names.get(request.outlet) ?? request.outlet}` : "";
  const q = downloadQuery(attention);
  return (
    <section aria-labelledby="attention" data-testid="attention">
      <h2 id="attention">Atención a lo largo del tiempo</h2>
      <ChartFigure
        drawings={{ narrow: draw(CHART_WIDTHS.narrow), wide: draw(CHART_WIDTHS.wide) }}
        axisTitle="Artículos por día"
        legend={<Legend queries={series.map((s) => s.query)} />}
        caption={`Artículos vistos por primera vez cada día${where} con alguna versión de titular que coincide, ${formatDays(request.from, request.to)} (días en hora peninsular).`}
        table={
          <table data-testid="attention-table">
            <thead>
              <tr>
                <th scope="col">Día</th>
                {series.map((s) => (
                  <th scope="col" key={s.query}>
                    «{s.query}»: artículos (proporción)
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, d) => (
                <tr key={day}>
                  <th scope="row">{formatDay(day)}</th>
                  {totals.map((t, i) => (
                    <td key={i}>
                      {formatNumber(t[d]!.articles)} ({share(t[d]!.share)})
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <h3>Por cabecera</h3>
      <p className="hint">
        La proporción es sobre todos los artículos que la cabecera publicó en el periodo, porque las cifras brutas favorecen a los medios
        grandes. Los minutos de portada son la prominencia de esos artículos (minutos en portada ponderados por la posición).
      </p>
      {perOutlet.length === 0 ? (
        <p data-testid="attention-none">Ningún artículo del periodo coincide.</p>
      ) : (
        <div className="table-wrap">
          <table data-testid="attention-outlets">
            <thead>
              <tr>
                <th scope="col">Búsqueda</th>
                <th scope="col">Cabecera</th>
                <th scope="col">Artículos</th>
                <th scope="col">Proporción de sus artículos</th>
                <th scope="col">Minutos de portada</th>
              </tr>
            </thead>
            <tbody>
              {perOutlet.map((r) => (
                <tr key={`${r.query}-${r.outlet}`}>
                  <td>«{r.query}»</td>
                  <td>{attention.names.get(r.outlet ?? "") ?? r.outlet}</td>
                  <td>{formatNumber(r.articles)}</td>
                  <td>{share(r.share)}</td>
                  <td>{minutes(r.prominenceMinutes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p data-testid="attention-downloads">
        Descargar la serie por día y cabecera: <a href={`/buscar/serie.csv?${q}`}>CSV</a> · <a href={`/buscar/serie.json?${q}`}>JSON</a>.
        Artículos que coinciden con «{request.queries[0]}»: <a href={articlesExport(attention, "csv")}>CSV</a> ·{" "}
        <a href={articlesExport(attention, "json")}>JSON</a> (la API exporta hasta 93 días por petición).
      </p>
    </section>
  );
}
