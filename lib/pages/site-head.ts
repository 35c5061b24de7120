/**
 * What every page's `<head>` says, in one place: Next.js's metadata for the pages it renders
 * (app/layout.tsx) and the documents the public pages write themselves (app/_lib/html/).
 */

/** The site's name, the default title and the end of every page's title. */
export const SITE_NAME = "Hemeroscopio";

/** The default description. */
export const SITE_DESCRIPTION =
  "Observatorio de los medios españoles: qué publican, con qué titular en cada momento y dónde lo colocan en portada.";

/** The one stylesheet, a static file (public/estilo.css). */
export const STYLESHEET_HREF = "/estilo.css";

/** The icon, a static file (public/icon.svg). */
export const ICON = { url: "/icon.svg", type: "image/svg+xml" } as const;

/** The browser's bar colour, following the reader's light or dark palette. */
export const THEME_COLORS = [
  { media: "(prefers-color-scheme: light)", color: "#fbfaf7" },
  { media: "(prefers-color-scheme: dark)", color: "#141619" },
] as const;

/** A page's title as the browser shows it: "Cabeceras · Hemeroscopio", or the site's name alone. */
export function pageTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}
