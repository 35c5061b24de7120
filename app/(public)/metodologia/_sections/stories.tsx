/** How articles are grouped into stories (SPEC DER-2, DER-5), with the thresholds the worker uses. */
import { DEFAULT_CLUSTER_OPTIONS } from "@/lib/analysis/cluster";
import { MINHASH_SIZE } from "@/lib/analysis/fingerprint";
import { FINGERPRINT_RETENTION_MS } from "@/lib/analysis/fingerprint";
import { formatNumber } from "@/lib/pages/format";

export function Stories() {
  const o = DEFAULT_CLUSTER_OPTIONS;
  const decimal = (x: number) => formatNumber(Math.round(x * 100) / 100);
  return (
    <section aria-labelledby="historias">
      <h2 id="historias">Historias</h2>
      <p>
        Al registrar una noticia calculamos en memoria una huella MinHash de {MINHASH_SIZE} números con las palabras de su
        titular y los nombres propios y cifras de su entradilla (la descripción del feed o de la página), sin tildes, en
        minúsculas y sin palabras vacías del español. El texto de la entradilla se descarta en el mismo paso, y la huella se
        borra a las {formatNumber(FINGERPRINT_RETENTION_MS / 3_600_000)} horas; la pertenencia de la noticia a su historia se conserva.
      </p>
      <p>
        Cada minuto comparamos cada noticia nueva con las de las {formatNumber(o.windowMs / 3_600_000)} horas anteriores
        (candidatas por LSH: {o.bands} bandas de {o.rows} filas) y la unimos a la historia más parecida si su semejanza media
        (Jaccard estimado) con las noticias de esa historia es al menos {decimal(o.threshold)}. Cuanto más separadas en el
        tiempo, más parecido exigimos: {decimal(o.agePenalty)} más cada vez que se duplica 1 + las horas de diferencia
        ({decimal(o.threshold + o.agePenalty)} a la hora, {decimal(o.threshold + 2 * o.agePenalty)} a las tres horas). Una
        historia reúne cabeceras distintas, una noticia por cabecera. No agrupamos una noticia hasta conocer su entradilla:
        el titular solo es poca prueba.
      </p>
      <p>
        La descripción de cada historia son sus términos más característicos (tf-idf de sus titulares frente a los de las
        últimas 24 horas), nunca el titular de nadie. En nuestra web simulada, que sabe qué noticias cuentan lo mismo, el
        agrupamiento acierta en el 71–73 % de los pares que une y encuentra el 62–66 % de los pares de una misma historia.
      </p>
    </section>
  );
}
