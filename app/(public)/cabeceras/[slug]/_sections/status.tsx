/** "Estado de la recogida" (SPEC BLK-2, BLK-6, BLK-7, EXT-6): sources, closed front page, probes, failure states, failed extractions. */
import type { OutletStatus } from "@/db/queries/outlet-page/status";
import { LAST_FAILURE_LABEL, LAST_SUCCESS_LABEL, SOURCE_KIND_LABEL } from "@/lib/pages/collection-status";
import { formatPercent, formatPeriod, formatShare } from "@/lib/pages/period";
import { failureShare } from "@/lib/collection/health";
import { Moment } from "../../../../_components/moment";
import { SourceState } from "../../../../_components/source-state";

/** Per-source table, then the front-page and article-read figures of the period. */
export function StatusSection({ status, timeZone }: { status: OutletStatus; timeZone: string }) {
  const period = formatPeriod(status.start, status.end, timeZone);
  const front = status.frontPage;
  const captureShare = front ? failureShare(front.captures) : null;
  const readShare = failureShare(status.reads);
  const lastExtractionFailure = Math.max(...status.sources.map((s) => s.lastExtractionFailureAt ?? -Infinity));
  return (
    <section aria-labelledby="estado">
      <h2 id="estado">Estado de la recogida</h2>
      {front?.withoutPosition || status.withoutBody ? (
        <p className="notice">
          {front?.withoutPosition ? (
            <>
              <span className="badge">Sin posición</span> Más del 40 % de las capturas de su portada fallaron en los últimos 7 días.{" "}
            </>
          ) : null}
          {status.withoutBody ? (
            <>
              <span className="badge">Sin cuerpo</span> Más del 40 % de las lecturas de sus noticias fallaron en los últimos 7 días.
            </>
          ) : null}
        </p>
      ) : null}
      <div className="table-wrap">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Fuente</th>
              <th scope="col">Dirección</th>
              <th scope="col">Estado</th>
              <th scope="col">{LAST_SUCCESS_LABEL}</th>
              <th scope="col">{LAST_FAILURE_LABEL}</th>
            </tr>
          </thead>
          <tbody>
            {status.sources.map((s) => (
              <tr key={`${s.kind} ${s.url}`}>
                <td>{SOURCE_KIND_LABEL[s.kind]}</td>
                <td className="url">{s.url}</td>
                <td>
                  <SourceState s={s} now={status.sourcesAt} timeZone={timeZone} />
                </td>
                <td>
                  <Moment at={s.lastSuccessAt} timeZone={timeZone} unknown="nunca" />
                </td>
                <td>
                  <Moment at={s.lastFailureAt} timeZone={timeZone} unknown="ninguno" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="facts">
        {front ? (
          <>
            <dt>Portada</dt>
            <dd>
              {front.closedSince === null ? (
                "Abierta."
              ) : (
                <>
                  Cerrada para nosotros desde el <Moment at={front.closedSince} timeZone={timeZone} />. La comprobamos una vez por hora:{" "}
                  {front.probes.total === 0 ? (
                    "sin comprobaciones en los últimos 7 días."
                  ) : (
                    <>
                      respondió a {formatShare(front.probes.answered, front.probes.total)} de las {front.probes.total} comprobaciones de los
                      últimos 7 días.
                    </>
                  )}
                </>
              )}
            </dd>
            <dt>Capturas fallidas</dt>
            <dd>
              {captureShare === null ? (
                "Sin capturas en el periodo."
              ) : (
                <>
                  {formatPercent(captureShare)} de {front.captures.attempts} ({period}).
                </>
              )}
            </dd>
          </>
        ) : null}
        <dt>Última extracción fallida</dt>
        <dd>
          {Number.isFinite(lastExtractionFailure) ? (
            <>
              <Moment at={lastExtractionFailure} timeZone={timeZone} />. La fuente respondió, pero con tan pocos enlaces o entradas que no
              resulta creíble (casi siempre, un cambio de diseño): no se cerró ninguna posición por ello.
            </>
          ) : (
            "Ninguna."
          )}
        </dd>
        <dt>Lecturas fallidas</dt>
        <dd>
          {readShare === null ? (
            "Sin lecturas en el periodo."
          ) : (
            <>
              {formatPercent(readShare)} de {status.reads.attempts} lecturas de las noticias descubiertas {period}.
            </>
          )}
        </dd>
      </dl>
    </section>
  );
}
