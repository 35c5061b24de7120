"use client";
/**
 * Shown inside the site frame when a public page fails unexpectedly. Error boundaries
 * are client components and render only in the browser; the expected failure (database
 * unreachable) is handled on the server by `readSiteData`, so it reads without JavaScript.
 */
import { usePathname } from "next/navigation";
import { useEffect } from "react";

/** "Servicio no disponible temporalmente", with a retry button and a plain reload link. */
export default function PublicError({ error, retry }: { error: unknown; retry: () => void }) {
  const pathname = usePathname() ?? "/";
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="prose">
      <p className="eyebrow">Servicio no disponible</p>
      <h1>Servicio no disponible temporalmente</h1>
      <p className="lead">
        No hemos podido consultar nuestros datos en este momento. Suele deberse a una parada breve de la base de datos y se resuelve solo en
        unos minutos.
      </p>
      <p>
        <button type="button" className="button" onClick={() => retry()}>
          Reintentar
        </button>{" "}
        <a href={pathname}>Volver a cargar la página</a>
      </p>
    </div>
  );
}
