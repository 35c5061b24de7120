/**
 * The page frame every HTML page shares: header with section navigation, login and
 * cart links, an ad, and a footer of legal and social links. These are the links a
 * front-page extractor must ignore (SPEC EXT-3) and a polite crawler must not
 * follow (SPEC POL-3).
 */
import type { SimOutlet } from "../outlets";
import { NEWS_SECTIONS, OPINION } from "../vocabulary";
import { esc } from "./format";

/** What the frame needs to know. */
export interface ChromeContext {
  outlet: SimOutlet;
  /** Main feed URL, announced for discovery (SPEC CFG-2). */
  feedUrl: string;
  /** Home page of another outlet, an off-site link. */
  neighbourUrl?: string;
}

/** The parts of one page. */
export interface PageParts {
  title: string;
  /** Extra `<head>` markup (canonical, meta, JSON-LD). */
  head?: string;
  main: string;
  bodyClass?: string;
  /** Extra markup at the end of the header (a breaking-news ticker). */
  headerExtra?: string;
  /** Extra markup at the start of the footer (a link farm). */
  footerExtra?: string;
}

/** An off-site ad, as newspapers carry them: sponsored, tracked, nofollow. */
export function adBlock(slot: string, outlet: SimOutlet): string {
  return (
    `<div class="ad ad-${esc(slot)}"><span class="ad-label">Publicidad</span>` +
    `<a href="https://anuncios.example/clic?medio=${esc(outlet.slug)}&amp;hueco=${esc(slot)}" rel="sponsored nofollow" target="_blank">` +
    `<img src="https://anuncios.example/banner/${esc(slot)}.gif" alt="Anuncio" width="728" height="90"></a></div>`
  );
}

function header(ctx: ChromeContext, extra?: string): string {
  const sections = [...NEWS_SECTIONS.map((v) => v.section), OPINION];
  return [
    '<header class="cabecera">',
    `  <a class="logo" href="/"><span>${esc(ctx.outlet.name)}</span></a>`,
    '  <nav class="menu-principal" aria-label="Secciones"><ul>',
    ...sections.map((s) => `    <li><a href="/${s.slug}/">${esc(s.name)}</a></li>`),
    "  </ul></nav>",
    '  <div class="usuario">',
    '    <a href="/login" rel="nofollow">Iniciar sesión</a>',
    '    <a href="/suscripcion" class="boton">Suscríbete</a>',
    '    <a href="/carrito" rel="nofollow">Carrito</a>',
    "  </div>",
    '  <form class="buscador" action="/buscar" method="get"><input type="search" name="q" aria-label="Buscar"><button>Buscar</button></form>',
    extra ?? "",
    "</header>",
  ]
    .filter(Boolean)
    .join("\n");
}

function footer(ctx: ChromeContext, extra?: string): string {
  const { outlet } = ctx;
  return [
    '<footer class="pie">',
    extra ?? "",
    '  <nav aria-label="Legal"><ul>',
    '    <li><a href="/aviso-legal">Aviso legal</a></li>',
    '    <li><a href="/privacidad">Política de privacidad</a></li>',
    '    <li><a href="/cookies">Cookies</a></li>',
    '    <li><a href="/contacto">Contacto</a></li>',
    "  </ul></nav>",
    '  <ul class="redes">',
    `    <li><a href="https://redsocial.example/${esc(outlet.slug)}" rel="noopener">Síguenos</a></li>`,
    `    <li><a href="https://videos.example/c/${esc(outlet.slug)}" rel="noopener">Vídeos</a></li>`,
    "  </ul>",
    ctx.neighbourUrl ? `  <p class="grupo">Otros medios del grupo: <a href="${esc(ctx.neighbourUrl)}">un diario amigo</a></p>` : "",
    `  <p>© ${esc(outlet.name)}. Todos los derechos reservados.</p>`,
    "</footer>",
  ].join("\n");
}

/** A complete HTML document in the outlet's frame. */
export function renderPage(ctx: ChromeContext, parts: PageParts): string {
  return [
    "<!DOCTYPE html>",
    '<html lang="es">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(parts.title)}</title>`,
    `<link rel="alternate" type="application/${ctx.outlet.feedFormat}+xml" title="${esc(ctx.outlet.name)}" href="${esc(ctx.feedUrl)}">`,
    '<link rel="stylesheet" href="/static/estilos.css">',
    parts.head ?? "",
    "</head>",
    `<body class="${esc(parts.bodyClass ?? "")}">`,
    header(ctx, parts.headerExtra),
    adBlock("cabecera", ctx.outlet),
    parts.main,
    footer(ctx, parts.footerExtra),
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
