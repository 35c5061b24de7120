/** The language identifier and why it was chosen (SPEC DER-1). */
import { LANGUAGE_MODEL } from "@/lib/analysis/models-in-use";

/** fastText lid.176 versus franc-min, as measured. */
export function Language() {
  return (
    <section aria-labelledby="idioma">
      <h2 id="idioma">Idioma</h2>
      <p>
        El idioma de cada titular lo asigna el modelo de identificación de idiomas de fastText (lid.176, 176 idiomas), en su versión
        comprimida, que viene dentro del paquete{" "}
        <code>
          {LANGUAGE_MODEL.npmPackage}@{LANGUAGE_MODEL.version}
        </code>{" "}
        y se lee del disco: no se descarga nada. Huella SHA-256 del fichero <code>{LANGUAGE_MODEL.file}</code>:{" "}
        <code>{LANGUAGE_MODEL.sha256}</code>. Se le pasa el titular en minúsculas y nos quedamos con el idioma más probable.
      </p>
      <p>
        Lo elegimos tras medir dos opciones con 92 titulares breves escritos por nosotros (60 en español y 32 en catalán, gallego, euskera,
        inglés y portugués):
      </p>
      <ul>
        <li>
          <strong>fastText</strong> acertó 87 de 92 (94,6 %) y los 60 en español, en unos 15 µs por titular.
        </li>
        <li>
          <strong>franc-min</strong> acertó 68 de 92 (73,9 %) y 58 de 60 en español, en unos 110 µs por titular; no conoce el catalán, el
          gallego ni el euskera.
        </li>
      </ul>
      <p>
        Límites: en titulares muy cortos o llenos de nombres propios el modelo se equivoca más; confunde a veces el gallego con el español o
        el portugués, y el catalán con el español. No anotamos el idioma de los titulares que solo publican cabeceras con «sin anotación de
        modelo» o con la directiva <code>noai</code>, porque el identificador también es un modelo.
      </p>
      <p>
        Los rasgos y modelos hechos para el español (las fórmulas de clickbait, la primera o segunda persona, los números escritos con
        letras y el modelo de encuadre) no se aplican a titulares en catalán, gallego, euskera u otra lengua: la página de la noticia los
        marca como «no aplicable», y no cuentan en las cifras de encuadre ni de clickbait de ninguna cabecera. En los 3.500 teasers en
        español de TA1C (un conjunto público etiquetado; ver «Medido con datos reales»), el identificador dijo «español» en el 99,7 %.
      </p>
    </section>
  );
}
