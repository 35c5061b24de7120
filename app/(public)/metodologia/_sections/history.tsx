/** How the history pages read the past (SPEC WEB-5, WEB-6): a front page at a minute, side by side, a day's leads, the feeds. */
import { BEST_RANK_WINDOW_MS } from "@/db/queries/front-pages/front-page-at";
import { positionWeight } from "@/lib/analysis/prominence";
import { SIDE_BY_SIDE_LINKS } from "@/db/queries/front-pages/side-by-side";
import { CAPTURE_GAP_MS } from "@/lib/pages/capture-state";

const hours = (ms: number) => ms / 3_600_000;
const weight = (rank: number) => positionWeight(rank).toLocaleString("es-ES", { maximumFractionDigits: 2 });

/** The rules of the history pages, from the constants they use. */
export function History() {
  return (
    <section aria-labelledby="historico">
      <h2 id="historico">Portadas en el tiempo</h2>
      <p>
        <strong>Una portada en un minuto</strong> es la de nuestra última captura correcta hasta el final de ese minuto (hora peninsular),
        con cada noticia en el orden en que aparecía y con el titular que tenía entonces (la última versión que habíamos visto hasta ese
        minuto). «En portada desde» es desde cuándo seguía en ella sin interrupción: una captura correcta que no la mostraba la interrumpe.
        «Mejor puesto» es el más alto que tuvo desde entonces hasta esa captura, buscado como mucho en las {hours(BEST_RANK_WINDOW_MS)}{" "}
        horas anteriores. Si a esa hora las capturas fallaban, el medio nos impedía leerla o no había captura en más de{" "}
        {hours(CAPTURE_GAP_MS)} horas, la página lo dice y muestra la última captura correcta.
      </p>
      <p>
        <strong>Lado a lado</strong>, cada columna es esa misma portada (sus {SIDE_BY_SIDE_LINKS} primeras noticias); una historia presente
        en más de una columna lleva la misma letra y el mismo color en todas. <strong>Qué abría cada portada</strong> toma, para cada hora
        del día, la noticia en primer puesto a la media hora, según la última captura correcta de las {hours(CAPTURE_GAP_MS)} horas
        anteriores; sin ella, la hora queda en blanco. Una historia que abrió más de una cabecera ese día lleva su color; las demás
        aperturas, gris.
      </p>
      <h3 id="prominencia">Prominencia</h3>
      <p>
        La <strong>prominencia</strong> de una noticia son sus minutos en portada ponderados por la posición que ocupaba: un minuto en la
        posición <em>p</em> vale 1 / log₂(<em>p</em> + 1), el descuento habitual de las listas ordenadas. Así, un minuto de apertura vale{" "}
        {weight(1)}; en la segunda posición, {weight(2)}; en la tercera, {weight(3)}; en la décima, {weight(10)}. Una hora en primer puesto
        suma 60 minutos ponderados; una hora en el tercero, 30. La de una historia es la suma de la de sus noticias en todas las cabeceras,
        salvo las que pidieron que no mostremos posiciones. La mostramos redondeada a minutos enteros en las páginas de noticias e
        historias, en la lista de historias (que puede ordenarse por ella) y en el campo <code>prominence</code> de la API y las descargas.
        El rastreador la calcula una vez por cada tramo en portada y la va sumando a medida que llegan capturas (cada minuto,
        aproximadamente), así que puede ir unos minutos por detrás de la última captura; todas las páginas y la API leen la misma cifra.
      </p>
      <p>
        Los <strong>canales Atom</strong> (cambios de titular de una cabecera, novedades de una historia, titulares nuevos de una búsqueda)
        solo llevan titulares y nuestras propias palabras; el identificador de cada entrada no cambia nunca.
      </p>
    </section>
  );
}
