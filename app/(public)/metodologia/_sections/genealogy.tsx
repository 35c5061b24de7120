/** How the agency genealogy and the agency share of a front page are measured (SPEC DER-10). */
import { EDIT_BANDS } from "@/lib/analysis/copy-edit";

export function Genealogy() {
  return (
    <section aria-labelledby="genealogia">
      <h2 id="genealogia">Genealogía de la copia de agencia</h2>
      <p>
        Para cada historia con teletipos mostramos, copia a copia, qué cabecera la publicó, la hora que declara y la hora en que la vimos,
        su primer titular y el actual, si conserva la firma o la línea de crédito de la agencia y cuánto cambió el texto. «La mantiene»: la
        firma o el crédito de la agencia aparecen al leerla. «La quita»: la reconocimos como copia solo porque su texto es casi idéntico al
        de otra cabecera, sin crédito. «No lo sabemos»: no leímos su texto.
      </p>
      <p>
        La edición se mide como los bits distintos entre su resumen SimHash (64 bits) y el de la copia más temprana que leímos: 0 son las
        mismas palabras (mayúsculas, tildes y puntuación no cuentan); dos textos sin relación difieren en unos 32. En palabras:{" "}
        {EDIT_BANDS.map((b, i) => `${b.label} (${i === 0 ? "0" : `${EDIT_BANDS[i - 1]!.max + 1}–${b.max}`} bits)`).join(", ")}. Un párrafo
        añadido a un texto corto mueve más bits que el mismo párrafo en uno largo, así que la cifra orienta, no mide palabras.
      </p>
      <p>
        «Cuánta agencia hay en su portada»: cada día peninsular sumamos los minutos que cada noticia pasó en la portada de la cabecera (de
        la captura que la vio entrar a la última que la confirmó; una noticia que sigue en portada cuenta hasta la última captura) y damos
        la parte de esos minutos que fueron teletipos. Una noticia que no pudimos leer cuenta como propia, así que la cifra es un mínimo.
      </p>
    </section>
  );
}
