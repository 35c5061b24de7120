"use client";
/** Last-resort error page when even the site frame fails; it brings its own document. */
import { STYLESHEET_HREF } from "@/lib/pages/site-head";

/** Minimal Spanish "temporarily unavailable" document. */
export default function GlobalError() {
  return (
    <html lang="es">
      <head>
        <link rel="stylesheet" href={STYLESHEET_HREF} />
      </head>
      <body>
        <main id="contenido">
          <div className="prose">
            <title>Servicio no disponible · Hemeroscopio</title>
            <p className="eyebrow">Hemeroscopio</p>
            <h1>Servicio no disponible temporalmente</h1>
            <p className="lead">Estamos teniendo un problema técnico. Vuelve a intentarlo en unos minutos.</p>
            <p>
              <a href="/">Ir al inicio</a>
            </p>
          </div>
        </main>
      </body>
    </html>
  );
}
