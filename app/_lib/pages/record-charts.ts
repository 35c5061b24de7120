/**
 * The rank charts of an article's and a story's page (SPEC WEB-2, WEB-6), built once for the
 * page and for their standalone SVG (`/noticias/<id>/grafico.svg`, `/historias/<id>/grafico.svg`):
 * the series, the period drawn and the words that name it. Pure.
 */
import type { ArticlePage } from "../../../db/queries/site/article-page";
import type { StoryPage } from "../../../db/queries/stories/story-page";
import { formatPeriod } from "../../../lib/pages/period";
import type { RankSeries } from "../../../lib/pages/rank-chart-svg";
import { SERIES_COLOURS } from "../../../lib/pages/chart-svg";
import { SITE_TIME_ZONE, zoneLabel } from "../../../lib/pages/time-zone";

/** A rank chart of a record page. */
export interface RecordRankChart {
  /** Title without the period; `period` names it. */
  title: string;
  period: string;
  caption: string;
  series: RankSeries[];
  start: number;
  end: number;
  timeZone: string;
}

/** Room on each side of the spans drawn: 5 % of their period, at least half an hour. */
function padded(first: number, last: number): { start: number; end: number } {
  const pad = Math.max(30 * 60_000, (last - first) * 0.05);
  return { start: first - pad, end: last + pad };
}

/** The article's rank over time, or null when its positions are withheld or it never was on its front page. */
export function articleRankChart(page: Pick<ArticlePage, "outlet" | "ranks">): RecordRankChart | null {
  const spans = page.ranks?.spans ?? [];
  if (spans.length === 0) return null;
  const tz = page.outlet.timezone;
  const first = spans[0]!.fromAt;
  const last = Math.max(...spans.map((s) => s.toAt));
  const period = formatPeriod(first, last, tz);
  return {
    title: `Posición de la noticia en la portada de ${page.outlet.name}`,
    period,
    caption: `Posición en la portada de ${page.outlet.name} (1 = la primera), ${period}, ${zoneLabel(tz)}. Los huecos son periodos en que no estaba en portada o no pudimos capturarla.`,
    series: [{ label: "Posición", spans }],
    ...padded(first, last),
    timeZone: tz,
  };
}

/**
 * Outlets drawn on a story's chart: as many as there are series colours, so no two lines share
 * one, and the page's HTML stays small for a story told by dozens (its two drawings, legend and
 * data table grow with every outlet; docs/benchmarks.md). The coverage table lists them all.
 */
export const STORY_CHART_OUTLETS = SERIES_COLOURS.length;

/**
 * The story's rank on the front pages of the outlets where it was most prominent (DER-9: weighted
 * minutes; ties to the earlier in the coverage's order), at most STORY_CHART_OUTLETS of them, in
 * the coverage's order; null when no outlet's positions can be drawn.
 */
export function storyRankChart(story: Pick<StoryPage, "coverage">): RecordRankChart | null {
  const withSpans = story.coverage.filter((c) => c.frontPage && c.frontPage.spans.length > 0);
  if (withSpans.length === 0) return null;
  const kept = new Set(
    withSpans
      .map((c, i) => ({ c, i }))
      .sort((a, b) => b.c.frontPage!.prominence - a.c.frontPage!.prominence || a.i - b.i)
      .slice(0, STORY_CHART_OUTLETS)
      .map(({ c }) => c),
  );
  const positioned = withSpans.filter((c) => kept.has(c));
  const spans = positioned.flatMap((c) => c.frontPage!.spans);
  const first = Math.min(...spans.map((s) => s.fromAt));
  const last = Math.max(...spans.map((s) => s.toAt));
  const period = formatPeriod(first, last);
  const left = withSpans.length - positioned.length;
  const which =
    left > 0
      ? `de las ${positioned.length} cabeceras donde tuvo más prominencia (de ${withSpans.length} que la llevaron; todas, en «Quién la contó primero»)`
      : "de cada cabecera que la llevó";
  return {
    title:
      left > 0
        ? `Posición de la historia en las ${positioned.length} portadas donde tuvo más prominencia`
        : "Posición de la historia en la portada de cada cabecera",
    period,
    caption: `Posición (1 = la primera) de la noticia en la portada ${which}, ${period}, hora peninsular.`,
    series: positioned.map((c) => ({ label: c.outlet.name, spans: c.frontPage!.spans })),
    ...padded(first, last),
    timeZone: SITE_TIME_ZONE,
  };
}
