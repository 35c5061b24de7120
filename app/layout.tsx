/** The root document: Spanish, one stylesheet, no external fonts or scripts (SPEC WEB-4). */
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import "./globals.css";

/** Default title and description; each page sets its own title through the template. */
export const metadata: Metadata = {
  title: { default: "Hemeroscopio", template: "%s · Hemeroscopio" },
  description: "Observatorio de los medios españoles: qué publican, con qué titular en cada momento y dónde lo colocan en portada.",
  // Static files live in public/ and are served from the root.
  icons: { icon: { url: "/icon.svg", type: "image/svg+xml" } },
};

/** Responsive viewport; the light and dark palettes follow the reader's system. */
export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fbfaf7" },
    { media: "(prefers-color-scheme: dark)", color: "#141619" },
  ],
};

/** The `<html lang="es">` shell shared by every page. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="es">
      <body>{children}</body>
    </html>
  );
}
