/** "Datos abiertos": the documentation of the read-only API and the exports (SPEC WEB-3). */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { DATASETS } from "@/db/open-data/datasets/index";
import { DATASET_DOCS, fieldDoc, PARAM_DOCS } from "@/app/_lib/api/docs";
import { MAX_LIMIT, DEFAULT_LIMIT } from "@/db/open-data/params";
import { PageHeader } from "../../_components/page-header";
import { AnalysisBlockDocs } from "./analysis-blocks";
import { FrontPageEndpointDocs } from "./front-page-endpoint";
import { ResearchSections } from "./research-sections";
import { appConfig } from "@/db/server";
import { formatNumber } from "@/lib/pages/format";

/** Row headers that are field names keep their case (the site's table headers are upper-case labels). */
const asCode = { textTransform: "none", letterSpacing: 0, fontSize: "inherit" } as const;

/** Page title. */
export const metadata: Metadata = { title: "Datos abiertos" };

/** The API documentation; it renders from the same definitions the API serves. */
export default function OpenDataPage() {
  return (
    <>
      <PageHeader
        title="Datos abiertos"
        lead="Todo lo que muestran nuestras páginas se puede descargar: una API de solo lectura en JSON y exportaciones en CSV y JSON, sin clave y con las mismas exclusiones que las páginas."
      />
      <div className="prose">
        <section aria-labelledby="como-se-usa">
          <h2 id="como-se-usa">Cómo se usa</h2>
          <ul>
            <li>
              Índice de la API:{" "}
              <a href="/api/v1">
                <code>/api/v1</code>
              </a>
              . Todo es <code>GET</code>, en JSON UTF-8 (<code>application/json; charset=utf-8</code>).
            </li>
            <li>
              Las listas devuelven <code>{"{ data: [...], pagination: { limit, next_cursor, next } }"}</code>. Para seguir, pedid la
              dirección de <code>next</code> (también en la cabecera <code>Link: rel=&quot;next&quot;</code>) hasta que sea{" "}
              <code>null</code>. Paginamos por cursor: una página no se desordena aunque entren datos nuevos.
            </li>
            <li>
              Tamaño de página: {DEFAULT_LIMIT} filas por defecto, como máximo {MAX_LIMIT} (<code>limit</code>).
            </li>
            <li>
              Horas en ISO 8601 y UTC (<code>2026-03-02T08:15:00.000Z</code>). Nombres de campo en inglés, en <code>snake_case</code>,
              estables: si cambian, será en una nueva versión (<code>/api/v2</code>) y lo anotaremos en{" "}
              <Link href="/correcciones">Correcciones</Link>.
            </li>
            <li>
              Errores en JSON: <code>{"{ error: { code, message, parameter } }"}</code>. Un parámetro desconocido, repetido o mal formado da
              400; un id o una cabecera que no existe, 404; si la base de datos no responde, 503 con <code>Retry-After</code>.
            </li>
            <li>
              Caché: las respuestas de la API valen 60 s (<code>Cache-Control: public, max-age=60, stale-while-revalidate=300</code>) y
              llevan <code>ETag</code>: con <code>If-None-Match</code> os contestamos 304 si nada cambió. Las exportaciones valen 5 minutos.
            </li>
            <li data-testid="api-budget">
              Cupo por dirección: {formatNumber(appConfig().apiBudgets.api.limit)} llamadas a la API y{" "}
              {formatNumber(appConfig().apiBudgets.exports.limit)} exportaciones por minuto. Cada respuesta lo dice en las cabeceras{" "}
              <code>RateLimit-Policy</code> y <code>RateLimit</code>; pasado el cupo contestamos 429 con <code>Retry-After</code> (segundos
              hasta que se renueva). Es la misma cortesía que pedimos a los medios para nuestro bot.
            </li>
            <li data-testid="api-busy">
              Exportaciones a la vez: preparamos {formatNumber(appConfig().misses.exports)} al mismo tiempo, una por dirección (los volcados
              diarios no cuentan: se leen del disco). Si están ocupadas, o si el sitio tiene demasiadas consultas en marcha, contestamos 503
              con <code>Retry-After</code> y el error <code>unavailable</code> en JSON: basta con volver a intentarlo pasado ese tiempo.
            </li>
          </ul>
        </section>

        <section aria-labelledby="exportaciones">
          <h2 id="exportaciones">Exportaciones</h2>
          <p>
            <code>/api/v1/exports/{"{conjunto}"}.csv</code> y <code>/api/v1/exports/{"{conjunto}"}.json</code> descargan un conjunto entero
            con los mismos filtros que su lista (sin <code>limit</code> ni <code>cursor</code>). Artículos, versiones de titular y
            posiciones cubren por defecto los últimos 7 días y, como mucho, 93 días por descarga: para más, pedid varios tramos con
            <code> from</code> y <code>to</code>.
          </p>
          <p>
            El CSV sigue el RFC 4180: primera fila con los nombres de campo, comas, comillas dobles cuando hace falta y fin de línea CRLF,
            en UTF-8. Las listas van separadas por «; ». Una celda que empieza por <code>=</code>, <code>+</code>, <code>-</code> o
            <code> @</code> lleva delante un apóstrofo, para que ninguna hoja de cálculo la ejecute como fórmula.
          </p>
          <p data-testid="bulk-link">
            Para descargas grandes: los <Link href="/datos/volcados">volcados diarios</Link> (cada día en CSV comprimido y Parquet, con
            sumas SHA-256) y el paquete para investigación (un zip con un periodo, las cabeceras que elijáis, el libro de códigos y la
            versión de los datos).
          </p>
        </section>

        <section aria-labelledby="exclusiones">
          <h2 id="exclusiones">Exclusiones</h2>
          <p>
            La API y las exportaciones aplican las mismas peticiones que las páginas (<Link href="/editores">Editores</Link>
            ): una cabecera con exclusión total no aparece en ninguna parte; «sin titulares literales» deja <code>headline</code>,{" "}
            <code>url</code> y<code> text_hash</code> en <code>null</code> con <code>headline_withheld: true</code> (sus rasgos de sí o no,
            como pregunta o cita, se siguen dando: con ellos no se puede reconstruir ni comprobar un titular); «sin posición» quita sus
            tramos de portada y la hora en que la vimos en portada; «sin anotación de modelo» deja vacíos los campos de encuadre y el idioma
            detectado (lo detecta un modelo); y la firma de quien pidió no aparecer se sustituye por «sin firma a petición del autor».
          </p>
        </section>

        <section aria-labelledby="conjuntos">
          <h2 id="conjuntos">Conjuntos, parámetros y campos</h2>
          {DATASETS.map((d) => {
            const doc = DATASET_DOCS[d.name];
            return (
              <section key={d.name} aria-labelledby={`conjunto-${d.name}`}>
                <h3 id={`conjunto-${d.name}`}>{doc.title}</h3>
                <p>{doc.summary}</p>
                <ul>
                  <li>
                    Lista:{" "}
                    <a href={`/api/v1/${d.name}`}>
                      <code>/api/v1/{d.name}</code>
                    </a>
                    . Orden: {doc.order}
                  </li>
                  {doc.detail ? (
                    <li>
                      Detalle: <code>{doc.detail}</code>
                    </li>
                  ) : null}
                  <li>
                    Exportación:{" "}
                    <a href={`/api/v1/exports/${d.name}.csv`} download>
                      <code>/api/v1/exports/{d.name}.csv</code>
                    </a>{" "}
                    o{" "}
                    <a href={`/api/v1/exports/${d.name}.json`} download>
                      <code>.json</code>
                    </a>
                  </li>
                </ul>
                {d.params.length > 0 ? (
                  <div className="table-wrap">
                    <table>
                      <caption className="table-caption">Parámetros de {doc.title.toLowerCase()}</caption>
                      <thead>
                        <tr>
                          <th scope="col">Parámetro</th>
                          <th scope="col">Significado</th>
                        </tr>
                      </thead>
                      <tbody>
                        {d.params.map((p) => (
                          <tr key={p}>
                            <th scope="row" style={asCode}>
                              <code>{p}</code>
                            </th>
                            <td>{PARAM_DOCS[p]}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : null}
                <div className="table-wrap">
                  <table>
                    <caption className="table-caption">Campos de {doc.title.toLowerCase()}, en el orden de las columnas del CSV</caption>
                    <thead>
                      <tr>
                        <th scope="col">Campo</th>
                        <th scope="col">Significado</th>
                      </tr>
                    </thead>
                    <tbody>
                      {d.fields.map((f) => (
                        <tr key={f}>
                          <th scope="row" style={asCode}>
                            <code>{f}</code>
                          </th>
                          <td>{fieldDoc(d.name, f)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
            );
          })}
        </section>

        <FrontPageEndpointDocs />

        <AnalysisBlockDocs />

        <ResearchSections siteUrl={appConfig().siteUrl} />

        <section aria-labelledby="licencia">
          <h2 id="licencia">Licencia y uso</h2>
          <p>
            Los datos que producimos nosotros (horas, posiciones, recuentos, historias y derivados) se publican con licencia
            <a href="https://creativecommons.org/licenses/by/4.0/deed.es"> Creative Commons Reconocimiento 4.0</a>: podéis reutilizarlos
            citando a Hemeroscopio. Los titulares son de sus medios; los citamos con fines de información y análisis, y así debéis usarlos
            vosotros, citando también al medio.
          </p>
          <p>
            No hace falta clave. Os pedimos lo mismo que nos exigimos al leer a los medios: peticiones de una en una, respetar la caché y
            usar las exportaciones para volúmenes grandes en lugar de recorrer la API entera a diario. Nunca publicamos el texto de los
            artículos: no lo guardamos.
          </p>
          <p>
            La API y las exportaciones no llevan reserva de minería de textos y datos (sí las páginas del sitio, que citan titulares): lo
            declaramos en <a href="/.well-known/tdmrep.json">/.well-known/tdmrep.json</a>.
          </p>
        </section>
      </div>
    </>
  );
}
