/**
 * "Fidelidad": what a front-page position is and how well our reading of front pages matches
 * real home pages (SPEC EXT-3, STO-1), with the figures `npm run bench -- replay` and
 * `npm run bench -- fidelity` print (docs/positions.md, docs/benchmarks.md).
 */

/** Replay figures as last measured (2026-12-05); the bench prints them again from the files. */
const REPLAY = [
  { outlet: "zeit.de", captures: 37, lead: "8 de 8", overlap: "1,00", titles: "80 de 80" },
  { outlet: "heise.de", captures: 44, lead: "8 de 8", overlap: "1,00", titles: "80 de 80" },
  { outlet: "faz.net", captures: 16, lead: "8 de 8", overlap: "0,99", titles: "80 de 80" },
  { outlet: "t-online.de", captures: 14, lead: "8 de 8", overlap: "1,00", titles: "80 de 80" },
  { outlet: "sueddeutsche.de", captures: 13, lead: "8 de 8", overlap: "0,90", titles: "72 de 72" },
] as const;

export function Fidelity() {
  return (
    <section aria-labelledby="fidelidad">
      <h2 id="fidelidad">Fidelidad</h2>
      <p>
        <strong>Qué es una posición.</strong> Una posición en portada es una pieza: lo que el lector ve de una noticia, con su título y,
        alrededor, el antetítulo, la foto, la entradilla, la firma, los comentarios y a veces enlaces relacionados. Todos los enlaces de una
        noticia dentro de su pieza cuentan como una sola posición, en el lugar de la pieza; si la noticia vuelve a aparecer más abajo, no
        cambia de sitio. El titular que guardamos es el título de la pieza, nunca el antetítulo, la sección, la firma ni etiquetas como
        «Directo» o «Última hora».
      </p>
      <p>
        <strong>Qué no entra en la clasificación.</strong> Las tiras de temas o de enlaces para buscadores, las listas de titulares sueltos
        en una columna, los enlaces relacionados bajo una pieza, los enlaces dentro de una entradilla, los «más leídos», el pie y una línea
        suelta de última hora sobre la portada cuya noticia tiene su propia pieza más abajo. No les damos una zona propia: los dejamos fuera
        de la clasificación (contamos que la noticia apareció en portada, sin posición), así que nunca son la apertura. La apertura, la
        prominencia, la portada en un minuto pasado, las aperturas del día y los silencios leen solo la clasificación principal. Las
        portadas hechas de listas de enlaces, sin piezas con título marcado, se leen enlace a enlace.
      </p>
      <p>
        <strong>Lo que se ve en pantalla.</strong> Las portadas que leemos con un navegador (a 1280 × 900 píxeles) nos dan, además del orden
        del código, dónde aparece cada pieza. Ese lugar solo corrige el orden cuando la diferencia es clara: una pieza que empieza al menos
        dos pantallas (1.800 píxeles) por debajo de la mayoría de las diez que la siguen en el código baja hasta donde se ve, detrás de la
        última pieza que queda por encima de ella; y una pieza visible sin desplazarse cuyo título es al menos un 25 % más grande que el de
        la primera pasa a ser la apertura. Una caja suelta muy por encima del resto (una barra fija, una promoción) no sube por sí sola.
        Como nuestro navegador solo descarga la página, sin sus hojas de estilo, muchas portadas se dibujan sin diseño; por eso solo usamos
        estas reglas cuando la primera pantalla muestra al menos siete títulos. Probadas sobre 91 portadas reales guardadas, una versión que
        ordenaba por altura estropeaba aperturas en portadas sin diseño, y la descartamos.
      </p>
      <p>
        <strong>Cómo lo medimos.</strong> Reproducimos 124 capturas reales de cinco portadas alemanas tomadas por un archivo público entre
        el 28 y el 30 de enero de 2022, una cada 20 a 45 minutos, por todo nuestro sistema (lectura, registro y tramos) con el reloj de cada
        captura, y leemos lo guardado como lo leen nuestras páginas. En 8 capturas por portada, de día y de noche, anotamos a mano las 10
        primeras piezas y su título. Medido el 5 de diciembre de 2026 con <code>npm run bench -- replay</code>:
      </p>
      <div className="table-wrap">
        <table className="data-table">
          <caption className="hint">Reproducción de portadas reales: 8 capturas anotadas a mano por portada</caption>
          <thead>
            <tr>
              <th scope="col">Portada (capturas)</th>
              <th scope="col">Apertura correcta</th>
              <th scope="col">Coincidencia de las 10 primeras</th>
              <th scope="col">Titular = título</th>
            </tr>
          </thead>
          <tbody>
            {REPLAY.map((r) => (
              <tr key={r.outlet}>
                <td>
                  {r.outlet} ({r.captures})
                </td>
                <td>{r.lead}</td>
                <td>{r.overlap}</td>
                <td>{r.titles}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        En las cinco, los tramos guardados devuelven exactamente la clasificación de cada captura, cuánto estuvo cada noticia en portada y
        cuándo la vimos por primera vez. La línea de última hora de t-online.de («+Eil+») ya no sale como apertura: antes lo hacía en las
        dos capturas que la muestran. Fallo que conocemos: una línea así cuya noticia no tiene pieza propia en la portada aún sale como
        apertura mientras está puesta. Con <code>npm run bench -- fidelity</code>, sobre 32 portadas sueltas de 19 medios (11 en español),
        30 cumplen las tres comprobaciones.
      </p>
    </section>
  );
}
