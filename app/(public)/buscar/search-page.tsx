/** "Buscar": full-text search over every recorded headline version (SPEC WEB-1), a plain GET form. */
import { Link } from "@/app/_components/link";
import { loadPolicies } from "@/db/policies-in-force";
import { RESULTS_PER_PAGE, searchableOutlets, searchHeadlines, type SearchResult } from "@/db/queries/site/search";
import { atomQuery, MAX_QUERY_LENGTH, parseSearchParams, searchHref, type SearchParams, type SearchQuery } from "@/lib/pages/search-params";
import { readSiteData } from "@/app/_lib/pages/data";
import { formatNumber } from "@/lib/pages/format";
import { Moment } from "../../_components/moment";
import { PageHeader } from "../../_components/page-header";
import { FeedLink } from "../../_components/history/feed-link";
import { ServiceUnavailable } from "../../_components/service-unavailable";
import { loadAttention, type Attention } from "@/app/_lib/pages/attention";
import { siteClock } from "@/db/server";
import { MAX_QUERIES, parseAttentionRequest, QUERY_PARAMS } from "@/lib/pages/attention";
import { AttentionSection } from "./attention-section";
import { GroupSelect } from "../../_components/group-filter";
import { loadGroupCounts, type GroupCount } from "@/db/queries/site/outlet-groups";
import { sharedReads } from "@/db/queries/site/shared-reads";
import type { PageRequest } from "@/app/_lib/html/public-page";
import type { DocumentParts } from "@/app/_lib/html/public-document";

/** Page title. */
const TITLE = "Buscar";

/** What the form shows when the query string could not be read: the words, if they are one plain value. */
function rawQuery(params: SearchParams): SearchQuery {
  const q = params.q;
  return { q: typeof q === "string" && q.length <= MAX_QUERY_LENGTH ? q : "", page: 1 };
}

