/** Headline features and the clickbait list (SPEC DER-1). */
import { CLICKBAIT_PATTERNS } from "@/lib/analysis/clickbait";

/** What each feature counts, and the documented clickbait list. */
export function Features() {
  return (
    <>
      <section aria-labelledby="rasgos">
        <h2 id="rasgos">Rasgos del titular</h2>
        <p>
          De cada versión distinta de un titular calculamos, una sola vez y guardados junto a la huella SHA-256 del texto
          (no junto a la cabecera), estos rasgos:
        </p>
        <dl className="facts">
          <dt>Caracteres</dt><dd>Caracteres del titular tras unificar espacios (una letra con tilde cuenta como una).</dd>
          <dt>Palabras</dt><dd>Secuencias de letras y cifras; «2,3%» es una palabra, «A-7» son dos.</dd>
          <dt>Pregunta</dt><dd>Lleva «?» o «¿».</dd>
          <dt>Exclamación</dt><dd>Lleva «!» o «¡».</dd>
          <dt>Cita</dt><dd>Contiene texto entre comillas angulares, inglesas o rectas dobles: un titular declarativo. Las comillas simples (‘caso Koldo’) no cuentan.</dd>
          <dt>Números</dt><dd>Contiene una cifra o, en español, un numeral escrito («cinco claves», «mil millones»).</dd>
          <dt>Primera o segunda persona</dt><dd>Pronombres y posesivos de primera o segunda persona («te», «nos», «tu», «vuestro», «usted»…) o verbos que interpelan al lector («puedes», «debes», «sabías»…), fuera de las citas: «No vamos a dimitir» es la voz del citado, no la del medio.</dd>
          <dt>Dos puntos o raya</dt><dd>Dos puntos seguidos de espacio («Feijóo: …», no «10:30»), un guion o una raya entre espacios, o una barra vertical.</dd>
          <dt>Mayúsculas</dt><dd>Palabras que empiezan por mayúscula fuera del inicio de frase (inicio del titular, tras dos puntos, punto, comillas, ¿ o ¡), más las siglas en mayúsculas: una aproximación a los nombres propios.</dd>
          <dt>Ciberanzuelo</dt><dd>Qué fórmulas de la lista siguiente contiene.</dd>
          <dt>Idioma</dt><dd>El que asigna el identificador de idiomas descrito más abajo.</dd>
        </dl>
        <p>
          Los rasgos que dependen del español (personas, numerales escritos y ciberanzuelos) solo se buscan en titulares en
          español o de idioma desconocido: en gallego «os» es un artículo, no un pronombre.
        </p>
      </section>
      <section aria-labelledby="ciberanzuelos">
        <h2 id="ciberanzuelos">Fórmulas de ciberanzuelo</h2>
        <p>
          Una lista cerrada de fórmulas que escribimos a partir de los marcadores de referencia anticipada y de interpelación
          al lector descritos por Blom y Hansen (2015) y de las formas que vemos en portadas españolas. Se comparan sin
          mayúsculas ni tildes. Que un titular contenga una no lo convierte en ciberanzuelo: es un rasgo que contamos.
        </p>
        <div className="table-wrap">
          <table className="data-table">
            <caption className="hint">Las {CLICKBAIT_PATTERNS.length} fórmulas, con el identificador que guardamos</caption>
            <thead><tr><th scope="col">Identificador</th><th scope="col">Qué recoge</th></tr></thead>
            <tbody>
              {CLICKBAIT_PATTERNS.map((p) => <tr key={p.id}><td><code>{p.id}</code></td><td>{p.description}</td></tr>)}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
