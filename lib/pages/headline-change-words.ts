/**
 * The sentence that sums up an outlet's headline changes over a period (SPEC WEB-1), so that
 * no page prints "0 cambios de titular en 0 noticias, de 0 noticias": none is said as none.
 * Pure.
 */
import { formatCount, formatNumber } from "./format";

/** Changes counted, articles they touched, articles first seen in the period. */
export interface HeadlineChangeCounts {
  changes: number;
  changedArticles: number;
  articlesSeen: number;
}

/** E.g. "3 cambios de titular en 2 noticias, de las 40 vistas por primera vez en el periodo". */
export function headlineChangeSummary(c: HeadlineChangeCounts): string {
  if (c.articlesSeen === 0 && c.changes === 0)
    return "no vimos ninguna noticia nueva de esta cabecera, así que no hay cambios de titular que contar";
  const seen =
    c.articlesSeen === 1
      ? "la única vista por primera vez en el periodo"
      : `las ${formatNumber(c.articlesSeen)} vistas por primera vez en el periodo`;
  if (c.changes === 0) {
    return c.articlesSeen === 1
      ? "el titular de la única noticia vista por primera vez en el periodo no cambió"
      : `ninguna de las ${formatNumber(c.articlesSeen)} noticias vistas por primera vez en el periodo cambió de titular`;
  }
  return `${formatCount(c.changes, "cambio de titular", "cambios de titular")} en ${formatCount(c.changedArticles, "noticia", "noticias")}, de ${seen}`;
}
