/** The Spanish 404 page, for unknown addresses and for `notFound()` anywhere in the site. */
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { SiteChrome } from "./_components/site-chrome";

/** Page title. */
export const metadata: Metadata = { title: "Página no encontrada" };

/** 404 inside the site frame; rendered per request so the footer shows the live contacts. */
export default async function NotFound() {
  await connection();
  return (
    <SiteChrome>
      <div className="prose">
        <p className="eyebrow">Error 404</p>
        <h1>Página no encontrada</h1>
        <p className="lead">
          No hay ninguna página en esta dirección. Puede que el enlace esté mal escrito o que la página se haya movido.
        </p>
        <ul>
          <li>
            <Link href="/" prefetch={false}>
              Volver al inicio
            </Link>
          </li>
          <li>
            <Link href="/cabeceras" prefetch={false}>
              Ver las cabeceras que seguimos
            </Link>
          </li>
          <li>
            <Link href="/correcciones" prefetch={false}>
              Consultar las correcciones
            </Link>
            , por si la página cambió de sitio
          </li>
        </ul>
      </div>
    </SiteChrome>
  );
}
