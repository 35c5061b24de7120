/**
 * The public pages of the site (SPEC WEB-1): the sections in navigation order, and the
 * pages outside the navigation. The header, the home page, the sitemap and the front
 * door's page cache all read these lists, so a page is added in one place.
 */
import { QUERY_PARAMS } from "./attention";

/**
 * What the front door's page cache may keep of a page (lib/front-door/page-cache/cacheable.ts):
 * the page itself, the pages one level below it (`/cabeceras/[slug]`), both, or nothing
 * (pages with forms: each reader gets a fresh form token).
 */
export type Caching = "page" | "details" | "page-and-details" | "never";

/** A public page and how it is cached. */
export interface PublicPage {
  href: `/${string}`;
  caching: Caching;
  /**
   * The query parameters the page reads. The page cache keys a kept page on these alone and
   * drops any other from the request, so an invented parameter neither renders again nor
   * evicts real pages. None listed: the page reads no query.
   */
  params?: readonly string[];
  /** The query parameters its detail pages (`/cabeceras/[slug]`) read, kept the same way. */
  detailParams?: readonly string[];
}

/** A public section: its path, its navigation label, one line on what it holds. */
export interface SiteSection extends PublicPage {
  label: string;
  summary: string;
}

/** Every public section of WEB-1, in the order the navigation shows them. */
export const siteSections: readonly SiteSection[] = [
  { href: "/", label: "Inicio", summary: "Qué es Hemeroscopio y qué medimos.", caching: "page", params: ["grupo"] },
  {
    href: "/cabeceras",
    label: "Cabeceras",
    summary: "Los medios que seguimos, comparados, con su ficha.",
    caching: "page-and-details",
    params: ["orden", "pagina", "grupo"],
    detailParams: ["desde", "hasta"],
  },
  {
    href: "/historias",
    label: "Historias",
    summary: "La misma noticia contada por varias cabeceras.",
    caching: "page-and-details",
    params: ["pagina", "orden"],
  },
  {
    href: "/portadas",
    label: "Portadas",
    summary: "Las portadas de cualquier momento: lado a lado y hora a hora.",
    caching: "page",
    params: ["en", "cabeceras"],
  },
  {
    href: "/buscar",
    label: "Buscar",
    summary: "Búsqueda en los titulares registrados.",
    caching: "page",
    // q2–q4: the searches charted beside the first (lib/pages/attention.ts).
    params: [...QUERY_PARAMS, "cabecera", "grupo", "desde", "hasta", "seccion", "pagina"],
  },
  {
    href: "/estado",
    label: "Estado",
    summary: "Cómo está funcionando la recogida, cabecera a cabecera.",
    caching: "page",
    params: ["cabeceras", "retraso", "ritmo", "pagina"],
  },
  { href: "/bot", label: "El bot", summary: "Qué lee nuestro rastreador, cuándo y qué guarda.", caching: "page" },
  {
    href: "/metodologia",
    label: "Metodología",
    summary: "Cómo calculamos cada cifra derivada, con sus umbrales y límites.",
    caching: "page",
  },
  { href: "/editores", label: "Editores", summary: "Exclusiones y su registro público.", caching: "never" },
  { href: "/replicas", label: "Réplicas", summary: "Las respuestas de las cabeceras, íntegras.", caching: "never" },
  { href: "/privacidad", label: "Privacidad", summary: "Qué datos guardamos y cuáles nunca.", caching: "never" },
  {
    href: "/correcciones",
    label: "Correcciones",
    summary: "Registro fechado de nuestros cambios y errores.",
    caching: "page",
    params: ["pagina"],
  },
  { href: "/quienes-somos", label: "Quiénes somos", summary: "Quién hace esto y cómo contactarnos.", caching: "page" },
];

/** Public pages outside the navigation (linked from other pages and the footer). */
export const otherPublicPages: readonly PublicPage[] = [
  { href: "/noticias", caching: "details" },
  { href: "/datos", caching: "page" },
  { href: "/datos/volcados", caching: "page" },
  { href: "/portadas/dia", caching: "page", params: ["fecha", "pagina", "grupo"] },
  { href: "/alertas", caching: "page", params: ["tipo", "q", "medios", "medio", "puesto", "horas"] },
  { href: "/robots", caching: "page" },
];

/**
 * Pages below each detail page of a list, one bracketed segment standing for any detail
 * (`/cabeceras/[slug]/portada`): kept by the page cache like a page, keyed on their params.
 */
export const detailSubpages: readonly PublicPage[] = [{ href: "/cabeceras/[slug]/portada", caching: "page", params: ["en"] }];

/** Atom feeds (SPEC WEB-6), kept by the page cache like pages; a story's feed is a detail of /historias. */
export const feeds: readonly PublicPage[] = [
  { href: "/buscar.atom", caching: "page", params: ["q", "cabecera"] },
  { href: "/cabeceras/[slug]/cambios.atom", caching: "page" },
  { href: "/alertas/puestos.atom", caching: "page", params: ["q", "medios", "medio", "puesto"] },
  { href: "/alertas/reescrituras.atom", caching: "page", params: ["medios", "medio", "horas"] },
  { href: "/historias/[id]/cambios.atom", caching: "page" },
];

/** Charts as standalone SVG (SPEC WEB-6), kept by the page cache like pages, keyed on their chart and period. */
export const embeds: readonly PublicPage[] = [
  { href: "/cabeceras/[slug]/grafico.svg", caching: "page", params: ["tipo", "desde", "hasta"] },
  { href: "/noticias/[id]/grafico.svg", caching: "page" },
  { href: "/historias/[id]/grafico.svg", caching: "page" },
];

/** True when `pathname` is `href` or a page below it (the home page matches only itself). */
export function isCurrentSection(href: string, pathname: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
