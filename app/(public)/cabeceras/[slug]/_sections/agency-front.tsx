/**
 * "Cuánta agencia hay en tu portada" (SPEC DER-10): per day, the share of the outlet's
 * front-page time taken by agency copy (minutes of agency articles ÷ minutes of all).
 */
import { Link } from "@/app/_components/link";
import type { AgencyFrontShare } from "@/db/figures/outlet-page/agency-front-share";
import { formatNumber } from "@/lib/pages/format";
import { formatPercent } from "@/lib/pages/period";

/** The days are peninsular days (db/figures/outlet-page/agency-front-share.ts), whatever the outlet's zone. */
const DAY_FORMAT = new Intl.DateTimeFormat("es-ES", { weekday: "short", day: "numeric", month: "short", timeZone: "Europe/Madrid" });

/** A table of the last days; says so when the front page showed nothing yet. */
export function AgencyFrontSection({ share }: { share: AgencyFrontShare }) {
  const shown = share.days.filter((d) => d.totalMinutes > 0);
  return (
    <section aria-labelledby="agencia-en-portada" data-testid="agency-front-share">
      <h2 id="agencia-en-portada">Cuánta agencia hay en su portada</h2>
      {shown.length === 0 ? (
        <p>
          <span className="badge">Sin datos todavía</span> Aún no tenemos capturas de su portada en los últimos 7 días.
        </p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="table-caption">
              Tiempo en portada de teletipos de agencia, por día (días peninsulares), últimos 7 días
            </caption>
            <thead>
              <tr>
                <th scope="col">Día</th>
                <th scope="col">Teletipos en portada</th>
                <th scope="col">Todo lo que hubo en portada</th>
                <th scope="col">Parte de agencia</th>
              </tr>
            </thead>
            <tbody>
              {share.days.map((d) =>
                d.totalMinutes === 0 ? (
                  // A day before we began reading, or with no capture, has no minutes: not "0 min".
                  <tr key={d.day} data-day={new Date(d.day).toISOString()} data-measurable="sin-datos">
                    <th scope="row">{DAY_FORMAT.format(d.day)}</th>
                    <td colSpan={3} className="muted">
                      sin datos
                    </td>
                  </tr>
                ) : (
                  <tr key={d.day} data-day={new Date(d.day).toISOString()} data-measurable={d.verdict.measurable ? "si" : d.verdict.reason}>
                    <th scope="row">{DAY_FORMAT.format(d.day)}</th>
                    <td>{formatNumber(d.agencyMinutes)} min</td>
                    <td>{formatNumber(d.totalMinutes)} min</td>
                    <td>
                      {d.verdict.measurable ? (
                        formatPercent(d.verdict.share)
                      ) : (
                        <span className="muted" title={d.verdict.why}>
                          {d.verdict.reason === "muestra-sesgada" ? "no medible" : "aún pocos datos"}
                        </span>
                      )}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      <p className="hint">
        Sumamos los minutos que cada noticia pasó en la portada (de la captura que la vio entrar a la última que la confirmó) y medimos qué
        parte fueron teletipos: noticias firmadas por una agencia, con su línea de crédito o con un texto casi idéntico al de otra cabecera.
        Una noticia cuyo texto no pudimos leer cuenta como propia; por eso, un día en que no leímos el texto de la mayor parte de lo que
        hubo en portada la parte de agencia es «no medible» (saldría hundida por construcción), y un día sin capturas dice «sin datos».{" "}
        <Link href="/metodologia#genealogia">Cómo lo medimos</Link>.
      </p>
    </section>
  );
}
