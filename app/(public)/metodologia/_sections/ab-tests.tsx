/** The A/B test rule (SPEC DER-6). */
import { TEST_OVERLAP_MS } from "@/lib/analysis/ab-tests";

/** How tests are told from rewrites, and what we cannot see. */
export function AbTests() {
  const minutes = TEST_OVERLAP_MS / 60_000;
  return (
    <section aria-labelledby="pruebas-ab">
      <h2 id="pruebas-ab">Pruebas A/B y reescrituras</h2>
      <p>
        Cuando el titular de una noticia cambia, puede ser una reescritura (el nuevo sustituye al anterior para siempre) o una prueba A/B
        (el medio alterna varios titulares para ver cuál funciona mejor). De cada versión guardamos cuándo la vimos por primera y por última
        vez y dónde (feed, sitemap, portada, página de la noticia), no cada vez que la vimos. Por eso:
      </p>
      <ul>
        <li>
          Dos versiones de una noticia forman parte de una <strong>prueba A/B</strong> si se vieron en un mismo sitio y la anterior se
          volvió a ver allí después de que apareciera la nueva: o se siguió viendo más de {minutes} minutos después de que apareciera la
          nueva, o se vio después de la última vez que vimos la nueva. Es decir, el titular volvió (A→B→A) o se alternaban. Las versiones
          unidas así, directamente o a través de otras, cuentan como una sola prueba.
        </li>
        <li>
          Cualquier otra versión posterior a la primera es una <strong>reescritura</strong>.
        </li>
      </ul>
      <p>
        Exigimos un mismo sitio porque muchos medios usan a la vez un titular en el feed y otro en la portada, y eso no es una prueba.
        Nuestro ritmo de lectura no puede crear un solapamiento en una reescritura (la última vez que vemos el titular viejo es anterior al
        cambio y la primera que vemos el nuevo, posterior); solo puede crearlo el medio, si sigue sirviendo el titular viejo en un sitio
        cuando el nuevo ya aparece en otro (copias en caché del feed o de la portada). Los {minutes} minutos cubren cachés de hasta un
        cuarto de hora.
      </p>
      <p>
        Lo comprobamos con la web simulada con la que probamos el rastreador, que sabe qué noticias hacen pruebas A/B: tras unas cuatro
        horas simuladas de rastreo, ninguna reescritura se contó como prueba y se encontraron entre el 99 y el 100 % de las pruebas cuyo
        titular volvió mientras mirábamos; del total de pruebas en curso se encontraron cuatro de cada cinco, porque muchas solo habían
        cambiado una vez (<code>npm run bench -- analysis</code>).
      </p>
      <p>
        Límites: una prueba más rápida que nuestras capturas no la vemos, y una prueba que de momento solo ha cambiado una vez (A→B) parece
        una reescritura hasta que el titular vuelve; una versión vista en dos sitios puede solaparse con la siguiente solo por el retraso
        del más lento y contar como prueba; y un medio que tarda más de {minutes} minutos en actualizar su feed puede parecer que prueba
        titulares. Contamos pruebas y reescrituras de las noticias vistas por primera vez en el periodo que indica cada ficha.
      </p>
    </section>
  );
}
