/**
 * A staged home page (SimOutlet.staged): an inline style sheet shows the teasers in another
 * order than the markup has them, as real pages do with CSS `order`, grid placement or
 * absolute positioning. The markup (front-page-furniture.ts `stagedMarkupOrder`) puts the
 * lead fourth and the last five teasers second; the style sheet shows the lead first, with
 * the largest title, and those five at the bottom of the page. Browser mode only has inline
 * styles (every other request is blocked), so the sheet is inline; the header is laid out
 * in a row and the teasers in a grid, as on real pages, so the lead and two rows of teasers
 * sit above the fold at 1280×900.
 */

/** The sections of the main flow, by main index: the bottom block is its own section. */
export function sectionOf(i: number, count: number, staged: boolean): "apertura" | "destacados" | "mas-noticias" | "al-pie" {
  if (i < 4) return "apertura";
  if (staged && count >= 30 && i >= count - 5) return "al-pie";
  return i < 20 ? "destacados" : "mas-noticias";
}

/**
 * The inline style sheet of a staged home page: a compact header, the opening and the
 * featured teasers in grids of four columns with small images (so two rows, eight titles,
 * are above the fold, as on a styled news page), the opening's last teaser shown first with
 * the largest title, the other teasers in one long column, and the bottom block after
 * everything else, some 7,000 px down.
 */
export const STAGED_STYLE = `<style>
body { margin: 0; font-size: 14px; }
.cabecera, .cabecera ul, .usuario, .pie ul, .etiquetas, .te-puede-interesar ul, .card__related { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
.cabecera form, .ad { display: none; }
p, h2, h3 { margin: 2px 0; }
img { width: 100%; height: 80px; display: block; }
#portada { display: flex; flex-direction: column; }
#portada > section { display: grid; grid-template-columns: repeat(4, 1fr); gap: 8px; }
#portada > .mas-noticias, #portada > .al-pie { grid-template-columns: 1fr; }
.mas-noticias > *, .al-pie > * { min-height: 150px; }
#portada > .al-pie { order: 1; }
.apertura > :last-child { order: -1; }
.apertura > :last-child :is(h2, h3) { font-size: 44px; }
</style>`;
