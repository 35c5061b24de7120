/** When a figure is not given (SPEC WEB-7, DER-8): the start-up rule and the data each kind of figure needs, from lib/pages/enough-data.ts. */
import { ENOUGH_DATA, START_UP_RULE } from "@/lib/pages/enough-data";
import { formatCount } from "@/lib/pages/format";
import { BIASED_SAMPLE_MAX } from "@/lib/pages/share-sample";

/** The thresholds, as the pages apply them. */
export function EnoughData() {
  return (
    <section aria-labelledby="pocos-datos">
      <h2 id="pocos-datos">Cuándo no damos una cifra</h2>
      <p>
        Una mediana o una proporción calculada sobre muy pocos casos no dice nada de una cabecera. Cuando una cifra no llega al mínimo de su
        tipo, la página dice «aún pocos datos», cuántos casos hay y cuántos hacen falta, en lugar del número.
      </p>
      <ul>
        {Object.values(ENOUGH_DATA).map((t) => (
          <li key={t.figure}>
            {t.figure}: al menos {formatCount(t.min, t.one, t.many)}.
          </li>
        ))}
      </ul>
      <p data-testid="biased-sample">
        <strong>Muestras sesgadas: «no medible».</strong> Una proporción tampoco se da cuando su muestra está sesgada por construcción:
        cuando más del {Math.round(BIASED_SAMPLE_MAX * 100)} % de los casos que cuenta entró en ella sin poder juzgarse igual que los demás.
        Es lo que pasa con los teletipos de una cabecera que reserva la minería de sus textos: sin leer el cuerpo, solo reconocemos las
        piezas firmadas por una agencia, y la proporción saldría cerca del 100 %. La misma regla (una sola, para las páginas, las
        exportaciones y la API) vale para la parte de agencia en su portada, donde lo que no leímos cuenta como propio y la proporción
        saldría hundida. Un día sin capturas, o anterior a que empezáramos a leerla, dice «sin datos», nunca «0 min».
      </p>
      <p>
        <strong>Al empezar a leer una cabecera.</strong> {START_UP_RULE} Empezamos a leerla cuando vemos su primera noticia. La regla vale
        para el retraso de publicación de su ficha, la comparación de <a href="/cabeceras">Cabeceras</a> y nuestro retraso en{" "}
        <a href="/estado">Estado</a>.
      </p>
    </section>
  );
}