function SearchForm({
  query,
  outlets,
  groups,
  compared,
}: {
  query: SearchQuery;
  outlets: { slug: string; name: string }[];
  groups: readonly GroupCount[];
  compared: string[];
}) {
  return (
    <form className="search-form" method="get" action="/buscar" role="search">
      <label>
        Palabras del titular
        <input type="search" name="q" defaultValue={query.q} maxLength={MAX_QUERY_LENGTH} placeholder="p. ej. vivienda alquiler" />
      </label>
      <label>
        Cabecera
        <select name="cabecera" defaultValue={query.outlet ?? ""}>
          <option value="">Todas</option>
          {outlets.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      <GroupSelect groups={groups} selected={query.group} />
      <label>
        Desde <input type="date" name="desde" defaultValue={query.from ?? ""} />
      </label>
      <label>
        Hasta <input type="date" name="hasta" defaultValue={query.to ?? ""} />
      </label>
      <label>
        Sección <input type="text" name="seccion" defaultValue={query.section ?? ""} maxLength={80} />
      </label>
      <details className="search-compare" open={compared.length > 0}>
        <summary>Comparar con otras búsquedas (hasta {MAX_QUERIES - 1} más)</summary>
        {QUERY_PARAMS.slice(1).map((name, i) => (
          <label key={name}>
            Búsqueda {i + 2}
            <input type="search" name={name} defaultValue={compared[i] ?? ""} maxLength={MAX_QUERY_LENGTH} />
          </label>
        ))}
      </details>
      <button type="submit">Buscar</button>
    </form>
  );
}

/** A headline with the words the search matched marked. */
function Highlighted({ parts }: { parts: SearchResult["hits"][number]["parts"] }) {
  return <>{parts.map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}

/** How many matches each outlet has, each linking to the search narrowed to it. */
function ByOutlet({ query, result }: { query: SearchQuery; result: SearchResult }) {
  if (query.outlet !== undefined || result.total === 0) return null;
  if (result.byOutlet === null) {
    return (
      <p className="hint" data-testid="by-outlet">
        Hay demasiadas coincidencias para contarlas por cabecera: acota la búsqueda con más palabras, una cabecera o unas fechas.
      </p>
    );
  }
  return (
    <details open={result.byOutlet.length <= 12} data-testid="by-outlet">
      <summary>Coincidencias por cabecera ({formatNumber(result.byOutlet.length)})</summary>
      <ul className="compact">
        {result.byOutlet.map((o) => (
          <li key={o.slug}>
            <Link href={searchHref({ ...query, outlet: o.slug }, 1)}>{o.name}</Link>: {formatNumber(o.count)}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Results({ query, result }: { query: SearchQuery; result: SearchResult }) {
  const pages = Math.max(1, Math.ceil(result.total / RESULTS_PER_PAGE));
  const pastTheEnd = result.hits.length === 0 && query.page > 1;
  return (
    <section aria-labelledby="results">
      <h2 id="results">Resultados</h2>
      {result.onlyCommonWords ? (
        <p className="notice" data-testid="common-words">
          «{query.q}» solo tiene palabras muy comunes (artículos, preposiciones, pronombres…), que la búsqueda pasa por alto porque aparecen
          en casi todos los titulares. Añade alguna palabra con más significado.
        </p>
      ) : (
        <p data-testid="result-count">
          {result.total === 0 ? (
            "Ningún titular coincide con la búsqueda."
          ) : (
            <>
              {result.capped ? "Más de " : ""}
              {formatNumber(result.total)} {result.total === 1 ? "versión de titular coincide" : "versiones de titular coinciden"}; las más
              recientes primero.
            </>
          )}
          {result.outletsNotSearched > 0 ? (
            <>
              {" "}
              No buscamos en {formatNumber(result.outletsNotSearched)}{" "}
              {result.outletsNotSearched === 1 ? "cabecera que ha pedido" : "cabeceras que han pedido"} que no reproduzcamos sus titulares.
            </>
          ) : null}
        </p>
      )}
      {pastTheEnd && result.total > 0 ? (
        <p className="notice" data-testid="past-the-end">
          Esta búsqueda tiene {pages === 1 ? "una sola página" : `${formatNumber(pages)} páginas`} de resultados: no hay página{" "}
          {formatNumber(query.page)}. <Link href={searchHref(query, pages)}>Ir a la última</Link>.
        </p>
      ) : null}
      <ByOutlet query={query} result={result} />
      {result.hits.length > 0 ? (
        <ol className="ranked" start={(query.page - 1) * RESULTS_PER_PAGE + 1} data-testid="hits">
          {result.hits.map((h, i) => (
            <li key={`${h.articleId}-${i}`}>
              <Link href={`/noticias/${h.articleId}`}>
                <Highlighted parts={h.parts} />
              </Link>
              <br />
              <span className="muted">
                <Link href={`/cabeceras/${h.outletSlug}`}>{h.outletName}</Link>
                {h.section ? `, ${h.section}` : ""} — visto por primera vez el <Moment at={h.firstSeenAt} />
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {pages > 1 && !pastTheEnd ? (
        <nav className="pager" aria-label="Páginas de resultados">
          {query.page > 1 ? (
            <Link href={searchHref(query, query.page - 1)} rel="prev">
              ← Más recientes
            </Link>
          ) : (
            <span />
          )}
          <p>
            Página {query.page} de {formatNumber(pages)}
          </p>
          {query.page < pages ? (
            <Link href={searchHref(query, query.page + 1)} rel="next">
              Anteriores →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

const HELP =
  "Entre comillas busca la frase exacta; un guion delante excluye una palabra («-fútbol»); «or» admite cualquiera de dos. " +
  "Se buscan las palabras con sus variantes (plural, género), sin distinguir tildes, diéresis ni eñes: «penalver» encuentra «Peñalver».";

/** The search form, the attention series and the matching headlines of `?q=`. */
export async function searchPage({ searchParams: params }: PageRequest<unknown>): Promise<DocumentParts> {
  const parsed = parseSearchParams(params);
  const query = parsed.ok ? parsed.value : rawQuery(params);
  // The chart covers the form's period, or the last 30 days when none is given.
  const asked = parseAttentionRequest(params, siteClock().now());
  const compared = QUERY_PARAMS.slice(1).map((name) => (typeof params[name] === "string" ? (params[name] as string) : ""));
  const read = await readSiteData(async (db) => {
    const policies = await loadPolicies(db);
    const reads = sharedReads(db);
    const [outlets, groups, result, attention] = await Promise.all([
      searchableOutlets(db, policies, reads),
      loadGroupCounts(db, policies, reads),
      parsed.ok && query.q ? searchHeadlines(db, policies, query, reads) : Promise.resolve(undefined),
      parsed.ok && query.q && asked.ok
        ? loadAttention(db, policies, asked.value, reads)
        : Promise.resolve<Attention | undefined>(undefined),
    ]);
    return { outlets, groups, result, attention };
  });
  if (!read.ok) return { title: TITLE, body: <ServiceUnavailable /> };
  return {
    title: TITLE,
    body: (
      <>
        <PageHeader
          title="Buscar"
          lead="Búsqueda en todos los titulares que hemos registrado, también en los que los medios cambiaron después. Horas en hora peninsular."
        />
        {parsed.ok ? null : (
          // The proxy answers this with HTTP 400 (SEC-6); the page still offers the search.
          <>
            <meta name="robots" content="noindex" />
            <p className="notice" role="alert" data-testid="bad-query">
              No hemos podido leer esta búsqueda: {parsed.reason.charAt(0).toLowerCase() + parsed.reason.slice(1)} Corrígela en el
              formulario o <Link href="/buscar">empieza de nuevo</Link>.
            </p>
          </>
        )}
        <SearchForm query={query} outlets={read.value.outlets} groups={read.value.groups} compared={compared} />
        <p className="hint">{HELP}</p>
        {parsed.ok && query.q ? (
          <FeedLink href={`/buscar.atom?${atomQuery(query)}`} title={`Titulares con «${query.q}»`} text="Sigue esta búsqueda" />
        ) : null}
        {parsed.ok && query.q && !asked.ok ? (
          <p className="notice" role="alert" data-testid="bad-comparison">
            No hemos podido dibujar la serie: {asked.reason.charAt(0).toLowerCase() + asked.reason.slice(1)}
          </p>
        ) : null}
        {read.value.attention && !read.value.attention.unknownOutlet ? <AttentionSection attention={read.value.attention} /> : null}
        {read.value.result ? <Results query={query} result={read.value.result} /> : null}
      </>
    ),
  };
}
