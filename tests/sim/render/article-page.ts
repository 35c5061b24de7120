/**
 * Article pages: canonical link, Open Graph, JSON-LD `NewsArticle`, meta robots,
 * optional TDM reservation, and a body of distinctive sentences. Paywalled bodies
 * still travel in the HTML (inside `.paywall`), as on real sites (SPEC SIG-2).
 */
import type { ArticleText } from "../prose";
import { esc, isoDate, slug } from "./format";
import { renderPage, type ChromeContext } from "./chrome";

/** Everything the article page shows. */
export interface ArticleView {
  canonicalUrl: string;
  headline: string;
  section: { slug: string; name: string };
  authors: string[];
  agency?: string;
  publishedAt: number;
  modifiedAt: number;
  free: boolean;
  tag: string;
  text: ArticleText;
  metaRobots: string;
  tdmMeta: boolean;
}

/** JSON-LD for the article; `</` is escaped so the script element cannot be closed early. */
function jsonLd(ctx: ChromeContext, v: ArticleView, tz?: string): string {
  const data = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: v.headline,
    datePublished: isoDate(v.publishedAt, tz),
    dateModified: isoDate(v.modifiedAt, tz),
    articleSection: v.section.name,
    author: v.authors.map((name) => (name === v.agency ? { "@type": "Organization", name } : { "@type": "Person", name })),
    publisher: { "@type": "NewsMediaOrganization", name: ctx.outlet.name },
    mainEntityOfPage: v.canonicalUrl,
    isAccessibleForFree: v.free,
    ...(v.free ? {} : { hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywall" } }),
  };
  return `<script type="application/ld+json">${JSON.stringify(data).replaceAll("</", "<\\/")}</script>`;
}

/** The article page HTML. */
export function renderArticlePage(ctx: ChromeContext, v: ArticleView): string {
  const tz = ctx.outlet.localTimes ? ctx.outlet.timezone : undefined;
  const head = [
    `<link rel="canonical" href="${esc(v.canonicalUrl)}">`,
    `<meta name="description" content="${esc(v.text.lede)}">`,
    `<meta name="robots" content="${esc(v.metaRobots)}">`,
    v.tdmMeta ? '<meta name="tdm-reservation" content="1">' : "",
    '<meta property="og:type" content="article">',
    `<meta property="og:title" content="${esc(v.headline)}">`,
    `<meta property="og:url" content="${esc(v.canonicalUrl)}">`,
    `<meta property="og:site_name" content="${esc(ctx.outlet.name)}">`,
    `<meta property="article:published_time" content="${isoDate(v.publishedAt, tz)}">`,
    `<meta property="article:modified_time" content="${isoDate(v.modifiedAt, tz)}">`,
    `<meta property="article:section" content="${esc(v.section.name)}">`,
    jsonLd(ctx, v, tz),
  ]
    .filter(Boolean)
    .join("\n");
  const paragraphs = v.text.paragraphs.map((p) => `  <p>${esc(p.join(" "))}</p>`);
  const main = [
    '<main id="contenido">',
    '<article class="articulo">',
    `  <p class="seccion"><a href="/${esc(v.section.slug)}/">${esc(v.section.name)}</a></p>`,
    `  <h1 class="titular">${esc(v.headline)}</h1>`,
    `  <p class="entradilla">${esc(v.text.lede)}</p>`,
    `  <p class="firma">Por ${v.authors.map((a) => `<a href="/autor/${slug(a)}/">${esc(a)}</a>`).join(" y ")} · ` +
      `<time datetime="${isoDate(v.publishedAt, tz)}">${isoDate(v.publishedAt, tz)}</time></p>`,
    v.free
      ? ""
      : '  <div class="aviso-suscriptores">Este contenido es exclusivo para suscriptores. <a href="/suscripcion">Suscríbete</a></div>',
    `  <div class="cuerpo${v.free ? "" : " paywall"}">`,
    ...paragraphs,
    "  </div>",
    `  <ul class="etiquetas"><li><a href="/tag/${slug(v.tag)}/">${esc(v.tag)}</a></li></ul>`,
    "</article>",
    "</main>",
  ]
    .filter(Boolean)
    .join("\n");
  return renderPage(ctx, { title: `${v.headline} | ${ctx.outlet.name}`, head, main, bodyClass: "noticia" });
}
