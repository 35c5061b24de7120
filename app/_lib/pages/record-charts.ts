/**
 * The rank charts of an article's and a story's page (SPEC WEB-2, WEB-6), built once for the
 * page and for their standalone SVG (`/noticias/<id>/grafico.svg`, `/historias/<id>/grafico.svg`):
 * the series, the period drawn and the words that name it. Pure.
 */
import type { ArticlePage } from "../../../db/queries/site/article-page";
import type { StoryPage } from "../../../db/queries/stories/story-page";
import { formatPeriod } from "../../../lib/pages/period";
import type { RankSeries } from "../../../lib/pages/rank-chart-svg";
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

/** The story's rank on each outlet's front page, or null when no outlet's positions can be drawn. */
export function storyRankChart(story: Pick<StoryPage, "coverage">): RecordRankChart | null {
  const positioned = story.coverage.filter((c) => c.frontPage && c.frontPage.spans.length > 0);
  if (positioned.length === 0) return null;
  const spans = positioned.flatMap((c) => c.frontPage!.spans);
  const first = Math.min(...spans.map((s) => s.fromAt));
  const last = Math.max(...spans.map((s) => s.toAt));
  const period = formatPeriod(first, last);
  return {
    title: "Posición de la historia en la portada de cada cabecera",
    period,
    caption: `Posición (1 = la primera) de la noticia en la portada de cada cabecera que la llevó, ${period}, hora peninsular.`,
    series: positioned.map((c) => ({ label: c.outlet.name, spans: c.frontPage!.spans })),
    ...padded(first, last),
    timeZone: SITE_TIME_ZONE,
  };
}
