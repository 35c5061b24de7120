/** Position timelines of the day's top stories (SPEC WEB-1, WEB-2). */
import { Link } from "@/app/_components/link";
import type { TopStoryTimelines } from "@/db/figures/outlet-page/front";
import { periodWords, type OutletPeriod } from "@/lib/pages/outlet-period";
import { outletChartHref, outletChartTitle } from "@/lib/pages/outlet-charts";
import { zoneLabel } from "@/lib/pages/time-zone";
import { RankChart } from "../../../../_components/charts/rank-chart";

/** Chart of the best-ranked stories over the period (by default the last 24 hours), numbered to match the list below it. */
export function TimelinesSection({
  timelines,
  outletName,
  timeZone,
  chosen,
  slug,
}: {
  timelines: TopStoryTimelines;
  outletName: string;
  timeZone: string;
  chosen?: OutletPeriod;
  slug: string;
}) {
  const w = periodWords(chosen, timelines, timeZone, "en las últimas 24 horas");
  const period = w.caption;
  // The chart, its legend and its table name each story by its number; the list below gives the
  // headlines once (each headline repeated on every row of the table was a tenth of the page).
  const series = timelines.series.map((s, i) => ({ label: `Noticia ${i + 1}`, spans: s.spans }));
  return (
    <section aria-labelledby="posiciones">
      <h2 id="posiciones">{chosen ? "Posiciones en portada" : "Posiciones en las últimas 24 horas"}</h2>
      {series.length === 0 ? (
        <p>No hemos registrado posiciones de su portada {w.within}.</p>
      ) : (
        <>
          <RankChart
            title={`${outletChartTitle("posiciones", outletName, series.length)}, ${period}`}
            permalink={outletChartHref(slug, "posiciones", chosen)}
            caption={`Posición en portada (1 = la primera) de las noticias mejor colocadas de ${outletName}, ${period}, ${zoneLabel(timeZone)}.`}
            series={series}
            start={timelines.start}
            end={timelines.end}
            timeZone={timeZone}
          />
          <ol className="compact">
            {timelines.series.map((s) => (
              <li key={s.articleId}>
                <Link href={`/noticias/${s.articleId}`}>{s.headline}</Link> (mejor posición: {s.bestRank})
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
