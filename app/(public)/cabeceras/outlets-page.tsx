/** "Cabeceras": the outlets we follow, compared side by side, each linking to its page (SPEC WEB-1, WEB-2). */
import { Link } from "@/app/_components/link";
import { loadOutletComparison } from "@/db/queries/site/outlet-comparison";
import { loadPolicies } from "@/db/policies-in-force";
import { siteClock } from "@/db/server";
import { readSiteData } from "@/app/_lib/pages/data";
import { listActiveOutlets } from "@/app/_lib/pages/outlets";
import { PageHeader } from "../../_components/page-header";
import { ServiceUnavailable } from "../../_components/service-unavailable";
import { keptParams, pageOf, parsePageParam } from "@/lib/pages/pagination";
import { Pagination } from "../../_components/pagination";
import { ComparisonTable } from "./_sections/comparison-table";
import { HeadlineFeaturesTable } from "./_sections/headline-features-table";
import { EmptyGroupNotice, GroupFilterForm } from "../../_components/group-filter";
import { GroupList } from "./_sections/group-list";
import { loadGroupCounts, loadGroupFilter } from "@/db/queries/site/outlet-groups";
import { sharedReads } from "@/db/queries/site/shared-reads";
import { parseGroupParam } from "@/lib/outlet-groups";
import { pageNotFound, type PageRequest } from "@/app/_lib/html/public-page";
import type { DocumentParts } from "@/app/_lib/html/public-document";

/** Page title. */
const TITLE = "Cabeceras";

/** Outlets per page of each table (`?pagina=`): 15 keep the page under 150 KiB of HTML (docs/benchmarks.md). */
const OUTLETS_PER_PAGE = 15;

/** The comparison table of the active outlets, sorted by `?orden=`, 15 a page; a bad or too large page number is a 404. */
export async function outletsPage({ searchParams }: PageRequest<unknown>): Promise<DocumentParts> {
  const { pagina, ...query } = searchParams;
  const page = parsePageParam(pagina);
  if (page === undefined) pageNotFound();
  const asked = parseGroupParam(query.grupo);
  const group = asked.ok ? asked.group : undefined;
  const read = await readSiteData(async (db) => {
    const policies = await loadPolicies(db);
    const reads = sharedReads(db);
    const [members, groups, outlets] = await Promise.all([
      loadGroupFilter(db, policies, group, reads),
      loadGroupCounts(db, policies, reads),
      listActiveOutlets(db, policies),
    ]);
    const comparison = await loadOutletComparison(db, policies, siteClock().now(), members?.ids);
    return { comparison, groups, members, homepages: new Map(outlets.map((o) => [o.slug, o.homepage])) };
  });
  if (!read.ok) return { title: TITLE, body: <ServiceUnavailable /> };
  const { comparison, groups, members, homepages } = read.value;
  const { pageCount } = pageOf(comparison.rows, page, OUTLETS_PER_PAGE);
  if (page > pageCount) pageNotFound();
  // Both tables show the same page of their own order; sorting (the links keep no page) starts again at page 1.
  const shown = { from: (page - 1) * OUTLETS_PER_PAGE, to: page * OUTLETS_PER_PAGE };
  const pager = (
    <Pagination path="/cabeceras" page={page} pageCount={pageCount} keep={keptParams(query)} labels={["← Anteriores", "Siguientes →"]} />
  );
  return {
    title: TITLE,
    body: (
      <>
        <PageHeader
          title="Cabeceras"
          lead="Los medios cuyas portadas, feeds y sitemaps lee nuestro rastreador, comparados: qué abre su portada, cuánto publican, cuántos teletipos, cuánto cambian sus titulares y cuánto tardamos en ver sus noticias. Cada cifra lleva a la ficha de la cabecera, donde se explica."
        />
        {asked.ok ? null : (
          // The proxy answers this with HTTP 400 (SEC-6); the page still shows every outlet.
          <p className="notice" role="alert" data-testid="bad-query">
            No hemos podido leer el filtro: {asked.reason.charAt(0).toLowerCase() + asked.reason.slice(1)}
          </p>
        )}
        <GroupFilterForm
          action="/cabeceras"
          groups={groups}
          selected={group}
          keep={{ orden: typeof query.orden === "string" ? query.orden : undefined }}
        />
        <GroupList groups={groups} selected={group} />
        {members !== undefined && members.ids.length === 0 ? (
          <EmptyGroupNotice label={members.label} />
        ) : comparison.rows.length === 0 ? (
          <p className="notice">Todavía no seguimos ninguna cabecera: la lista de medios se está preparando.</p>
        ) : (
          <>
            <ComparisonTable data={comparison} query={query} homepages={homepages} shown={shown} />
            {pager}
            <p className="hint">
              Pulsa el nombre de una columna para ordenar por ella. Cómo calculamos cada cifra y cuántos datos necesita:{" "}
              <Link href="/metodologia#umbrales">metodología</Link>.
            </p>
            <HeadlineFeaturesTable data={comparison} query={query} shown={shown} />
            {pager}
          </>
        )}
      </>
    ),
  };
}
