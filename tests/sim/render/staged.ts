/**
 * A staged home page (SimOutlet.staged): an inline style sheet shows the teasers in another
 * order than the markup has them, as real pages do with CSS `order`, grid placement or
 * absolute positioning. The markup (front-page-furniture.ts `stagedMarkupOrder`) puts the
 * lead fourth and the last five teasers second; the style sheet shows the lead first, with
 * the largest title, and those five at the bottom of the page. Browser mode only has inline
 * styles (every other request is blocked), so the sheet is inline; the header is laid out
 * in a row, as on real pages, so the lead sits above the fold at 1280×900.
 */

/** The sections of the main flow, by main index: the bottom block is its own section. */
export function sectionOf(i: number, count: number, staged: boolean): "apertura" | "destacados" | "mas-noticias" | "al-pie" {
  if (i < 4) return "apertura";
  if (staged && count >= 30 && i >= count - 5) return "al-pie";
  return i < 20 ? "destacados" : "mas-noticias";
}

/** The inline style sheet of a staged home page. */
export const STAGED_STYLE = `<style>
.cabecera, .cabecera ul, .usuario, .pie ul, .etiquetas { display: flex; flex-wrap: wrap; gap: 8px; margin: 0; padding: 0; list-style: none; }
img { width: 320px; height: 180px; display: block; }
#portada, #portada > section { display: flex; flex-direction: column; }
#portada > .al-pie { order: 1; }
.apertura > :last-child { order: -1; }
.apertura > :last-child :is(h2, h3) { font-size: 44px; }
</style>`;
