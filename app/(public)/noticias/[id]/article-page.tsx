/** An article's page (SPEC WEB-1): headline history, rank over time, times, section and byline. */
import { Link } from "@/app/_components/link";
import { loadArticlePage, type ArticlePage } from "@/db/queries/site/article-page";
import { loadPolicies } from "@/db/policies-in-force";
import { readSiteData } from "@/app/_lib/pages/data";
import { formatList, formatNumber } from "@/lib/pages/format";
import { parseIdParam } from "@/lib/pages/ids";
import { seenInLabel } from "@/lib/pages/seen-in";
import { zoneLabel } from "@/lib/pages/time-zone";
import { formatElapsed } from "@/lib/pages/period";
import { articleRankChart } from "@/app/_lib/pages/record-charts";
import { publishedProminence } from "@/lib/analysis/prominence";
import { RankChart } from "../../../_components/charts/rank-chart";
import { Moment } from "../../../_components/moment";
import { PageHeader } from "../../../_components/page-header";
import { ServiceUnavailable } from "../../../_components/service-unavailable";
import { HeadlineHistory } from "./headline-history";
import { FeedLink } from "../../../_components/history/feed-link";
import { pageNotFound, type PageRequest } from "@/app/_lib/html/public-page";
import type { DocumentParts } from "@/app/_lib/html/public-document";

function RankSection({ page }: { page: ArticlePage }) {
  if (page.ranks === null) return <p>A petición del medio, no mostramos las posiciones de sus noticias en portada.</p>;
  const chart = articleRankChart(page);
  if (chart === null) return <p>No la hemos visto en la portada de {page.outlet.name}.</p>;
  const period = chart.period;
  return (
    <>
      <dl className="facts">
        <dt>Mejor posición</dt>
        <dd>{page.ranks.bestRank}</dd>
        <dt>En portada</dt>
        <dd>
          {formatElapsed(page.ranks.onFrontPageMs)} ({period})
        </dd>
        <dt>De apertura</dt>
        <dd>{page.ranks.asLeadMs > 0 ? formatElapsed(page.ranks.asLeadMs) : "nunca"}</dd>
        <dt>Prominencia</dt>
        <dd data-testid="prominence">
          {formatNumber(publishedProminence(page.ranks.prominence))} minutos ponderados por posición (
          <a href="/metodologia#prominencia">qué es</a>)
        </dd>
      </dl>
      <RankChart
        title={`${chart.title}, ${period}`}
        caption={chart.caption}
        series={chart.series}
        start={chart.start}
        end={chart.end}
        timeZone={chart.timeZone}
        permalink={`/noticias/${page.id}/grafico.svg`}
      />
    </>
  );
}

/** One article of a visible outlet, titled by its headline as it may be cited; bad, unknown or excluded ids are a 404. */
export async function articlePage({ params }: PageRequest<{ id: string }>): Promise<DocumentParts> {
  const id = parseIdParam(params.id);
  if (id === undefined) pageNotFound();
  const read = await readSiteData(async (db) => loadArticlePage(db, await loadPolicies(db), { id }));
  if (!read.ok) return { title: "Servicio no disponible", body: <ServiceUnavailable /> };
  const page = read.value;
  if (!page) pageNotFound();
  const tz = page.outlet.timezone;
  return {
    title: `${page.headline} · ${page.outlet.name}`,
    body: (
      <>
        <PageHeader
          eyebrow={page.outlet.name}
          title={page.headline}
          lead={
            <>
              Noticia de <Link href={`/cabeceras/${page.outlet.slug}`}>{page.outlet.name}</Link>:{" "}
              <a href={page.url} rel="noopener noreferrer" className="url">
                {page.url}
              </a>
              . <span data-testid="time-zone">Horas en {zoneLabel(tz)}</span>.
            </>
          }
        />
        {page.headlinesWithheld ? <p className="notice">A petición del medio, no reproducimos sus titulares literalmente.</p> : null}
        <section aria-labelledby="datos">
          <h2 id="datos">Datos de la noticia</h2>
          <dl className="facts">
            <dt>Sección</dt>
            <dd>{page.section ?? "no declarada"}</dd>
            <dt>Firma</dt>
            <dd>{page.bylines.length ? formatList(page.bylines) : "no declarada"}</dd>
            {page.agency ? (
              <>
                <dt>Agencia</dt>
                <dd>{page.agency}</dd>
              </>
            ) : null}
            <dt>Publicada (según el medio)</dt>
            <dd>
              <Moment at={page.publishedAt} timeZone={tz} unknown="no declarada" />
            </dd>
            {page.modifiedAt !== null ? (
              <>
                <dt>Modificada (según el medio)</dt>
                <dd>
                  <Moment at={page.modifiedAt} timeZone={tz} />
                </dd>
              </>
            ) : null}
            <dt>Vista por primera vez</dt>
            <dd>
              <Moment at={page.firstSeenAt} timeZone={tz} />, en {seenInLabel(page.firstSeenIn)}
            </dd>
            <dt>Primera vez en su feed</dt>
            <dd>
              <Moment at={page.firstSeen.feed} timeZone={tz} unknown="no la vimos" />
            </dd>
            <dt>Primera vez en su sitemap</dt>
            <dd>
              <Moment at={page.firstSeen.sitemap} timeZone={tz} unknown="no la vimos" />
            </dd>
            {page.ranks !== null ? (
              <>
                <dt>Primera vez en su portada</dt>
                <dd>
                  <Moment at={page.firstSeen.frontpage} timeZone={tz} unknown="no la vimos" />
                </dd>
              </>
            ) : null}
            {page.publishedAt !== null ? (
              <>
                <dt>Retraso</dt>
                <dd>{formatElapsed(page.firstSeenAt - page.publishedAt)} entre la hora declarada y nuestra primera visita</dd>
              </>
            ) : null}
            {page.story ? (
              <>
                <dt>Historia</dt>
                <dd>
                  <Link href={`/historias/${page.story.id}`}>
                    Ver cómo la contaron {page.story.outletCount === 1 ? "otras cabeceras" : `${page.story.outletCount} cabeceras`}
                  </Link>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
        <section aria-labelledby="titulares">
          <h2 id="titulares">Historial del titular</h2>
          <FeedLink
            href={`/noticias/${page.id}/cambios.atom`}
            title="Cambios de titular de esta noticia"
            text="Sigue los cambios de este titular"
          />
          <HeadlineHistory versions={page.versions} timeZone={tz} />
        </section>
        <section aria-labelledby="posicion">
          <h2 id="posicion">Posición en portada</h2>
          <RankSection page={page} />
        </section>
      </>
    ),
  };
}
