/**
 * An article's or a story's rank chart as a standalone SVG (SPEC WEB-6): the same chart as on
 * its page (record-charts.ts), wrapped by standalone-svg.ts with a legend for the story's outlets.
 */
import "server-only";
import type { Executor } from "../../../db/client";
import { loadArticlePage } from "../../../db/queries/site/article-page";
import { loadStoryPage } from "../../../db/queries/stories/story-page";
import type { Policies } from "../../../lib/policy";
import { CHART_WIDTHS, seriesColour } from "../../../lib/pages/chart-svg";
import { rankChartSvg } from "../../../lib/pages/rank-chart-svg";
import { articleRankChart, storyRankChart, type RecordRankChart } from "./record-charts";
import { standaloneSvg } from "../../../lib/pages/standalone-svg";

/** The document, or undefined when the record is unknown or has no chart (withheld, never on a front page). */
function document(chart: RecordRankChart | null, pageUrl: string, legend: boolean): string | undefined {
  if (!chart) return undefined;
  const width = CHART_WIDTHS.wide;
  const drawing = rankChartSvg({
    title: `${chart.title}, ${chart.period}`,
    series: chart.series,
    start: chart.start,
    end: chart.end,
    timeZone: chart.timeZone,
    width,
  });
  return standaloneSvg({
    title: chart.title,
    period: chart.period,
    width,
    pageUrl,
    drawing,
    legend: legend ? chart.series.map((s, i) => ({ label: s.label, colour: seriesColour(i) })) : undefined,
  });
}

/** Article `id`'s rank chart. */
export async function articleChartDocument(
  db: Executor,
  policies: Policies,
  p: { id: number; siteUrl: string },
): Promise<string | undefined> {
  const page = await loadArticlePage(db, policies, { id: p.id });
  return page && document(articleRankChart(page), new URL(`/noticias/${p.id}`, p.siteUrl).toString(), false);
}

/** Story `id`'s rank chart, one series per outlet. */
export async function storyChartDocument(
  db: Executor,
  policies: Policies,
  p: { id: number; siteUrl: string },
): Promise<string | undefined> {
  const story = await loadStoryPage(db, policies, { id: p.id });
  return story && document(storyRankChart(story), new URL(`/historias/${p.id}`, p.siteUrl).toString(), true);
}
