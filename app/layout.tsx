/** The root document: Spanish, one stylesheet, no external fonts or scripts (SPEC WEB-4). */
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { ICON, SITE_DESCRIPTION, SITE_NAME, STYLESHEET_HREF, THEME_COLORS } from "@/lib/pages/site-head";

/** Default title and description; each page sets its own title through the template. */
export const metadata: Metadata = {
  title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
  description: SITE_DESCRIPTION,
  // Static files live in public/ and are served from the root.
  icons: { icon: { ...ICON } },
};

/** Responsive viewport; the light and dark palettes follow the reader's system. */
export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: THEME_COLORS.map((c) => ({ ...c })),
};

/** The `<html lang="es">` shell shared by every page Next.js renders. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="es">
      <head>
        <link rel="stylesheet" href={STYLESHEET_HREF} />
      </head>
      <body>{children}</body>
    </html>
  );
}
