/**
 * The analysis measured on public labelled data (SPEC DER-12): which sets, their size,
 * licence and date, and the figures `npm run bench -- labelled` prints (docs/benchmarks.md).
 */
import { CLICKBAIT_MEASURED } from "@/lib/analysis/clickbait-measured";
import { formatNumber } from "@/lib/pages/format";

/** TA1C figures as last measured; the bench prints them again from the materialised files and checks the published ones. */
const TA1C = { teasers: 3500, clickbait: 1001, spanish: 0.997, ...CLICKBAIT_MEASURED };

const percent = (x: number) => `${formatNumber(Math.round(x * 1000) / 10)} %`;

export function Labelled() {
  return (
    <section aria-labelledby="datos-reales">
      <h2 id="datos-reales">Medido con datos reales</h2>
      <p>
        Las cifras de las secciones anteriores se midieron con titulares escritos por nosotros o con nuestra web simulada. Para saber cómo
        se comportan con titulares reales las contrastamos con conjuntos públicos etiquetados por personas. No copiamos esos datos en
        nuestro repositorio: guardamos de dónde salen (repositorio, versión, huellas SHA-256, licencia) y un programa que los trae y
        comprueba antes de medir.
      </p>
      <h3>Fórmulas de ciberanzuelo frente a TA1C</h3>
      <p>
        <strong>TA1C</strong> («Te Ahorré Un Click», Mordecki y otros): {formatNumber(TA1C.teasers)} textos de tuits de 18 medios en español
        de España y América publicados entre 2020 y 2021, cada uno etiquetado como ciberanzuelo o no por tres personas (decide la mayoría;
        acuerdo κ de Fleiss 0,825). Licencia MIT; versión del 4 de febrero de 2024. {formatNumber(TA1C.clickbait)} son ciberanzuelos.
      </p>
      <p>
        TA1C viene dividido en entrenamiento ({formatNumber(TA1C.train.teasers)} textos), validación y prueba. Leímos los ciberanzuelos de
        entrenamiento para escribir fórmulas nuevas (preguntas que la noticia responde, «por qué», listas, «claves para», el tuteo al
        lector, «el gesto de…»); no ajustamos ningún modelo. Las cifras siguientes son de validación y prueba juntas (
        {formatNumber(TA1C.heldOut.teasers)} textos, {formatNumber(TA1C.heldOut.clickbait)} ciberanzuelos), que no miramos al escribirlas.
      </p>
      <ul data-testid="formulas-measured-labelled">
        <li>
          <strong>Precisión {percent(TA1C.heldOut.precision)}:</strong> cuando una de nuestras fórmulas salta, es ciberanzuelo en el{" "}
          {percent(TA1C.heldOut.precision)} de los casos ({percent(TA1C.spain.precision)} en los {formatNumber(TA1C.spain.teasers)} de
          medios de España).
        </li>
        <li>
          <strong>Exhaustividad {percent(TA1C.heldOut.recall)}:</strong> reconocen el {percent(TA1C.heldOut.recall)} de los ciberanzuelos (
          {percent(TA1C.spain.recall)} en los de España; antes de añadir las fórmulas nuevas, el 8 %). El resto no usa ninguna fórmula fija:
          omite el dato clave sin palabras que lo delaten («Lo que dijo X sobre Y»). La cifra de «fórmulas reconocidas» por cabecera es por
          eso un mínimo de su ciberanzuelo, no su total: sirve para comparar cabeceras entre sí, no para decir qué parte de sus titulares lo
          son. En entrenamiento, donde se escribieron, precisión {percent(TA1C.train.precision)} y exhaustividad{" "}
          {percent(TA1C.train.recall)}.
        </li>
        <li>El identificador de idioma dijo «español» en el {percent(TA1C.spanish)} de esos textos.</li>
      </ul>
      <h3>Lo que no hemos podido medir todavía</h3>
      <p>
        <strong>Encuadre:</strong> no hemos encontrado un conjunto público de titulares en español etiquetados con los cinco encuadres de
        Semetko y Valkenburg. El conjunto de sentimiento de titulares políticos de pysentimiento (arXiv 2208.13947) no declara licencia y
        mide otra cosa (la actitud hacia una persona). El modelo de encuadre sigue sin contrastar con datos reales.{" "}
        <strong>Historias:</strong> el conjunto de similitud de noticias de SemEval 2022 (tarea 8) da pares de direcciones web, no
        titulares; habría que descargar los artículos de los medios, así que nuestras historias solo están medidas en la web simulada (F1
        0,81).
      </p>
    </section>
  );
}
