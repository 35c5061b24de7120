/**
 * "Quién la contó primero" (SPEC WEB-1, DER-3, DER-5): each outlet's article of the story in
 * the order of the publication time the outlet declared (our first sighting beside it, and
 * in its place when it declared none), its headline linking to its article page, agency
 * copy marked with its agency, and where it stood on the front page.
 */
import { Link } from "@/app/_components/link";
import type { StoryCoverage } from "@/db/queries/stories/story-page";
import { publishedProminence } from "@/lib/analysis/prominence";
import { formatNumber } from "@/lib/pages/format";
import { formatElapsed } from "@/lib/pages/period";
import { Moment } from "../../../../_components/moment";

/** The headline a reader sees first: the latest version (a withheld one is a notice). */
function headlineOf(c: StoryCoverage): string {
  return c.headlines.at(-1) ?? "(sin titular registrado)";
}

/** DER-9: an outlet's weighted minutes on its front page, unrounded (null under "sin posición"). */
export function coverageProminence(c: StoryCoverage): number | null {
  return c.frontPage ? c.frontPage.prominence : null;
}

/** The coverage table, first publisher on top. */
export function WhoWasFirst({ coverage }: { coverage: readonly StoryCoverage[] }) {
  const declared = coverage.filter((c) => c.publishedAt !== null).length;
  return (
    <section aria-labelledby="quien">
      <h2 id="quien">Quién la contó primero</h2>
      <p className="hint">
        Por orden de la hora de publicación que declara cada cabecera
        {declared < coverage.length ? "; las que no la declaran, por la hora en que vimos su noticia por primera vez" : ""}. Horas en hora
        peninsular. Una cabecera puede declarar una hora anterior a la real, y nosotros la vemos solo cuando aparece en su feed, su sitemap
        o su portada. «Teletipo»: copia de una agencia (por su firma, su línea de crédito o un texto casi idéntico). «—» en portada: no la
        vimos allí, o el medio pidió que no mostremos posiciones. Prominencia: minutos en portada ponderados por la posición (
        <Link href="/metodologia#prominencia">qué es</Link>
        ).
      </p>
      <div className="table-wrap">
        <table className="data-table story-coverage">
          <caption className="visually-hidden">Cabeceras que contaron la historia, por orden de publicación</caption>
          <thead>
            <tr>
              <th scope="col">Cabecera</th>
              <th scope="col">Titular</th>
              <th scope="col">Publicada (según la cabecera)</th>
              <th scope="col">Vista por primera vez</th>
              <th scope="col">En portada desde</th>
              <th scope="col">Posición</th>
              <th scope="col">Tiempo en portada</th>
              <th scope="col">Prominencia</th>
            </tr>
          </thead>
          <tbody>
            {coverage.map((c, i) => (
              <tr key={c.articleId} data-article={c.articleId}>
                <td>{c.outlet.name}</td>
                <td className="headline">
                  <Link href={`/noticias/${c.articleId}`}>{headlineOf(c)}</Link>
                  {c.agency !== null ? (
                    <>
                      {" "}
                      <span className="badge" data-testid="agency">
                        Teletipo · {c.agency}
                      </span>
                    </>
                  ) : null}
                </td>
                <td>
                  <Moment at={c.publishedAt} unknown="no la declara" />
                  {i === 0 ? (
                    <>
                      {" "}
                      <span className="badge">Primera</span>
                    </>
                  ) : null}
                </td>
                <td>
                  <Moment at={c.firstSeenAt} />
                </td>
                <td>{c.frontPage ? <Moment at={c.frontPage.firstAt} /> : "—"}</td>
                <td>
                  {c.frontPage && c.frontPage.firstRank !== null
                    ? `entró en la ${c.frontPage.firstRank}.ª; mejor, ${c.frontPage.bestRank}.ª`
                    : "—"}
                </td>
                <td>{c.frontPage && c.frontPage.spans.length > 0 ? formatElapsed(c.frontPage.onFrontPageMs) : "—"}</td>
                <td className="num">
                  {c.frontPage && c.frontPage.spans.length > 0 ? formatNumber(publishedProminence(coverageProminence(c)!)) : "—"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
