/** The framing letters, the shipped model, its hash and its limits (SPEC DER-4). */
import { Fragment } from "react";
import { FRAME_LETTERS, FRAMES } from "@/lib/analysis/framing-letters";
import { SHIPPED_FRAMING_FACTS } from "@/lib/analysis/framing-model";
import { framingModelInUse } from "@/lib/analysis/models-in-use";
import { formatPercent } from "@/lib/pages/period";

/** Letters, how the model scores, how to reproduce it and how to replace it. */
export function Framing() {
  const model = framingModelInUse();
  const { training, features, stemLength, lexiconCues } = SHIPPED_FRAMING_FACTS;
  return (
    <section aria-labelledby="encuadre">
      <h2 id="encuadre">Encuadre</h2>
      <p>
        Cada titular recibe una letra de encuadre y una puntuación. Las letras siguen los cinco encuadres genéricos de las noticias de
        Semetko y Valkenburg (2000), más una para los titulares que no llevan ninguno:
      </p>
      <dl className="facts">
        {FRAME_LETTERS.map((l) => (
          <Fragment key={l}>
            <dt>
              {l} · {FRAMES[l].name}
            </dt>
            <dd>{FRAMES[l].meaning}</dd>
          </Fragment>
        ))}
      </dl>
      <h3>El modelo</h3>
      <p>
        Es un modelo lineal que hemos escrito nosotros, no una red neuronal: lo decimos claro porque ningún paquete ofrece hoy un modelo
        neuronal de encuadre en español que pueda ejecutarse sin descargarlo. Lee solo el texto del titular (ni la cabecera, ni la firma, ni
        la dirección) y calcula:
      </p>
      <ul>
        <li>
          cuántas palabras de un léxico español de {lexiconCues} raíces escrito por el equipo apuntan a cada encuadre (como máximo 2 por
          encuadre);
        </li>
        <li>qué raíces contiene (los primeros {stemLength} caracteres de cada palabra, sin tildes ni palabras vacías);</li>
        <li>
          rasgos de estructura: pregunta, exclamación, cita, números, cantidades de dinero o porcentajes, dos puntos o raya, primera o
          segunda persona.
        </li>
      </ul>
      <p>
        Cada letra suma un peso por cada uno de estos {features} rasgos; la función softmax convierte las sumas en probabilidades. La letra
        es la más probable y la puntuación es su probabilidad (de 0 a 1). Los pesos están en el fichero{" "}
        <code>lib/analysis/framing-model.json</code> del repositorio.
      </p>
      <p>
        Huella SHA-256 del modelo en uso ({model.kind}): <code data-testid="framing-model-sha256">{model.sha256}</code>.
      </p>
      <h3>Cómo se ajustó y cómo reproducirlo</h3>
      <p>
        Los pesos se ajustan con una regresión logística multinomial sobre {training.headlines} titulares que escribimos nosotros para esto,{" "}
        {training.headlines / FRAME_LETTERS.length} por letra (<code>{training.file}</code>): ninguno es de una cabecera, y nada se entrena
        con contenido de las cabeceras. Cualquiera puede reproducir el fichero y su huella:
      </p>
      <pre>
        <code>node --import tsx scripts/fit-framing.ts{"\n"}sha256sum lib/analysis/framing-model.json</code>
      </pre>
      <p>
        Acierta el {formatPercent(training.trainingAccuracy)} de esos titulares y el {formatPercent(training.crossValidatedAccuracy)} en
        validación cruzada con {training.folds} particiones (cada titular clasificado por un modelo que no lo vio).
      </p>
      <h3>Límites</h3>
      <ul>
        <li>
          Esa cifra de acierto es optimista: el léxico y los titulares de ajuste los escribió el mismo equipo. No la hemos medido sobre
          titulares reales anotados por personas ajenas.
        </li>
        <li>
          Un titular puede llevar varios encuadres; damos solo el más probable. Una puntuación baja (por debajo de 0,5) indica que el modelo
          duda.
        </li>
        <li>Lee palabras, no entiende frases: la ironía, la negación o un nombre propio que coincide con una raíz lo confunden.</li>
        <li>Solo está pensado para titulares en español.</li>
      </ul>
      <h3>Cuándo no se aplica</h3>
      <p>
        No pasamos por el modelo los titulares que solo publican cabeceras que pidieron «sin anotación de modelo» o cuyas páginas llevan la
        directiva <code>noai</code> (o <code>noimageai</code>). Si una cabecera empieza a llevarla, borramos las letras de los titulares que
        solo ella publica.
      </p>
      <h3>Cambiar el modelo</h3>
      <p>
        Quien opere una instalación puede sustituirlo por un clasificador ONNX propio (por ejemplo con <code>onnxruntime-node</code>,
        instalado con <code>ONNXRUNTIME_NODE_INSTALL=skip</code> y ejecutado en CPU, o con transformers.js apuntando a un directorio local
        sin descargas): se implementa la interfaz <code>FramingModel</code> de <code>lib/analysis/framing-model.ts</code> (una huella
        SHA-256 y un método que recibe solo el titular y devuelve letra y puntuación) y se devuelve desde{" "}
        <code>lib/analysis/models-in-use.ts</code>. Esta página y la del bot mostrarán entonces la huella del nuevo fichero. Cada letra
        guardada lleva la huella del modelo que la calculó; para recalcular las antiguas con el nuevo modelo basta con borrar las de la
        huella anterior y reiniciar el trabajador.
      </p>
    </section>
  );
}
