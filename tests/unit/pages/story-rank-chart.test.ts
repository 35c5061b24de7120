/** The story page's rank chart (WEB-2, DER-9): which outlets it draws when many told the story. */
import { describe, expect, it } from "vitest";
import { STORY_CHART_OUTLETS, storyRankChart } from "../../../app/_lib/pages/record-charts";
import { SERIES_COLOURS } from "../../../lib/pages/chart-svg";
import type { StoryCoverage } from "../../../db/queries/stories/story-page";

const T = Date.parse("2026-03-03T08:00:00Z");
const HOUR = 3_600_000;

/** An outlet's article on its front page for `hours` from `T + startHour`, with `prominence` weighted minutes. */
function coverage(i: number, prominence: number, startHour = i, hours = 1): StoryCoverage {
  const fromAt = T + startHour * HOUR;
  const spans = [{ fromAt, toAt: fromAt + hours * HOUR, rank: 1 + (i % 5) }];
  return {
    articleId: 100 + i,
    outlet: { slug: `o${i}`, name: `Cabecera ${i}` },
    firstSeenAt: fromAt,
    publishedAt: null,
    agency: null,
    frontPage: { firstAt: fromAt, firstRank: spans[0]!.rank, bestRank: spans[0]!.rank, onFrontPageMs: hours * HOUR, spans, prominence },
    headlines: [`Titular ${i}`],
  };
}

describe("a story's rank chart", () => {
  it("WEB-2: draws every outlet that carried the story when they fit the series colours, in the coverage's order", () => {
    const story = { coverage: [coverage(0, 5), coverage(1, 50), coverage(2, 20)] };
    const chart = storyRankChart(story)!;
    expect(chart.series.map((s) => s.label)).toEqual(["Cabecera 0", "Cabecera 1", "Cabecera 2"]);
    expect(chart.title).toBe("Posición de la historia en la portada de cada cabecera");
    expect(chart.caption).toContain("de cada cabecera que la llevó");
  });

  it("WEB-2, DER-9: with more outlets than colours, draws those where it was most prominent and says how many it left out", () => {
    expect(STORY_CHART_OUTLETS).toBe(SERIES_COLOURS.length);
    const many = Array.from({ length: 14 }, (_, i) => coverage(i, (i * 37) % 14));
    const unpositioned = { ...coverage(20, 999), frontPage: null };
    const chart = storyRankChart({ coverage: [...many, unpositioned] })!;
    const expected = many
      .map((c, i) => ({ c, i }))
      .sort((a, b) => b.c.frontPage!.prominence - a.c.frontPage!.prominence || a.i - b.i)
      .slice(0, STORY_CHART_OUTLETS)
      .sort((a, b) => a.i - b.i)
      .map(({ c }) => c.outlet.name);
    expect(chart.series.map((s) => s.label)).toEqual(expected);
    expect(new Set(chart.series.map((_, i) => SERIES_COLOURS[i % SERIES_COLOURS.length])).size).toBe(chart.series.length);
    expect(chart.title).toBe(`Posición de la historia en las ${STORY_CHART_OUTLETS} portadas donde tuvo más prominencia`);
    expect(chart.caption).toContain(`de las ${STORY_CHART_OUTLETS} cabeceras donde tuvo más prominencia (de 14 que la llevaron`);
  });

  it("WEB-2: the period drawn is that of the outlets drawn", () => {
    const late = Array.from({ length: STORY_CHART_OUTLETS }, (_, i) => coverage(i, 100, 10));
    const early = coverage(STORY_CHART_OUTLETS, 1, 0);
    const chart = storyRankChart({ coverage: [early, ...late] })!;
    expect(chart.series.map((s) => s.label)).not.toContain(early.outlet.name);
    expect(chart.start).toBeGreaterThan(T + 9 * HOUR);
  });

  it("draws nothing when no outlet's positions can be shown", () => {
    expect(storyRankChart({ coverage: [{ ...coverage(0, 1), frontPage: null }] })).toBeNull();
  });
});
