/** "Qué guarda y qué no" (SPEC STO-1…3). */
import type { BotPageData } from "@/lib/pages/bot-page";

/** What is stored, and what is never stored. */
export function Storage({ data }: { data: BotPageData }) {
  return (
    <section aria-labelledby="que-guarda">
      <h2 id="que-guarda">Qué guarda y qué no</h2>
      <p>
        Guardamos la dirección del artículo, la cabecera, las horas (la que declara el medio y la primera vez que lo vimos), la sección
        declarada, las firmas, el titular tal como aparece en cada momento, la posición en la portada y unos cuantos derivados: rasgos
        lingüísticos del titular, una huella numérica para agrupar noticias que se borra a las {data.commitments.fingerprintRetention}, un
        resumen numérico del cuerpo abierto para detectar teletipos, y la letra y la puntuación que un modelo local da al encuadre de cada
        titular, guardadas junto a la huella del titular y no junto a su texto.
      </p>
      <p>
        <strong>No guardamos, en ningún soporte:</strong> el cuerpo de los artículos, las entradillas, el HTML de las páginas, capturas de
        pantalla, imágenes ni logotipos. El texto que leemos se procesa en memoria y se descarta en la misma pasada. Es la forma en que
        respetamos las reservas de derechos sobre minería de textos (art. 67.3 LPI) que varios grupos han publicado: no conservando textos.
      </p>
    </section>
  );
}
