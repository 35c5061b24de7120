/** "Retraso de publicación" (SPEC DER-8): declared publication → our first sighting. */
import type { PublicationDelay } from "@/db/queries/outlet-page/delay";
import { Link } from "@/app/_components/link";
import { enoughData, tooLittleData } from "@/lib/pages/enough-data";
import { formatCount, formatNumber } from "@/lib/pages/format";
import { formatElapsed, formatShare } from "@/lib/pages/period";
import { periodWords, type OutletPeriod } from "@/lib/pages/outlet-period";

import { outletChartHref, outletChartTitle } from "@/lib/pages/outlet-charts";
import { BarChart } from "../../../../_components/charts/bar-chart";

/** Median and distribution of the delay, and where we first saw each article. */
export function DelaySection({
  data,
  outletName,
  timeZone,
  chosen,
  slug,
}: {
  data: PublicationDelay;
  outletName: string;
  timeZone: string;
  chosen?: OutletPeriod;
  slug: string;
}) {
  const w = periodWords(chosen, data, timeZone, "en los últimos 7 días");
  const period = w.caption;
  return (
    <section aria-labelledby="retraso">
      <h2 id="retraso">Retraso de publicación</h2>
      <p>
        Tiempo entre la hora de publicación que declara la cabecera y la primera vez que vimos la noticia, para las{" "}
        {formatCount(data.articles, "noticia vista", "noticias vistas")} por primera vez {w.within}. Mide también nuestra propia rapidez:
        leemos los feeds cada pocos minutos, no al instante.
      </p>
      {data.declared === 0 && data.beforeReading === 0 ? (
        <p>Ninguna de esas noticias declaraba su hora de publicación.</p>
      ) : (
        <>
          <dl className="facts">
            <dt>Con hora declarada</dt>
            <dd>
              {formatNumber(data.declared)} de {formatNumber(data.articles)}
              {data.beforeReading > 0
                ? ` (otras ${formatNumber(data.beforeReading)} se publicaron antes de que empezáramos a leer la cabecera y no cuentan)`
                : ""}
            </dd>
            <dt>Retraso mediano</dt>
            <dd data-testid="delay-median">
              {enoughData("delayMedian", data.declared) && data.medianMs !== null
                ? formatElapsed(data.medianMs)
                : tooLittleData("delayMedian", data.declared)}
            </dd>
          </dl>
          <p className="hint">
            Las noticias que encontramos al empezar a leer una cabecera, publicadas antes, no cuentan:{" "}
            <Link href="/metodologia#portada">cómo lo medimos</Link>.
          </p>
          {data.declared === 0 ? null : (
            <BarChart
              title={`${outletChartTitle("retraso", outletName)}, ${period}`}
              permalink={outletChartHref(slug, "retraso", chosen)}
              caption={`Noticias de ${outletName} con hora declarada, por retraso hasta que las vimos, ${period}.`}
              bars={data.bins.map((b) => ({ label: b.label, value: b.count }))}
              labelHeader="Retraso"
              valueLabel="Noticias"
            />
          )}
        </>
      )}
      {data.articles > 0 ? (
        <p>
          Dónde la vimos primero: feed {formatShare(data.firstSeenIn.feed, data.articles)}, sitemap{" "}
          {formatShare(data.firstSeenIn.sitemap, data.articles)}, portada {formatShare(data.firstSeenIn.frontpage, data.articles)}.
        </p>
      ) : null}
    </section>
  );
}
