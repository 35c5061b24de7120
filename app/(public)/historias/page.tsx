/** "Historias": recent stories by how many outlets told them (SPEC WEB-1, DER-2), 20 per page. */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { notFound } from "next/navigation";
import { loadPolicies } from "@/db/policies-in-force";
import { listRecentStories, type StoriesOrder } from "@/db/queries/stories/story-page";
import { formatNumber } from "@/lib/pages/format";
import { namesAndRest } from "@/lib/pages/names-and-rest";
import { readSiteData } from "@/app/_lib/pages/data";
import { parsePageParam } from "@/lib/pages/pagination";
import { parseSort, type TableSort } from "@/lib/pages/table-sort";
import { formatPeriod } from "@/lib/pages/period";
import { Moment } from "../../_components/moment";
import { PageHeader } from "../../_components/page-header";
import { Pagination } from "../../_components/pagination";
import { ServiceUnavailable } from "../../_components/service-unavailable";
import { SortableTh } from "../../_components/sortable-th";
import { storyTerms, storyTitle } from "./story-title";
import { siteClock } from "@/db/server";

/** Stories per page. */
const PAGE_SIZE = 20;

/** Page title. */
export const metadata: Metadata = { title: "Historias" };

/** WEB-2: the list sorts by outlets, first or last seen, or prominence (DER-9), before it is paginated. */
const storiesSort: TableSort<never> = {
  param: "orden",
  keys: { cabeceras: () => undefined, primera: () => undefined, ultima: () => undefined, prominencia: () => undefined },
  fallback: { column: "cabeceras", descending: true },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The list; a bad or too large page number is a 404. */
export default async function StoriesPage({ searchParams }: Props) {
  const query = await searchParams;
  const page = parsePageParam(query.pagina);
  if (page === undefined) notFound();
  const order = parseSort(storiesSort, query[storiesSort.param]) as StoriesOrder;
  const sortQuery = { [storiesSort.param]: query[storiesSort.param] };
  const keep: Record<string, string> =
    order === storiesSort.fallback ? {} : { [storiesSort.param]: `${order.descending ? "-" : ""}${order.column}` };
  const th = (label: string, column: StoriesOrder["column"], numeric: boolean) => (
    <SortableTh label={label} column={column} param={storiesSort.param} state={order} query={sortQuery} numeric={numeric} />
  );
  const read = await readSiteData(async (db) =>
    listRecentStories(db, await loadPolicies(db), { page, pageSize: PAGE_SIZE, now: siteClock().now(), order }),
  );
  if (!read.ok) return <ServiceUnavailable />;
  const list = read.value;
  if (page > list.pageCount) notFound();
  const period = formatPeriod(list.start, list.end);
  return (
    <>
      <PageHeader
        title="Historias"
        lead="Cuando varias cabeceras cuentan la misma noticia, la agrupamos en una historia para comparar quién la dio, cuándo, dónde la colocó y con qué titular."
      />
      {list.total === 0 ? (
        <section className="notice" aria-labelledby="sin-historias">
          <h2 id="sin-historias">Todavía no hay historias</h2>
          <p>
            No hemos agrupado ninguna noticia de los últimos 7 días ({period}) en historias. El análisis que reconoce la misma noticia en
            varias cabeceras aún no ha producido resultados; cuando lo haga, las historias aparecerán aquí, ordenadas por número de
            cabeceras.
          </p>
        </section>
      ) : (
        <>
          <p>
            {list.total === 1 ? "1 historia vista" : `${list.total} historias vistas`} en los últimos 7 días ({period}, hora peninsular),{" "}
            {order === storiesSort.fallback ? "primero las que contaron más cabeceras" : "en el orden elegido en la cabecera de la tabla"}.{" "}
            Prominencia: minutos en las portadas ponderados por la posición (<Link href="/metodologia#prominencia">qué es</Link>
            ).
          </p>
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Historia</th>
                  {th("Cabeceras", "cabeceras", true)}
                  {th("Primera vez", "primera", true)}
                  {th("Última vez", "ultima", true)}
                  {th("Prominencia", "prominencia", true)}
                </tr>
              </thead>
              <tbody>
                {list.items.map((s) => (
                  <tr key={s.id}>
                    <td>
                      <Link href={`/historias/${s.id}`}>{storyTitle(s)}</Link>
                      {s.label ? <span className="card-text">{storyTerms(s)}</span> : null}
                      <span className="card-text">{namesAndRest(s.outletNames, s.outletCount)}</span>
                    </td>
                    <td className="num" data-testid="story-outlets">
                      {s.outletCount}
                    </td>
                    <td>
                      <Moment at={s.firstSeenAt} />
                    </td>
                    <td>
                      <Moment at={s.lastSeenAt} />
                    </td>
                    <td className="num" data-testid="story-prominence">
                      {formatNumber(s.prominence)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination path="/historias" page={list.page} pageCount={list.pageCount} keep={keep} labels={["← Anterior", "Siguiente →"]} />
        </>
      )}
    </>
  );
}
