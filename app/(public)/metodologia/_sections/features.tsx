/** Headline features and the clickbait list (SPEC DER-1). */
import { CLICKBAIT_PATTERNS } from "@/lib/analysis/clickbait";
import { CLICKBAIT_MEASURED } from "@/lib/analysis/clickbait-measured";
import { formatNumber } from "@/lib/pages/format";

const percent = (x: number) => `${formatNumber(Math.round(x * 1000) / 10)} %`;

/** What each feature counts, and the documented clickbait list. */
export function Features() {
  return (
    <>
      <section aria-labelledby="rasgos">
        <h2 id="rasgos">Rasgos del titular</h2>
        <p>
          De cada versión distinta de un titular calculamos, una sola vez y guardados junto a la huella SHA-256 del texto (no junto a la
          cabecera), estos rasgos:
        </p>
        <dl className="facts">
          <dt>Caracteres</dt>
          <dd>Caracteres del titular tras unificar espacios (una letra con tilde cuenta como una).</dd>
          <dt>Palabras</dt>
          <dd>Secuencias de letras y cifras; «2,3%» es una palabra, «A-7» son dos.</dd>
          <dt>Pregunta</dt>
          <dd>Lleva «?» o «¿».</dd>
          <dt>Exclamación</dt>
          <dd>Lleva «!» o «¡».</dd>
          <dt>Cita</dt>
          <dd>
            Contiene texto entre comillas angulares, inglesas o rectas dobles: un titular declarativo. Las comillas simples (‘caso Koldo’)
            no cuentan.
          </dd>
          <dt>Números</dt>
          <dd>Contiene una cifra o, en español, un numeral escrito («cinco claves», «mil millones»).</dd>
          <dt>Primera o segunda persona</dt>
          <dd>
            Pronombres y posesivos de primera o segunda persona («te», «nos», «tu», «vuestro», «usted»…) o verbos que interpelan al lector
            («puedes», «debes», «sabías»…), fuera de las citas: «No vamos a dimitir» es la voz del citado, no la del medio.
          </dd>
          <dt>Dos puntos o raya</dt>
          <dd>Dos puntos seguidos de espacio («Feijóo: …», no «10:30»), un guion o una raya entre espacios, o una barra vertical.</dd>
          <dt>Mayúsculas</dt>
          <dd>
            Palabras que empiezan por mayúscula fuera del inicio de frase (inicio del titular, tras dos puntos, punto, comillas, ¿ o ¡), más
            las siglas en mayúsculas: una aproximación a los nombres propios.
          </dd>
          <dt>Fórmulas reconocidas</dt>
          <dd>
            Qué fórmulas de ciberanzuelo de la lista siguiente contiene (reconocen el {percent(CLICKBAIT_MEASURED.heldOut.recall)} del
            ciberanzuelo, con una precisión del {percent(CLICKBAIT_MEASURED.heldOut.precision)}).
          </dd>
          <dt>Idioma</dt>
          <dd>El que asigna el identificador de idiomas descrito más abajo.</dd>
        </dl>
        <p>
          Los rasgos que dependen del español (personas, numerales escritos y ciberanzuelos) solo se buscan en titulares en español o de
          idioma desconocido: en gallego «os» es un artículo, no un pronombre.
        </p>
      </section>
      <section aria-labelledby="ciberanzuelos">
        <h2 id="ciberanzuelos">Fórmulas de ciberanzuelo</h2>
        <p>
          Una lista cerrada de fórmulas que escribimos a partir de los marcadores de referencia anticipada y de interpelación al lector
          descritos por Blom y Hansen (2015), de las formas que vemos en portadas españolas y de las que leímos en los ciberanzuelos de la
          parte de entrenamiento de TA1C (un conjunto público etiquetado a mano; no ajustamos ningún modelo: cada fórmula la escribimos y la
          mantenemos solo si lo que marca es sobre todo ciberanzuelo). Se comparan sin mayúsculas ni tildes; las preguntas y el tuteo dentro
          de una cita no cuentan, porque son del citado. Que un titular contenga una no lo convierte en ciberanzuelo: es un rasgo que
          contamos, y por eso las páginas lo llaman «fórmulas reconocidas».
        </p>
        <p data-testid="formulas-measured-methods">
          Medidas en las partes de validación y prueba de TA1C ({formatNumber(CLICKBAIT_MEASURED.heldOut.teasers)} textos, que no usamos
          para escribirlas): <strong>precisión {percent(CLICKBAIT_MEASURED.heldOut.precision)}</strong> (de lo que marcan, qué parte es
          ciberanzuelo) y <strong>exhaustividad {percent(CLICKBAIT_MEASURED.heldOut.recall)}</strong> (del ciberanzuelo, qué parte
          reconocen). Casi la mitad del ciberanzuelo no usa ninguna fórmula fija, así que la proporción de «fórmulas reconocidas» de una
          cabecera es un mínimo de su ciberanzuelo, no su total. Detalle en <a href="#datos-reales">Medido con datos reales</a>.
        </p>
        <div className="table-wrap">
          <table className="data-table">
            <caption className="hint">Las {CLICKBAIT_PATTERNS.length} fórmulas, con el identificador que guardamos</caption>
            <thead>
              <tr>
                <th scope="col">Identificador</th>
                <th scope="col">Qué recoge</th>
              </tr>
            </thead>
            <tbody>
              {CLICKBAIT_PATTERNS.map((p) => (
                <tr key={p.id}>
                  <td>
                    <code>{p.id}</code>
                  </td>
                  <td>{p.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
