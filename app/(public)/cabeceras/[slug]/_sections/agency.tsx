/** Agency copy among the outlet's recent articles (SPEC WEB-1, DER-3). */
import { Link } from "@/app/_components/link";
import type { AgencyShare } from "@/db/queries/outlet-page/agency-share";
import { ENOUGH_DATA, enoughData } from "@/lib/pages/enough-data";
import { shareVerdict } from "@/lib/pages/share-sample";
import { formatCount, formatNumber } from "@/lib/pages/format";
import { formatShare } from "@/lib/pages/period";
import { periodWords, type OutletPeriod } from "@/lib/pages/outlet-period";

/** What share of the articles we could judge are agency copy, and of which agency; says so when nothing was judged yet. */
export function AgencySection({ agency, timeZone, chosen }: { agency: AgencyShare; timeZone: string; chosen?: OutletPeriod }) {
  const w = periodWords(chosen, agency, timeZone, "en los últimos 7 días");
  const period = w.caption;
  const verdict = shareVerdict({ part: agency.agencyArticles, whole: agency.judged, unbiased: agency.read, kind: "agencyShare" });
  return (
    <section aria-labelledby="agencias">
      <h2 id="agencias">Teletipos de agencia</h2>
      {!agency.analysed ? (
        <p>
          <span className="badge">Sin datos todavía</span> Aún no hemos analizado qué noticias de este periodo ({period}) son copia de
          agencia.
        </p>
      ) : (
        <>
          {verdict.measurable === false && verdict.reason === "muestra-sesgada" ? (
            <p data-testid="agency-share" data-measurable="muestra-sesgada">
              <span className="badge">No medible</span> {verdict.why}.{" "}
              {agency.read === 0
                ? `No leímos el texto de ninguna de las ${formatNumber(agency.articles)} noticias vistas ${w.within}`
                : `De las noticias vistas ${w.within} leímos el texto de ${formatCount(agency.read, "noticia", "noticias")} de ${formatNumber(agency.articles)}`}
              ;{" "}
              {agency.agencyArticles === 0
                ? "ninguna lleva firma de agencia"
                : `${formatCount(agency.agencyArticles, "lleva", "llevan")} firma de agencia`}
              .
            </p>
          ) : !enoughData("agencyShare", agency.judged) ? (
            <p data-testid="agency-share">
              <span className="badge">Aún pocos datos</span> De las noticias vistas {w.within} hemos podido analizar{" "}
              {formatCount(agency.judged, "noticia", "noticias")}; para dar una proporción hacen falta {ENOUGH_DATA.agencyShare.min}. De
              ellas, {formatCount(agency.agencyArticles, "es teletipo", "son teletipos")} de agencia.
            </p>
          ) : (
            <p data-testid="agency-share">
              {formatShare(agency.agencyArticles, agency.judged)} de las noticias que pudimos analizar {w.within} son teletipos de agencia:{" "}
              {formatCount(agency.agencyArticles, "noticia", "noticias")} de {formatCount(agency.judged, "analizada", "analizadas")}
              {agency.judged < agency.articles
                ? ` (vimos ${formatCount(agency.articles, "noticia", "noticias")}; del resto leímos la página pero no su texto (lo reserva, es de pago o aún no lo hemos pedido))`
                : ""}
              .
            </p>
          )}
          {agency.agencies.length > 0 ? (
            <ul className="compact">
              {agency.agencies.map((a) => (
                <li key={a.label}>
                  {a.label}: {formatCount(a.count, "noticia", "noticias")}
                </li>
              ))}
            </ul>
          ) : null}
          <p className="hint">
            Una noticia es teletipo si la firma una agencia, si su texto lleva la línea de crédito de una agencia, o si es casi idéntico al
            de otra cabecera. Guardamos solo un resumen numérico del texto, nunca el texto. <Link href="/metodologia">Cómo lo medimos</Link>
            .
          </p>
        </>
      )}
    </section>
  );
}
