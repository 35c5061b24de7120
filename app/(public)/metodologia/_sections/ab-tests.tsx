/** The A/B test rule (SPEC DER-6). */
import { TEST_OVERLAP_MS } from "@/lib/analysis/ab-tests";

/** How tests are told from rewrites, and what we cannot see. */
export function AbTests() {
  const minutes = TEST_OVERLAP_MS / 60_000;
  return (
    <section aria-labelledby="pruebas-ab">
      <h2 id="pruebas-ab">Pruebas A/B y reescrituras</h2>
      <p>
        Cuando el titular de una noticia cambia, puede ser una reescritura (el nuevo sustituye al anterior para siempre) o una
        prueba A/B (el medio alterna varios titulares para ver cuál funciona mejor). De cada versión guardamos cuándo la vimos
        por primera y por última vez y dónde (feed, sitemap, portada, página de la noticia), no cada vez que la vimos. Por eso:
      </p>
      <ul>
        <li>
          Dos versiones de una noticia forman parte de una <strong>prueba A/B</strong> si se vieron en un mismo sitio y la
          anterior se siguió viendo allí más de {minutes} minutos después de que apareciera la nueva: el titular volvió
          (A→B→A) o se alternaban. Las versiones unidas así, directamente o a través de otras, cuentan como una sola prueba.
        </li>
        <li>Cualquier otra versión posterior a la primera es una <strong>reescritura</strong>.</li>
      </ul>
      <p>
        Exigimos un mismo sitio porque muchos medios usan a la vez un titular en el feed y otro en la portada, y eso no es una
        prueba. Los {minutes} minutos cubren el desfase entre sitios que leemos a horas distintas (feeds cada 10 minutos,
        sitemaps cada 15, portadas cada 15 a 60).
      </p>
      <p>
        Límites: una prueba más rápida que nuestras capturas no la vemos; una versión vista en dos sitios puede solaparse con
        la siguiente solo por el retraso del más lento y contar como prueba; y un medio que tarda más de {minutes} minutos en
        actualizar su feed puede parecer que prueba titulares. Contamos pruebas y reescrituras de las noticias vistas por
        primera vez en el periodo que indica cada ficha.
      </p>
    </section>
  );
}
