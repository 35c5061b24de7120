/** "Su portada ahora": the links open at the latest successful capture (SPEC WEB-1). */
import { Link } from "@/app/_components/link";
import type { FrontPageNow } from "@/db/figures/outlet-page/front";
import { dayLeadsHref, frontPageAtHref } from "@/lib/pages/history-links";
import { zoneLabel } from "@/lib/pages/time-zone";
import { Moment } from "../../../../_components/moment";

/** The front page by rank, with since when each link holds its rank; with a chosen period, a link to its page at the period's end. */
export function FrontPageNowSection({
  frontPage,
  timeZone,
  slug,
  periodEnd,
}: {
  frontPage: FrontPageNow;
  timeZone: string;
  slug: string;
  periodEnd?: number;
}) {
  return (
    <section aria-labelledby="portada-ahora">
      <h2 id="portada-ahora">Su portada ahora</h2>
      {frontPage.capturedAt === null ? (
        <p className="notice">Todavía no hemos capturado su portada con éxito: no hay posiciones que mostrar.</p>
      ) : (
        <>
          <p>
            Según nuestra última captura correcta, del <Moment at={frontPage.capturedAt} timeZone={timeZone} /> ({zoneLabel(timeZone)}).
            {frontPage.items.length === 1
              ? " Solo había una noticia."
              : frontPage.items.length > 1
                ? ` Se muestran las ${frontPage.items.length} primeras noticias, en el orden en que aparecen.`
                : null}
          </p>
          {frontPage.items.length === 0 ? (
            <p>Esa captura no encontró enlaces a noticias.</p>
          ) : (
            <div className="table-wrap">
              <table className="data-table front-now" data-testid="front-now">
                <thead>
                  <tr>
                    <th scope="col">
                      <abbr title="Posición">N.º</abbr>
                    </th>
                    <th scope="col">Titular</th>
                    <th scope="col">En esta posición desde</th>
                    <th scope="col">En portada desde</th>
                  </tr>
                </thead>
                <tbody>
                  {frontPage.items.map((item) => (
                    <tr key={item.articleId}>
                      <td className="num">{item.rank}</td>
                      <td className="front-now-headline">
                        <Link href={`/noticias/${item.articleId}`}>{item.headline}</Link>
                      </td>
                      <td data-label="En esta posición desde">
                        <Moment at={item.rankSince} timeZone={timeZone} />
                      </td>
                      <td data-label="En portada desde">
                        <Moment at={item.onFrontPageSince ?? item.rankSince} timeZone={timeZone} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      <p className="hint">
        <Link href={frontPageAtHref(slug)}>Su portada en cualquier otro momento</Link>
        {periodEnd === undefined ? null : (
          <>
            ;{" "}
            <Link href={frontPageAtHref(slug, periodEnd - 60_000)} data-testid="front-page-period-end">
              su portada al final del periodo elegido
            </Link>
          </>
        )}
        ;{" "}
        <Link href={dayLeadsHref()} data-testid="day-leads-link">
          qué abría hoy cada portada, hora a hora, junto a las demás
        </Link>
        .
      </p>
    </section>
  );
}
