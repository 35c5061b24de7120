/** Every threshold of the derived figures in one list (SPEC DER-1, DER-4, DER-6, WEB-4). */
import { TEST_OVERLAP_MS } from "@/lib/analysis/ab-tests";
import { CLICKBAIT_PATTERNS } from "@/lib/analysis/clickbait";
import { CLICKBAIT_MEASURED } from "@/lib/analysis/clickbait-measured";
import { formatNumber } from "@/lib/pages/format";
import { SHIPPED_FRAMING_FACTS } from "@/lib/analysis/framing-model";

/** The thresholds, as the code uses them. */
export function Thresholds() {
  return (
    <section aria-labelledby="umbrales">
      <h2 id="umbrales">Umbrales</h2>
      <ul>
        <li>
          Fórmulas de ciberanzuelo: una lista cerrada de {CLICKBAIT_PATTERNS.length}; basta una coincidencia. En TA1C reconocen el{" "}
          {formatNumber(Math.round(CLICKBAIT_MEASURED.heldOut.recall * 100))} % del ciberanzuelo (exhaustividad) y aciertan en el{" "}
          {formatNumber(Math.round(CLICKBAIT_MEASURED.heldOut.precision * 100))} % de lo que marcan (precisión).
        </li>
        <li>Idioma: el más probable según fastText, sin umbral mínimo; un titular sin letras no tiene idioma.</li>
        <li>
          Encuadre: la letra más probable; palabras del léxico contadas hasta 2 por encuadre; raíces de {SHIPPED_FRAMING_FACTS.stemLength}{" "}
          caracteres; una raíz tiene peso propio si aparece en al menos 2 titulares de ajuste.
        </li>
        <li>
          Pruebas A/B: la versión anterior se sigue viendo en el mismo sitio más de {TEST_OVERLAP_MS / 60_000} minutos después de aparecer
          la nueva.
        </li>
        <li>Pruebas A/B y reescrituras en la ficha de cada cabecera: noticias vistas por primera vez en los últimos 7 días.</li>
        <li>Los rasgos y el encuadre se calculan por lotes en el trabajador, normalmente al minuto de registrar un titular nuevo.</li>
      </ul>
    </section>
  );
}
