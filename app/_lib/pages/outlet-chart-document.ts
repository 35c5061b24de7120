/**
 * An outlet page's chart as a standalone SVG (SPEC WEB-6): the same data, title and period as
 * the chart on `/cabeceras/<slug>`, drawn at the wide width by lib/pages/*-chart-svg.ts and
 * wrapped by standalone-svg.ts. Reads only the section the chart belongs to.
 */
import "server-only";
import type { Executor } from "../../../db/client";
import { loadPublicationDelay } from "../../../db/queries/outlet-page/delay";
import { loadTopStoryTimelines } from "../../../db/figures/outlet-page/front";
import { loadFramingDistribution } from "../../../db/figures/outlet-page/framing";
import { loadSectionMix } from "../../../db/queries/outlet-page/mix";
import { FIGURES_WINDOW_MS, TIMELINES_WINDOW_MS } from "../../../db/figures/outlet-page/windows";
import { findVisibleOutlet } from "../../../db/queries/outlet-page/outlet";
import { recentWindow } from "../../../db/figures/page-sql";
import type { Policies } from "../../../lib/policy";
import { barChartSvg, type Bar } from "../../../lib/pages/bar-chart-svg";
import { CHART_WIDTHS, seriesColour } from "../../../lib/pages/chart-svg";
import { outletChartTitle, type OutletChartQuery } from "../../../lib/pages/outlet-charts";
import { outletPeriodHref, periodWords } from "../../../lib/pages/outlet-period";
import { rankChartSvg } from "../../../lib/pages/rank-chart-svg";
import { standaloneSvg } from "../../../lib/pages/standalone-svg";

/** What the permalink answers: the document, or why there is none (unknown outlet, withheld or empty chart). */
export type ChartDocument = { svg: string } | { missing: "outlet" | "withheld" | "empty" };

/** Chart `query.kind` of outlet `slug` over the query's period (clipped to `now`) or the page's default window. */
export async function outletChartDocument(
  db: Executor,
  policies: Policies,
  p: { slug: string; query: OutletChartQuery; now: number; siteUrl: string },
): Promise<ChartDocument> {
  const outlet = await findVisibleOutlet(db, policies, p.slug);
  if (!outlet) return { missing: "outlet" };
  const { kind, period } = p.query;
  const window = period
    ? { start: period.start, end: Math.max(period.start, Math.min(period.end, p.now)) }
    : recentWindow(p.now, kind === "posiciones" ? TIMELINES_WINDOW_MS : FIGURES_WINDOW_MS);
  const words = periodWords(period, window, outlet.timezone, "");
  const width = CHART_WIDTHS.wide;
  const pageUrl = new URL(outletPeriodHref(outlet.slug, period), p.siteUrl).toString();
  const bars = (title: string, list: readonly Bar[], valueLabel: string): ChartDocument =>
    list.every((b) => b.value === 0)
      ? { missing: "empty" }
      : {
          svg: standaloneSvg({
            title,
            period: words.caption,
            width,
            pageUrl,
            drawing: barChartSvg({ title: `${title}, ${words.caption}`, bars: list, valueLabel, width }),
          }),
        };
  switch (kind) {
    case "posiciones": {
      if (!outlet.policy.positions) return { missing: "withheld" };
      const t = await loadTopStoryTimelines(db, outlet.id, outlet.policy, window);
      if (t.series.length === 0) return { missing: "empty" };
      const series = t.series.map((s, i) => ({ label: `${i + 1}. ${s.headline}`, spans: s.spans }));
      const title = outletChartTitle(kind, outlet.name, series.length);
      const drawing = rankChartSvg({
        title: `${title}, ${words.caption}`,
        series,
        start: t.start,
        end: t.end,
        timeZone: outlet.timezone,
        width,
      });
      return {
        svg: standaloneSvg({
          title,
          period: words.caption,
          width,
          pageUrl,
          drawing,
          legend: series.map((s, i) => ({ label: s.label, colour: seriesColour(i) })),
        }),
      };
    }
    case "retraso": {
      const d = await loadPublicationDelay(db, outlet.id, window);
      return bars(
        outletChartTitle(kind, outlet.name),
        d.bins.map((b) => ({ label: b.label, value: b.count })),
        "Noticias",
      );
    }
    case "secciones": {
      const m = await loadSectionMix(db, outlet.id, window);
      return bars(
        outletChartTitle(kind, outlet.name),
        m.sections.map((s) => ({ label: s.label, value: s.count })),
        "Noticias",
      );
    }
    case "encuadre": {
      const f = await loadFramingDistribution(db, outlet.id, outlet.policy, window);
      if (!f.shown) return { missing: "withheld" };
      return bars(
        outletChartTitle(kind, outlet.name),
        f.letters.map((l) => ({ label: l.label, value: l.count })),
        "Titulares",
      );
    }
  }
}
