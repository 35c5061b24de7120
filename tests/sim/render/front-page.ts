/**
 * A front page that reads like a newspaper's: lead stories with images, the same
 * article linked twice (photo + headline), bylines and tags, ads between blocks. The
 * home page adds the furniture of real ones in the outlet's markup (front-page-furniture.ts):
 * a header ticker, a trending strip, kickers and "Directo" labels, related links, a "Lo más
 * leído" rail (between teasers in one markup), a second teaser of an article shown higher
 * and a footer link farm. Ranks are the order of the main flow's teasers (SPEC EXT-3); a staged
 * page (staged.ts) has them in another order in its markup than on screen.
 */
import type { FrontPageLayout } from "../front-page-furniture";
import { esc } from "./format";
import { adBlock, renderPage, type ChromeContext } from "./chrome";
import { footerFarm, rail, related, ticker, trending, type FurnitureLink } from "./furniture";
import { sectionOf, STAGED_STYLE } from "./staged";
import { teaser, type FrontPageLink } from "./teasers";

export type { FrontPageLink } from "./teasers";

/** The furniture as the renderer needs it: links with their live headlines. */
export interface RenderedFurniture {
  layout: FrontPageLayout;
  ticker: FurnitureLink[];
  tickerInHeader: boolean;
  topics: string[];
  trending: FurnitureLink[];
  related: Map<number, FurnitureLink[]>;
  rail: FurnitureLink[];
  railAfter?: number;
  repeats: { after: number; of: number }[];
  footer: FurnitureLink[];
  /** A staged page's teasers in markup order (main indices), shown in main order by its style sheet (staged.ts). */
  markupOrder?: number[];
}

const style = (i: number) => ({ level: i < 4 ? ("h2" as const) : ("h3" as const), image: i < 20, lead: i === 0 });

/** The front page (or a section page, with a different title and no furniture) for the ranked links. */
export function renderFrontPage(
  ctx: ChromeContext,
  links: readonly FrontPageLink[],
  title?: string,
  furniture?: RenderedFurniture,
): string {
  const layout = furniture?.layout ?? "plain";
  const blocks: string[] = ['<main id="portada">'];
  if (furniture && !furniture.tickerInHeader) blocks.push(ticker(furniture.layout, furniture.ticker));
  if (furniture) blocks.push(trending(furniture.layout, furniture.topics, furniture.trending));
  const railMarkup = furniture ? rail(furniture.layout, furniture.rail, adBlock("lateral", ctx.outlet)) : "";
  // A staged page's markup has the teasers in another order than it shows them (staged.ts).
  const staged = furniture?.markupOrder !== undefined;
  let section: string | undefined;
  for (const i of furniture?.markupOrder ?? links.map((_, k) => k)) {
    const link = links[i]!;
    const name = sectionOf(i, links.length, staged);
    if (name !== section) blocks.push(...(section ? ["</section>"] : []), `<section class="${name}">`);
    section = name;
    if (i > 0 && i % 10 === 0) blocks.push(adBlock(`portada-${i / 10}`, ctx.outlet));
    const below = furniture ? related(furniture.layout, furniture.related.get(i) ?? []) : "";
    blocks.push(teaser(layout, link, style(i), below));
    if (furniture?.railAfter === i) blocks.push(railMarkup);
    // A second, smaller teaser for an article already shown higher: its place stays the first.
    for (const r of furniture?.repeats ?? []) {
      const again = r.after === i ? links[r.of] : undefined;
      if (again) blocks.push(teaser(layout, again, { level: "h3", image: false, lead: false }));
    }
  }
  if (section === undefined) blocks.push('<section class="apertura">');
  blocks.push("</section>");
  if (furniture) {
    if (furniture.railAfter === undefined) blocks.push(railMarkup);
  } else {
    // "Lo más leído" repeats articles already above: a later, worse rank that must not count.
    const mostRead = [2, 6, 0, 11, 4].map((i) => links[i]).filter((l): l is FrontPageLink => l !== undefined);
    blocks.push(
      '<aside class="lo-mas-leido"><h2>Lo más leído</h2><ol>',
      ...mostRead.map((l) => `  <li><a href="${esc(l.url)}">${esc(l.headline)}</a></li>`),
      "</ol></aside>",
    );
  }
  blocks.push("</main>");
  return renderPage(ctx, {
    title: title ?? `${ctx.outlet.name} | Últimas noticias de hoy`,
    head: `<meta property="og:site_name" content="${esc(ctx.outlet.name)}">${staged ? `\n${STAGED_STYLE}` : ""}`,
    main: blocks.filter(Boolean).join("\n"),
    bodyClass: "portada",
    headerExtra: furniture?.tickerInHeader ? ticker(furniture.layout, furniture.ticker) : undefined,
    footerExtra: furniture ? footerFarm(furniture.layout, furniture.footer) : undefined,
  });
}
