/**
 * The public sections of the site (SPEC WEB-1), in navigation order. The header, the
 * home page and the sitemap all read this list, so a section is added in one place.
 */

/** A public section: its path, its navigation label, one line on what it holds. */
export interface SiteSection {
  href: `/${string}`;
  label: string;
  summary: string;
  /** `building` sections show an honest "en construcción" notice for now. */
  status: "ready" | "building";
}

/** Every public section of WEB-1, in the order the navigation shows them. */
export const siteSections: readonly SiteSection[] = [
  { href: "/", label: "Inicio", summary: "Qué es Hemeroscopio y qué medimos.", status: "ready" },
  { href: "/cabeceras", label: "Cabeceras", summary: "Los medios que seguimos, con su ficha.", status: "ready" },
  { href: "/historias", label: "Historias", summary: "La misma noticia contada por varias cabeceras.", status: "ready" },
  { href: "/buscar", label: "Buscar", summary: "Búsqueda en los titulares registrados.", status: "ready" },
  { href: "/estado", label: "Estado", summary: "Cómo está funcionando la recogida, cabecera a cabecera.", status: "ready" },
  { href: "/bot", label: "El bot", summary: "Qué lee nuestro rastreador, cuándo y qué guarda.", status: "ready" },
  { href: "/metodologia", label: "Metodología", summary: "Cómo calculamos cada cifra derivada, con sus umbrales y límites.", status: "ready" },
  { href: "/editores", label: "Editores", summary: "Exclusiones y su registro público.", status: "ready" },
  { href: "/replicas", label: "Réplicas", summary: "Las respuestas de las cabeceras, íntegras.", status: "ready" },
  { href: "/privacidad", label: "Privacidad", summary: "Qué datos guardamos y cuáles nunca.", status: "ready" },
  { href: "/correcciones", label: "Correcciones", summary: "Registro fechado de nuestros cambios y errores.", status: "ready" },
  { href: "/quienes-somos", label: "Quiénes somos", summary: "Quién hace esto y cómo contactarnos.", status: "ready" },
];

/** True when `pathname` is `href` or a page below it (the home page matches only itself). */
export function isCurrentSection(href: string, pathname: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}
