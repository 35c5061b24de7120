/**
 * The furniture around a front page's teasers, in the outlet's markup (Spanish class
 * names, English class names, none): a breaking-news ticker in the header, a trending /
 * SEO strip, "Te puede interesar" links under a teaser, a "Lo más leído" rail and a footer
 * link farm. Every link shows the article's live headline, so what a crawler sees of it is
 * exactly the truth's; none of these is a teaser of the main ranking.
 */
import type { FrontPageLayout } from "../front-page-furniture";
import { esc, slug } from "./format";

/** A furniture link to an article. */
export interface FurnitureLink {
  url: string;
  headline: string;
}

/** A trending topic: a tag page, not an article. */
const topicLink = (topic: string) => `<a href="/tag/${slug(topic)}/">${esc(topic)}</a>`;
const a = (l: FurnitureLink, cls = "") => `<a${cls ? ` class="${cls}"` : ""} href="${esc(l.url)}">${esc(l.headline)}</a>`;
const items = (links: readonly FurnitureLink[], cls = "") => links.map((l) => `<li>${a(l, cls)}</li>`).join("");

/** The header's breaking-news strip. */
export function ticker(layout: FrontPageLayout, links: readonly FurnitureLink[]): string {
  if (links.length === 0) return "";
  if (layout === "es")
    return `  <div class="ultima-hora"><span class="ultima-hora__etiqueta">Última hora</span><ul>${items(links)}</ul></div>`;
  if (layout === "en")
    return `  <div class="breaking-news"><strong class="breaking-news__label">Última hora</strong>${links.map((l) => a(l, "breaking-news__item")).join("")}</div>`;
  return `  <div><b>Última hora:</b> ${links.map((l) => a(l)).join(" | ")}</div>`;
}

/** The trending-topics / SEO strip between the header and the first teaser: topic pages and articles. */
export function trending(layout: FrontPageLayout, topics: readonly string[], links: readonly FurnitureLink[]): string {
  if (links.length === 0 && topics.length === 0) return "";
  const mixed = [...topics.map(topicLink), ...links.map((l) => a(l))];
  if (layout === "es") return `<div class="es-noticia"><span class="es-noticia__titulo">Es noticia</span>${mixed.join(" ")}</div>`;
  if (layout === "en") return `<div class="trending-topics"><ul>${mixed.map((x) => `<li>${x}</li>`).join("")}</ul></div>`;
  return `<div><span>Temas del día</span> ${mixed.join(" · ")}</div>`;
}

/** "Te puede interesar": related links inside a teaser, under its byline. */
export function related(layout: FrontPageLayout, links: readonly FurnitureLink[]): string {
  if (links.length === 0) return "";
  if (layout === "es") return `  <div class="te-puede-interesar"><p>Te puede interesar</p><ul>${items(links)}</ul></div>`;
  if (layout === "en") return `  <ul class="card__related">${items(links, "card__related-link")}</ul>`;
  return `  <ul>${items(links)}</ul>`;
}

/** The "Lo más leído" rail, with an ad slot. */
export function rail(layout: FrontPageLayout, links: readonly FurnitureLink[], ad: string): string {
  if (links.length === 0) return "";
  if (layout === "es") return ['<aside class="lo-mas-leido"><h2>Lo más leído</h2><ol>', items(links), "</ol>", ad, "</aside>"].join("\n");
  if (layout === "en")
    return [
      '<aside class="most-read"><h3 class="most-read__title">Lo más leído</h3><ol>',
      items(links, "most-read__link"),
      "</ol>",
      ad,
      "</aside>",
    ].join("\n");
  return ["<div><h3>Lo más leído</h3><ol>", items(links), "</ol>", ad, "</div>"].join("\n");
}

/** The footer's link farm: sections' latest articles, as plain links. */
export function footerFarm(layout: FrontPageLayout, links: readonly FurnitureLink[]): string {
  if (links.length === 0) return "";
  if (layout === "es") return `  <div class="ultimas-noticias"><p>Últimas noticias</p><ul>${items(links)}</ul></div>`;
  if (layout === "en") return `  <div class="footer-links">${links.map((l) => a(l, "footer-links__item")).join(" ")}</div>`;
  return `  <div>${links.map((l) => a(l)).join(" · ")}</div>`;
}
