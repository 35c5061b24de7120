/** "Horas": which clock every time on the site is on (SPEC WEB-7), the one rule stated once. */
import { SITE_TIME_ZONE, zoneLabel } from "@/lib/pages/time-zone";

/** The time-zone rule of the public pages. */
export function Times() {
  return (
    <section aria-labelledby="horas">
      <h2 id="horas">Horas</h2>
      <p data-testid="time-rule">
        Las páginas de una cabecera y de cada una de sus noticias dan las horas en la hora de esa cabecera: {zoneLabel(SITE_TIME_ZONE)} para
        las de la península, Baleares, Ceuta y Melilla, y {zoneLabel("Atlantic/Canary")} (una hora menos) para las de Canarias, que fijan su
        ritmo y su noche con ella. Las páginas que reúnen varias cabeceras (la portada de este sitio, las historias, la búsqueda, el estado
        y los registros de editores y réplicas) dan todas las horas en {zoneLabel(SITE_TIME_ZONE)}. Cada página dice en qué hora están sus
        horas. Las descargas y la API dan las horas en UTC.
      </p>
    </section>
  );
}
