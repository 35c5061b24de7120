/** "Buscar": full-text search over every recorded headline version (SPEC WEB-1), a plain GET form. */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { loadPolicies } from "@/db/policy";
import { RESULTS_PER_PAGE, searchableOutlets, searchHeadlines, type SearchResult } from "@/db/queries/search";
import { parseSearchParams, searchHref, type SearchParams, type SearchQuery } from "@/lib/pages/search-params";
import { readSiteData } from "@/lib/pages/data";
import { formatNumber } from "@/lib/pages/format";
import { Moment } from "../../_components/moment";
import { PageHeader } from "../../_components/page-header";
import { ServiceUnavailable } from "../../_components/service-unavailable";
import { BadRequest } from "../../_components/bad-request";

export const metadata: Metadata = { title: "Buscar" };

type Props = { searchParams: Promise<SearchParams> };

function SearchForm({ query, outlets }: { query: SearchQuery; outlets: { slug: string; name: string }[] }) {
  return (
    <form className="search-form" method="get" action="/buscar" role="search">
      <label>Palabras del titular
        <input type="search" name="q" defaultValue={query.q} maxLength={200} placeholder="p. ej. vivienda alquiler" />
      </label>
      <label>Cabecera
        <select name="cabecera" defaultValue={query.outlet ?? ""}>
          <option value="">Todas</option>
          {outlets.map((o) => <option key={o.slug} value={o.slug}>{o.name}</option>)}
        </select>
      </label>
      <label>Desde <input type="date" name="desde" defaultValue={query.from ?? ""} /></label>
      <label>Hasta <input type="date" name="hasta" defaultValue={query.to ?? ""} /></label>
      <label>Sección <input type="text" name="seccion" defaultValue={query.section ?? ""} maxLength={80} /></label>
      <button type="submit">Buscar</button>
    </form>
  );
}

function Results({ query, result }: { query: SearchQuery; result: SearchResult }) {
  const pages = Math.max(1, Math.ceil(result.total / RESULTS_PER_PAGE));
  return (
    <section aria-labelledby="results">
      <h2 id="results">Resultados</h2>
      <p data-testid="result-count">
        {result.total === 0 ? "Ningún titular coincide con la búsqueda." : (
          <>{result.capped ? "Más de " : ""}{formatNumber(result.total)} {result.total === 1 ? "versión de titular coincide" : "versiones de titular coinciden"}; las más recientes primero.</>
        )}
        {result.outletsNotSearched > 0 ? <> No buscamos en {formatNumber(result.outletsNotSearched)} {result.outletsNotSearched === 1 ? "cabecera que ha pedido" : "cabeceras que han pedido"} que no reproduzcamos sus titulares.</> : null}
      </p>
      {result.hits.length > 0 ? (
        <ol className="ranked" start={(query.page - 1) * RESULTS_PER_PAGE + 1} data-testid="hits">
          {result.hits.map((h, i) => (
            <li key={`${h.articleId}-${i}`}>
              <Link href={`/noticias/${h.articleId}`} prefetch={false}>{h.headline}</Link>
              <br />
              <span className="muted">
                <Link href={`/cabeceras/${h.outletSlug}`} prefetch={false}>{h.outletName}</Link>
                {h.section ? `, ${h.section}` : ""} — visto por primera vez el <Moment at={h.firstSeenAt} />
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {pages > 1 ? (
        <nav className="pager" aria-label="Páginas de resultados">
          {query.page > 1 ? <Link href={searchHref(query, query.page - 1)} rel="prev" prefetch={false}>← Más recientes</Link> : <span />}
          <p>Página {query.page} de {formatNumber(pages)}</p>
          {query.page < pages ? <Link href={searchHref(query, query.page + 1)} rel="next" prefetch={false}>Anteriores →</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}

export default async function SearchPage({ searchParams }: Props) {
  const parsed = parseSearchParams(await searchParams);
  if (!parsed.ok) return <BadRequest reason={parsed.reason} back="/buscar" />;
  const query = parsed.value;
  const read = await readSiteData(async (db) => {
    const policies = await loadPolicies(db);
    const [outlets, result] = await Promise.all([
      searchableOutlets(db, policies), query.q ? searchHeadlines(db, policies, query) : Promise.resolve(undefined),
    ]);
    return { outlets, result };
  });
  if (!read.ok) return <ServiceUnavailable />;
  // A page past the last one does not exist.
  if (read.value.result && read.value.result.hits.length === 0 && query.page > 1) notFound();
  return (
    <>
      <PageHeader
        title="Buscar"
        lead="Búsqueda en todos los titulares que hemos registrado, también en los que los medios cambiaron después. Horas peninsulares."
      />
      <SearchForm query={query} outlets={read.value.outlets} />
      <p className="hint">
        Entre comillas busca la frase exacta; un guion delante excluye una palabra («-fútbol»); «or» admite cualquiera de dos.
        Se buscan las palabras con sus variantes (plural, género).
      </p>
      {read.value.result ? <Results query={query} result={read.value.result} /> : null}
    </>
  );
}
