/** AI-agent rules, machine-readable TDM reservations, legal notices and models (SPEC ROB-5, SIG-1, LEG-1, DER-4). */
import { Link } from "@/app/_components/link";
import { framingModelInUse, LANGUAGE_MODEL } from "@/lib/analysis/models-in-use";
import type { BotPageData } from "@/lib/pages/bot-page";
import type { LegalNoticeCounts } from "@/db/queries/site/legal-notice-counts";
import { formatNumber } from "@/lib/pages/format";

/** Our reading of AI-agent rules, TDM reservations (ours and others'), legal notices and models. */
export function Policies({ data, legal }: { data: BotPageData; legal?: LegalNoticeCounts }) {
  const framing = framingModelInUse();
  return (
    <>
      <section aria-labelledby="reglas-ia">
        <h2 id="reglas-ia">Sobre las reglas dirigidas a bots de inteligencia artificial</h2>
        <p>
          Varias cabeceras bloquean por nombre a rastreadores de empresas de IA (GPTBot, CCBot, ClaudeBot, Google-Extended y otros) y
          permiten a los agentes genéricos. Nuestra lectura: esas reglas se dirigen a rastreadores que entrenan modelos generativos o
          construyen corpus redistribuibles. Este bot no entrena ningún modelo, no redistribuye texto y no conserva contenidos. La RFC 9309
          asigna las reglas por nombre de agente, y la voluntad del editor sobre la minería de textos se expresa en su reserva del art.
          67.3, que respetamos como se explica arriba. Cualquier editor que no comparta esta lectura puede excluirnos por nombre en su
          robots.txt o desde <Link href="/editores">Editores</Link> sin discutirla.
        </p>
      </section>

      <section aria-labelledby="mineria">
        <h2 id="mineria">Reservas de minería legibles por máquina</h2>
        <p>
          Comprobamos en cada servidor el fichero <code>tdmrep.json</code>, la cabecera HTTP <code>tdm-reservation</code> y la etiqueta{" "}
          <code>{'<meta name="tdm-reservation">'}</code> de cada página; si hay una reserva, no leemos ni resumimos el cuerpo, y la
          registramos y la mostramos en la ficha de la cabecera.
        </p>
        <p>
          Publicamos nuestra propia declaración en{" "}
          <a href={data.paths.tdmrep}>
            <code>{data.paths.tdmrep}</code>
          </a>
          : reservamos la minería de las páginas de este sitio, porque muestran titulares literales que no son nuestros.
        </p>
      </section>

      <section aria-labelledby="avisos-legales">
        <h2 id="avisos-legales">Avisos legales</h2>
        <p>
          Releemos {data.schedule.legalNotices} el aviso legal de cada cabecera cuya dirección conocemos y guardamos una copia cuando
          cambia. {legal ? <LegalNoticeCoverage counts={legal} /> : null} Si una cabecera bloquea a nuestro bot, su aviso lo lee una persona
          en un navegador normal; nunca con un navegador automatizado tras un bloqueo.
        </p>
      </section>

      <section aria-labelledby="modelos">
        <h2 id="modelos">Qué hacemos con los modelos</h2>
        <p>
          Ningún servicio externo de inteligencia artificial recibe datos de las cabeceras. Los modelos (procesamiento de lenguaje,
          agrupación de noticias, clasificación del encuadre de cada titular en una letra) son de pesos abiertos, se distribuyen con el
          proyecto y se ejecutan en nuestro servidor. Al modelo que clasifica el encuadre le llega el titular sin el nombre de la cabecera,
          sin firma y sin dirección. No se entrena ni se ajusta ningún modelo con contenido de las cabeceras. Un editor puede sacar su
          cabecera de todos estos modelos, la agrupación en historias incluida, con el alcance «sin anotación de modelo» de Editores: lo ya
          calculado se borra a los pocos minutos de aplicarse. A las cabeceras cuyas páginas llevan la directiva <code>noai</code> no les
          anotamos idioma ni encuadre; sus titulares sí se agrupan en historias, porque la directiva pide que no se anoten las páginas.
        </p>
        <ul>
          <li>
            Encuadre del titular: modelo {framing.kind}, SHA-256 <code data-testid="framing-model-sha256">{framing.sha256}</code>.
          </li>
          <li>
            Idioma del titular: {LANGUAGE_MODEL.name}, del paquete{" "}
            <code>
              {LANGUAGE_MODEL.npmPackage}@{LANGUAGE_MODEL.version}
            </code>
            , SHA-256 <code>{LANGUAGE_MODEL.sha256}</code>.
          </li>
        </ul>
        <p>
          Cómo funcionan y sus límites: <Link href="/metodologia">Metodología</Link>.
        </p>
      </section>
    </>
  );
}

/** How many active outlets' legal notices are re-read, and that the others are not (no address yet). */
function LegalNoticeCoverage({ counts }: { counts: LegalNoticeCounts }) {
  const missing = counts.active - counts.withAddress;
  const others = missing === 1 ? "el de la otra" : `el de las otras ${formatNumber(missing)}`;
  return (
    <span data-testid="legal-notice-coverage">
      {missing > 0
        ? `Conocemos la de ${formatNumber(counts.withAddress)} de las ${formatNumber(counts.active)} cabeceras activas; ${others} no se relee hasta que tengamos su dirección.`
        : `Conocemos la de las ${formatNumber(counts.active)} cabeceras activas.`}
    </span>
  );
}
