/** "Qué lee" and "Ritmo y límites": sources, intervals, pacing and response limits. */
import { Link } from "@/app/_components/link";
import { GATES } from "@/lib/gate-list";
import type { BotPageData } from "@/lib/pages/bot-page";
import type { RenderModeCounts } from "@/db/queries/site/render-modes";
import { RenderModes } from "../../../_components/render-modes";

/** What the bot reads, how often, and the limits it keeps (SPEC SCH-*, POL-*). */
export function Reading({ data, modes }: { data: BotPageData; modes?: RenderModeCounts }) {
  const { schedule: s, limits: l, commitments: c } = data;
  return (
    <>
      <section aria-labelledby="que-lee">
        <h2 id="que-lee">Qué lee</h2>
        <ol>
          <li>
            <strong>Feeds RSS/Atom y sitemaps de noticias</strong> que cada cabecera publica: son nuestro canal preferente, porque es el que
            el editor expone para lectura mecánica. Feeds <span data-testid="feed-interval">{s.feeds}</span>; sitemaps{" "}
            <span data-testid="sitemap-interval">{s.sitemaps}</span>.
          </li>
          <li>
            <strong>La portada</strong>, tal como se sirve sin JavaScript a un navegador de escritorio, cada{" "}
            <span data-testid="frontpage-intervals">{s.frontPage}</span> según la hora y el ritmo de cambio de cada cabecera: cada{" "}
            {s.frontPageBusy} mientras cambian sus primeras posiciones, y más espaciado cuando no cambian. Por la noche, {s.night} (hora de
            la cabecera), solo {s.frontPageStill}. Las pocas portadas sin HTML estático suficiente se abren con un navegador automatizado a{" "}
            {c.browserViewport}, con anuncios y terceros bloqueados y sin guardar capturas. {modes ? <RenderModes counts={modes} /> : null}
          </li>
          <li>
            <strong>Las páginas de artículo</strong> enlazadas desde feeds, sitemaps y portada, una sola vez, cuando las descubrimos, para
            leer sus metadatos (JSON-LD, canonical) y, si el artículo es de acceso abierto, su cuerpo en memoria. Como máximo{" "}
            <span data-testid="article-budget">{s.articleBudget}</span> por sitio y día.
          </li>
          <li>
            <strong>Los avisos legales</strong> de cada cabecera, {s.legalNotices}.
          </li>
        </ol>
        <p>Solo pedimos feeds, sitemaps, robots.txt, tdmrep.json y páginas HTML. No enviamos formularios ni iniciamos sesión.</p>
      </section>

      <section aria-labelledby="ritmo">
        <h2 id="ritmo">Ritmo y límites</h2>
        <dl className="facts">
          <dt>Ritmo</dt>
          <dd>
            Una petición cada <span data-testid="pacing">{l.pacing}</span> por sitio, nunca dos a la vez, y más despacio si tu robots.txt
            declara un <code>Crawl-delay</code> mayor o si el editor nos pidió una <Link href="/editores#despacio">pausa mínima</Link>{" "}
            mayor: manda la pausa más larga. Un sitio es el dominio registrable: <code>elpais.com</code>, <code>feeds.elpais.com</code> y{" "}
            <code>cdn.elpais.com</code> comparten el mismo ritmo.
          </dd>
          <dt>Antes de cada petición</dt>
          <dd>
            Comprobamos, en este orden, y la primera que lo impide decide:
            <ol data-testid="gate-list">
              {GATES.map((g) => (
                <li key={g.id}>{g.publicWhat}</li>
              ))}
            </ol>
          </dd>
          <dt>Peticiones condicionales</dt>
          <dd>
            Devolvemos el <code>ETag</code> y el <code>Last-Modified</code> de cada feed, sitemap y robots.txt: un 304 no nos cuesta nada a
            ninguno de los dos.
          </dd>
          <dt>Tiempos de espera</dt>
          <dd>
            <span data-testid="connect-timeout">{l.connectTimeout}</span> para conectar y{" "}
            <span data-testid="total-timeout">{l.totalTimeout}</span> para toda la respuesta.
          </dd>
          <dt>Tamaño máximo</dt>
          <dd>
            {l.maxBody} por página o feed y {l.maxSitemap} por sitemap descomprimido; lo medimos mientras descomprimimos.
          </dd>
          <dt>Redirecciones</dt>
          <dd>Como máximo {l.maxRedirects}, comprobando cada salto contra el robots.txt de su servidor antes de pedirlo.</dd>
          <dt>Cookies</dt>
          <dd>Ni las guardamos ni las enviamos.</dd>
        </dl>
      </section>
    </>
  );
}
