/**
 * The rows of a cited capture's ranked list (SPEC WEB-5) as one HTML string, for the capture
 * page's table body. As React elements, three cells and a link per row cost the renderer about
 * as much as the rest of the page: each row is built, serialised into the page's payload and
 * read back into HTML. Every value is escaped (`xmlEscape`), as the page's SVG twin escapes them.
 */
import { xmlEscape } from "./atom";
import type { CitedLink } from "./capture-citation";

/** One position of the list: its rank, the article's page on this site, the address and the headline then. */
export interface CapturedRow extends CitedLink {
  articleId: number;
}

/** `<tr>` rows: rank, the headline linking to the article's page, the address. */
export function capturedRowsHtml(rows: readonly CapturedRow[]): string {
  return rows
    .map(
      (row) =>
        `<tr><td class="num">${row.rank}</td>` +
        `<td><a href="/noticias/${Math.trunc(row.articleId)}">${xmlEscape(row.headline)}</a></td>` +
        `<td class="url">${xmlEscape(row.url)}</td></tr>`,
    )
    .join("");
}
