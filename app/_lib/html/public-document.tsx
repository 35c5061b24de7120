/** The whole document of a public page written as static markup: the head Next.js would write, and the site frame. */
import type { ReactNode } from "react";
import { SiteChrome } from "@/app/_components/site-chrome";
import { ICON, SITE_DESCRIPTION, STYLESHEET_HREF, THEME_COLORS, pageTitle } from "@/lib/pages/site-head";

/** What a page gives its document: its title (the site's name alone when absent), description and content. */
export interface DocumentParts {
  title?: string;
  description?: string;
  body: ReactNode;
}

/** `<html lang="es">` with the page's head and its content inside the site frame. */
export function PublicDocument({ pathname, title, description, body }: DocumentParts & { pathname: string }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="stylesheet" href={STYLESHEET_HREF} />
        {THEME_COLORS.map((c) => (
          <meta key={c.media} name="theme-color" content={c.color} media={c.media} />
        ))}
        <title>{pageTitle(title)}</title>
        <meta name="description" content={description ?? SITE_DESCRIPTION} />
        <link rel="icon" href={ICON.url} type={ICON.type} />
      </head>
      <body>
        <SiteChrome pathname={pathname}>{body}</SiteChrome>
      </body>
    </html>
  );
}
