/**
 * A front page's teasers in three markups: Spanish class names, English class names (a card
 * whose one link wraps image, kicker and title) and no class names at all. Each carries its
 * title and, depending on the article, a kicker (antetítulo) and a "Directo" label, placed
 * where real sites put them; the title is what a reader takes for the headline.
 */
import type { FrontPageLayout } from "../front-page-furniture";
import { esc, slug } from "./format";

/** One article slot as the renderer needs it. */
export interface FrontPageLink {
  url: string;
  headline: string;
  authors: string[];
  tag: string;
  imageId: string;
  opinion: boolean;
  /** The antetítulo above the title (a place, "Exclusiva", a section). */
  kicker?: string;
  /** A "Directo" / "Última hora" label before the title. */
  live?: string;
}

/** How prominent a teaser is. */
export interface TeaserStyle {
  level: "h2" | "h3";
  image: boolean;
  lead: boolean;
}

const byline = (link: FrontPageLink, cls: string) =>
  `  <p${cls}>${link.authors.map((a) => `<a href="/autor/${slug(a)}/">${esc(a)}</a>`).join(" y ")}</p>`;

function spanish(link: FrontPageLink, s: TeaserStyle, below: string): string {
  const classes = ["noticia", s.lead ? "noticia--apertura" : "", link.opinion ? "noticia--opinion" : ""].filter(Boolean).join(" ");
  // The label sits in the heading, before the link; the kicker is a paragraph above it.
  const label = link.live ? `<span class="directo">${esc(link.live)}</span> ` : "";
  return [
    `<article class="${classes}">`,
    s.image
      ? `  <a class="foto" href="${esc(link.url)}"><img src="/img/${esc(link.imageId)}.jpg" alt="" width="640" height="360"></a>`
      : "",
    link.kicker ? `  <p class="antetitulo">${esc(link.kicker)}</p>` : "",
    `  <${s.level} class="titular">${label}<a href="${esc(link.url)}">${esc(link.headline)}</a></${s.level}>`,
    byline(link, ' class="firma"'),
    `  <ul class="etiquetas"><li><a href="/tag/${slug(link.tag)}/">${esc(link.tag)}</a></li></ul>`,
    below,
    "</article>",
  ]
    .filter(Boolean)
    .join("\n");
}

function english(link: FrontPageLink, s: TeaserStyle, below: string): string {
  // One link wraps the whole card: image, label, kicker and title.
  const classes = ["card", s.lead ? "card--lead" : "", link.opinion ? "card--opinion" : ""].filter(Boolean).join(" ");
  return [
    `<div class="${classes}">`,
    `  <a class="card__link" href="${esc(link.url)}">`,
    s.image ? `    <div class="card__media"><img src="/img/${esc(link.imageId)}.jpg" alt="" width="640" height="360"></div>` : "",
    '    <div class="card__text">',
    link.live ? `      <span class="card__live">${esc(link.live)}</span>` : "",
    link.kicker ? `      <span class="card__kicker">${esc(link.kicker)}</span>` : "",
    `      <${s.level} class="card__headline">${esc(link.headline)}</${s.level}>`,
    "    </div>",
    "  </a>",
    byline(link, ' class="card__byline"'),
    below,
    "</div>",
  ]
    .filter(Boolean)
    .join("\n");
}

function bare(link: FrontPageLink, s: TeaserStyle, below: string): string {
  // No class names: a kicker in a span above the heading, a label as the heading link's first child.
  const inner = link.live ? `<span>${esc(link.live)}</span> <span>${esc(link.headline)}</span>` : esc(link.headline);
  return [
    "<div>",
    s.image ? `  <a href="${esc(link.url)}"><img src="/img/${esc(link.imageId)}.jpg" alt="" width="640" height="360"></a>` : "",
    link.kicker ? `  <span>${esc(link.kicker)}</span>` : "",
    `  <${s.level}><a href="${esc(link.url)}">${inner}</a></${s.level}>`,
    byline(link, ""),
    below,
    "</div>",
  ]
    .filter(Boolean)
    .join("\n");
}

/** One teaser in the layout's markup; `below` is markup inside it after the byline (related links). */
export function teaser(layout: FrontPageLayout | "plain", link: FrontPageLink, s: TeaserStyle, below = ""): string {
  if (layout === "en") return english(link, s, below);
  if (layout === "bare") return bare(link, s, below);
  return spanish(layout === "plain" ? { ...link, kicker: undefined, live: undefined } : link, s, below);
}
