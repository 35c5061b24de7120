/** How agency copy is recognised (SPEC DER-3). */
import { WIRE_WINDOW_MS, UNKNOWN_AGENCY } from "@/lib/analysis/wire";
import { WIRE_HAMMING_THRESHOLD } from "@/lib/analysis/wire";
import { formatNumber } from "@/lib/pages/format";

export function Wire() {
  return (
    <section aria-labelledby="teletipos">
      <h2 id="teletipos">Teletipos de agencia</h2>
      <p>
        Al leer una noticia abierta calculamos en memoria un resumen SimHash de 64 bits de sus grupos de tres palabras, y buscamos la firma
        o la línea de crédito de una agencia (EFE, Europa Press, Reuters, AFP, AP, Servimedia, Colpisa, Atlas, ACN, «Agencias») en la firma
        o al principio o al final del texto. Guardamos el resumen y el nombre de la agencia, nunca el texto.
      </p>
      <p>
        Una noticia es un teletipo si la firma o acredita una agencia, o si su resumen difiere en {WIRE_HAMMING_THRESHOLD} bits o menos del
        de una noticia de otra cabecera en {formatNumber(WIRE_WINDOW_MS / 3_600_000)} horas (el umbral de Manku, Jain y Das Sarma, 2007,
        para textos casi idénticos); si nadie acredita la agencia, figura como «{UNKNOWN_AGENCY}». El porcentaje de cada cabecera se calcula
        sobre las noticias que pudimos analizar: las que nos reservan la minería de textos o cierran con muro de pago no cuentan.
      </p>
    </section>
  );
}
