/**
 * The Spanish 404 page for addresses no route matches (next.config.ts `globalNotFound`), a
 * whole document: the root layout does not wrap it. The front door also serves it in place of
 * Next.js's script-only answer to a page's `notFound()` (lib/front-door/page-cache/not-found-shell.ts).
 */
import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import { NotFoundContent } from "./_components/not-found-content";
import { SiteChrome } from "./_components/site-chrome";
import { metadata as rootMetadata, viewport as rootViewport } from "./layout";
import { STYLESHEET_HREF } from "@/lib/pages/site-head";

/** The root layout's metadata with this page's title (its template does not apply here). */
export const metadata: Metadata = { ...rootMetadata, title: "Página no encontrada · Hemeroscopio" };
export const viewport: Viewport = rootViewport;

/** 404 inside the site frame; rendered per request so the footer shows the live contacts. */
export default async function GlobalNotFound() {
  await connection();
  return (
    <html lang="es">
      <head>
        <link rel="stylesheet" href={STYLESHEET_HREF} />
      </head>
      <body>
        <SiteChrome>
          <NotFoundContent />
        </SiteChrome>
      </body>
    </html>
  );
}
