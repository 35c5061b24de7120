/**
 * Server-rendered charts (SPEC WEB-2): SVG markup that needs no JavaScript to read, written
 * by lib/pages/svg-frame.ts and one file per chart. Every chart carries
 * `role="img"`, an accessible name (`aria-label` and `<title>`) and readable labels; the
 * page puts a table with the same data beside it. Pure: data in, markup out.
 *
 * Each chart is drawn at the width it is shown, in two sizes (CHART_WIDTHS): the page
 * shows the one that fits its box with a CSS container query, so the text is never
 * scaled below CHART_FONT_PX × the narrow box's share of the narrow width (≥ 11 px on a
 * 360 px phone). Scaling one drawing down would shrink its text with it (to ~6 px).
 * Axis titles and legends are HTML beside the drawing, where they wrap instead of colliding.
 */

/**
 * Series colours: each has at least 3:1 contrast (WCAG 1.4.11, graphics) on the light and
 * the dark chart background (tests/unit/pages/chart-svg.test.ts checks it).
 */
export const SERIES_COLOURS = ["#3f7cc4", "#c8691c", "#3a8a3a", "#9a5fc7", "#d0453f", "#1f8a8a", "#b5489a", "#8a7d1a", "#7d7d7d"] as const;
/** The chart backgrounds of public/estilo.css (`--paper-raised`, light and dark). */
export const CHART_BACKGROUNDS = ["#ffffff", "#1b1e22"] as const;

/** The two drawing widths: for boxes narrower than `wide` (phones) and for the rest. */
export const CHART_WIDTHS = { narrow: 320, wide: 640 } as const;
/** Font size of the chart text in drawing units; on screen it shrinks only when the box is narrower than the drawing. */
export const CHART_FONT_PX = 13;

/** The colour of series `i`. */
export function seriesColour(i: number): string {
  return SERIES_COLOURS[i % SERIES_COLOURS.length]!;
}

/** The class of every chart's svg (public/estilo.css and the scoped style of svg-frame.ts). */
export const CHART_CLASS = "chart-plot";
/** The svg's inline style. */
export const CHART_STYLE = {
  fontSize: `${CHART_FONT_PX}px`,
  background: "transparent",
  color: "inherit",
  overflow: "visible",
  maxWidth: "100%",
  height: "auto",
};
