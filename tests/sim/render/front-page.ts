/**
 * A front page that reads like a newspaper's: lead stories with images, the same
 * article linked twice (photo + headline), bylines and tags, ads between blocks,
 * and a "most read" box repeating articles already above. Ranks are the order of
 * first appearance (SPEC EXT-3: the same article keeps its best rank).
 */
import { esc, slug } from "./format";
import { adBlock, renderPage, type ChromeContext } from "./chrome";

/** One article slot as the renderer needs it. */
export interface FrontPageLink {
  url: string;
  headline: string;
  authors: string[];
  tag: string;
  imageId: string;
  opinion: boolean;
}

function story(link: FrontPageLink, level: "h2" | "h3", withImage: boolean, lead: boolean): string {
  const classes = ["noticia", lead ? "noticia--apertura" : "", link.opinion ? "noticia--opinion" : ""].filter(Boolean).join(" ");
  return [
    `<article class="${classes}">`,
    withImage
      ? `  <a class="foto" href="${esc(link.url)}"><img src="/img/${esc(link.imageId)}.jpg" alt="" width="640" height="360"></a>`
      : "",
    `  <${level} class="titular"><a href="${esc(link.url)}">${esc(link.headline)}</a></${level}>`,
    `  <p class="firma">${link.authors.map((a) => `<a href="/autor/${slug(a)}/">${esc(a)}</a>`).join(" y ")}</p>`,
    `  <ul class="etiquetas"><li><a href="/tag/${slug(link.tag)}/">${esc(link.tag)}</a></li></ul>`,
    "</article>",
  ]
    .filter(Boolean)
    .join("\n");
}

/** The front page (or a section page, with a different title) for the ranked links. */
export function renderFrontPage(ctx: ChromeContext, links: readonly FrontPageLink[], title?: string): string {
  const blocks: string[] = ['<main id="portada">', '<section class="apertura">'];
  links.forEach((link, i) => {
    if (i === 4) blocks.push("</section>", '<section class="destacados">');
    if (i === 20) blocks.push("</section>", '<section class="mas-noticias">');
    if (i > 0 && i % 10 === 0) blocks.push(adBlock(`portada-${i / 10}`, ctx.outlet));
    blocks.push(story(link, i < 4 ? "h2" : "h3", i < 20, i === 0));
  });
  blocks.push("</section>");
  // "Lo más leído" repeats articles already above: a later, worse rank that must not count.
  const mostRead = [2, 6, 0, 11, 4].map((i) => links[i]).filter((l): l is FrontPageLink => l !== undefined);
  blocks.push(
    '<aside class="lo-mas-leido"><h2>Lo más leído</h2><ol>',
    ...mostRead.map((l) => `  <li><a href="${esc(l.url)}">${esc(l.headline)}</a></li>`),
    "</ol></aside>",
    "</main>",
  );
  return renderPage(ctx, {
    title: title ?? `${ctx.outlet.name} | Últimas noticias de hoy`,
    head: `<meta property="og:site_name" content="${esc(ctx.outlet.name)}">`,
    main: blocks.join("\n"),
    bodyClass: "portada",
  });
}
