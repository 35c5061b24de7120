/** One story across outlets (SPEC WEB-1): who told it, when, where on the front page, for how long, with which headlines. */
import { loadPolicies } from "@/db/policies-in-force";
import { loadAgencyGenealogy } from "@/db/queries/stories/agency-genealogy";
import { loadStoryPage, storyMergedInto } from "@/db/queries/stories/story-page";
import { readSiteData } from "@/app/_lib/pages/data";
import { parseIdParam } from "@/lib/pages/ids";
import { formatPeriod } from "@/lib/pages/period";
import { RankChart } from "../../../_components/charts/rank-chart";
import { Downloads } from "../../../_components/downloads";
import { PageHeader } from "../../../_components/page-header";
import { FeedLink } from "../../../_components/history/feed-link";
import { ServiceUnavailable } from "../../../_components/service-unavailable";
import { coverageLine, storyTerms, storyTitle } from "../story-title";
import { AgencyGenealogySection } from "./_sections/agency-genealogy";
import { storyRankChart } from "@/app/_lib/pages/record-charts";
import { coverageProminence, WhoWasFirst } from "./_sections/who-was-first";
import { publishedProminence } from "@/lib/analysis/prominence";
import { formatNumber } from "@/lib/pages/format";
import { pageMovedTo, pageNotFound, type PageRequest } from "@/app/_lib/html/public-page";
import type { DocumentParts } from "@/app/_lib/html/public-document";

/** Page title when the story cannot be read. */
const UNAVAILABLE = "Servicio no disponible";

/** A story with at least one visible outlet, titled by our key terms; bad or unknown ids are a 404. */
export async function storyPage({ params }: PageRequest<{ id: string }>): Promise<DocumentParts> {
  const id = parseIdParam(params.id);
  if (id === undefined) pageNotFound();
  const read = await readSiteData(async (db) => loadStoryPage(db, await loadPolicies(db), { id }));
  if (!read.ok) return { title: UNAVAILABLE, body: <ServiceUnavailable /> };
  const story = read.value;
  if (!story) {
    // DER-2: a story found to be part of an older one lives on at the older one's address.
    const merged = await readSiteData((db) => storyMergedInto(db, id));
    if (merged.ok && merged.value !== undefined) pageMovedTo(`/historias/${merged.value}`);
    pageNotFound();
  }
  const genealogy = await readSiteData(async (db) => loadAgencyGenealogy(db, await loadPolicies(db), story.id));
  const chart = storyRankChart(story);
  const period = formatPeriod(story.firstSeenAt, story.lastSeenAt);
  return {
    title: `Historia: ${storyTitle(story)}`,
    body: (
      <>
        <PageHeader
          eyebrow="Historia"
          title={`Historia: ${storyTitle(story)}`}
          lead={
            <>
              {story.label ? <>{storyTerms(story)}. </> : null}La misma noticia en {coverageLine(story.coverage)}, vista {period} (hora
              peninsular).{" "}
              {story.label
                ? "La nombramos con el titular que más palabras comparte con los demás; los términos clave los elige nuestro análisis."
                : "El nombre de la historia son términos clave elegidos por nuestro análisis."}
            </>
          }
        />
        <FeedLink href={`/historias/${story.id}/cambios.atom`} title={`Historia: ${storyTitle(story)}`} text="Sigue esta historia" />
        <p data-testid="story-prominence">
          Prominencia de la historia:{" "}
          <strong>{formatNumber(publishedProminence(story.coverage.reduce((n, c) => n + (coverageProminence(c) ?? 0), 0)))}</strong> minutos
          en portada ponderados por la posición, sumados entre las cabeceras (<a href="/metodologia#prominencia">qué es</a>).
        </p>
        <WhoWasFirst coverage={story.coverage} />
        <Downloads
          dataset="articles"
          filters={{ story: story.id, from: story.firstSeenAt - 24 * 3_600_000, to: story.lastSeenAt + 60_000 }}
          what="sus noticias, una fila por noticia"
        />
        {genealogy.ok ? <AgencyGenealogySection genealogy={genealogy.value} /> : null}
        {chart ? (
          <section aria-labelledby="cobertura">
            <h2 id="cobertura">Cobertura en portada</h2>
            <RankChart
              title={`${chart.title}, ${chart.period}`}
              caption={chart.caption}
              series={chart.series}
              start={chart.start}
              end={chart.end}
              timeZone={chart.timeZone}
              permalink={`/historias/${story.id}/grafico.svg`}
            />
          </section>
        ) : null}
        <section aria-labelledby="titulares">
          <h2 id="titulares">Titulares, lado a lado</h2>
          <ul className="variants">
            {story.coverage.map((c) => (
              <li key={c.articleId}>
                <h3>{c.outlet.name}</h3>
                <ol>
                  {c.headlines.map((h, i) => (
                    <li key={i}>{h}</li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        </section>
      </>
    ),
  };
}
