/** Front-page figures (SPEC DER-7) and our collection lag (DER-8). */
export function FrontPage() {
  return (
    <section aria-labelledby="portada">
      <h2 id="portada">Portadas y retraso</h2>
      <p>
        De cada portada guardamos tramos, no fotos: un tramo dura mientras la noticia conserva su orden respecto a las demás, y la posición
        en cada captura se deduce de los tramos abiertos en ese momento. Entre dos capturas suponemos la portada de la anterior. Con ellos
        calculamos, para los últimos 7 días:
      </p>
      <ul>
        <li>
          <strong>Tiempo en portada</strong> de cada noticia: de la primera a la última captura en que la vimos en cada posición (una
          noticia vista en una sola captura cuenta cero).
        </li>
        <li>
          <strong>Mejor posición</strong> y <strong>tiempo de apertura</strong> (en la posición 1).
        </li>
        <li>
          <strong>Vida media de un enlace</strong>: el tiempo tras el cual la mitad de las noticias que entraron en portada entre hace 7
          días y hace 1 día ya habían salido de ella para siempre (de su primera a su última aparición). Las que siguen en portada cuentan
          con su tiempo hasta ahora, que es un mínimo; mientras sean menos de la mitad, la mediana es exacta. Con menos de 10 noticias no la
          damos.
        </li>
      </ul>
      <p>
        <strong>Retraso</strong>: para cada noticia con hora de publicación declarada, el tiempo hasta que la vimos por primera vez en cada
        vía (feed, sitemap, portada). Damos la mediana y el percentil 90 por cabecera y vía en <a href="/estado">Estado</a>.
      </p>
    </section>
  );
}
