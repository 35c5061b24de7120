/** "Tiempo en portada" (SPEC DER-7): time on the front page, best rank, time as lead story, link half-life. */
import { Link } from "@/app/_components/link";
import type { FrontPageTime } from "@/db/figures/outlet-page/front-time";
import { enoughData, tooLittleData } from "@/lib/pages/enough-data";
import { formatNumber } from "@/lib/pages/format";
import { formatElapsed } from "@/lib/pages/period";
import { capitalized, periodWords, type OutletPeriod } from "@/lib/pages/outlet-period";

/** The period's figures and the links that stayed longest. */
export function FrontPageTimeSection({ data, timeZone, chosen }: { data: FrontPageTime; timeZone: string; chosen?: OutletPeriod }) {
  const w = periodWords(chosen, data, timeZone, "en los últimos 7 días");
  const entered = chosen ? "entre el comienzo del periodo y un día antes de su final" : "entre hace 7 días y hace 1 día";
  return (
    <section aria-labelledby="tiempo-portada">
      <h2 id="tiempo-portada">Tiempo en portada</h2>
      <p>
        {capitalized(w.within)}. El tiempo va de la primera a la última captura en que vimos la noticia en cada posición; una noticia vista
        en una sola captura cuenta cero.
      </p>
      {data.articles === 0 ? (
        <p>No hemos registrado ninguna noticia en su portada en este periodo.</p>
      ) : (
        <>
          <dl className="facts">
            <dt>Noticias en portada</dt>
            <dd>{formatNumber(data.articles)}</dd>
            <dt>Tiempo mediano</dt>
            <dd>
              {enoughData("frontPageMedian", data.articles) && data.medianMs !== null
                ? `${formatElapsed(data.medianMs)} por noticia`
                : tooLittleData("frontPageMedian", data.articles)}
            </dd>
            <dt>Con noticia de apertura</dt>
            <dd>{formatElapsed(data.leadMs)} con alguna noticia en la posición 1</dd>
            <dt>Vida media de un enlace</dt>
            <dd data-testid="half-life">
              {data.halfLifeMs === null
                ? `${tooLittleData("halfLife", data.halfLifeLinks)} que entraran en portada ${entered}`
                : `${formatElapsed(data.halfLifeMs)}: la mitad de las ${formatNumber(data.halfLifeLinks)} noticias que entraron en portada ${entered} ya había salido de ella pasado ese tiempo`}
            </dd>
          </dl>
          <div className="table-wrap">
            <table className="data-table">
              <caption className="table-caption">
                Las {data.longest.length} noticias que más tiempo estuvieron en portada {w.within}.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Titular</th>
                  <th scope="col">Mejor posición</th>
                  <th scope="col">En portada</th>
                  <th scope="col">De apertura</th>
                </tr>
              </thead>
              <tbody>
                {data.longest.map((l) => (
                  <tr key={l.articleId}>
                    <td>
                      <Link href={`/noticias/${l.articleId}`}>{l.headline}</Link>
                    </td>
                    <td className="num">{l.bestRank}</td>
                    <td>{formatElapsed(l.onFrontPageMs)}</td>
                    <td>{l.asLeadMs > 0 ? formatElapsed(l.asLeadMs) : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
