/** When a figure is not given (SPEC WEB-7, DER-8): the start-up rule and the data each kind of figure needs, from lib/pages/enough-data.ts. */
import { ENOUGH_DATA, START_UP_RULE } from "@/lib/pages/enough-data";
import { formatCount } from "@/lib/pages/format";

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
      <p>
        <strong>Al empezar a leer una cabecera.</strong> {START_UP_RULE} Empezamos a leerla cuando vemos su primera noticia. La regla vale
        para el retraso de publicación de su ficha, la comparación de <a href="/cabeceras">Cabeceras</a> y nuestro retraso en{" "}
        <a href="/estado">Estado</a>.
      </p>
    </section>
  );
}
