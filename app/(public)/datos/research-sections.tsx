/** /datos for researchers (SPEC WEB-9): the attention series, the robots table, the OpenAPI description, examples in Python and R, and how to cite. */
import { Link } from "@/app/_components/link";
import { SERIES_DOCS, SERIES_PARAMS, PARAM_DOCS } from "@/app/_lib/api/docs";
import { DATASET_VERSION, DATASET_VERSION_DATE } from "@/lib/dataset-version";
import { citationBibtex, citationText } from "@/lib/pages/citation";
import { SERIES_FIELDS } from "@/lib/pages/attention";

const python = (siteUrl: string) => `import requests, pandas as pd

base = "${siteUrl}/api/v1"
# Artículos por día y cabecera cuyo titular dice «vivienda», en marzo de 2026
serie = requests.get(f"{base}/series", params={"q": "vivienda", "from": "2026-03-01", "to": "2026-04-01"}).json()
df = pd.DataFrame(serie["data"])
print(df[df.outlet.isna()][["day", "articles", "share"]])

# Los artículos que coinciden, página a página
url, filas = f"{base}/articles?q=vivienda&from=2026-03-01&to=2026-04-01&limit=1000", []
while url:
    pagina = requests.get(url if url.startswith("http") else "${siteUrl}" + url).json()
    filas += pagina["data"]
    url = pagina["pagination"]["next"]`;

const r = (siteUrl: string) => `library(httr2)
library(jsonlite)

base <- "${siteUrl}/api/v1"
serie <- request(base) |>
  req_url_path_append("series") |>
  req_url_query(q = "vivienda", from = "2026-03-01", to = "2026-04-01") |>
  req_perform() |>
  resp_body_string() |>
  fromJSON()
total <- subset(serie$data, is.na(outlet))
plot(as.Date(total$day), total$articles, type = "l")

# Exportación en CSV de los artículos que coinciden
articulos <- read.csv(paste0(base, "/exports/articles.csv?q=vivienda&from=2026-03-01&to=2026-04-01"))`;

/** The sections; `siteUrl` is the website's public address. */
export function ResearchSections({ siteUrl }: { siteUrl: string }) {
  const day = "AAAA-MM-DD";
  return (
    <>
      <section aria-labelledby="serie">
        <h2 id="serie">{SERIES_DOCS.title}</h2>
        <p>
          <code>/api/v1/series</code>: {SERIES_DOCS.summary} Es la misma serie que dibuja <Link href="/buscar">Buscar</Link>, que además
          compara hasta cuatro búsquedas y la descarga en CSV y JSON. Las listas y exportaciones de artículos y de versiones de titular
          aceptan también <code>q</code>.
        </p>
        <dl data-testid="series-params">
          {SERIES_PARAMS.map((p) => (
            <div key={p}>
              <dt>
                <code>{p}</code>
              </dt>
              <dd>{PARAM_DOCS[p]}</dd>
            </div>
          ))}
        </dl>
        <dl data-testid="series-fields">
          {SERIES_FIELDS.map((f) => (
            <div key={f}>
              <dt>
                <code>{f}</code>
              </dt>
              <dd>{SERIES_DOCS.fields[f]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="robots-de-las-cabeceras">
        <h2 id="robots-de-las-cabeceras">Quién bloquea a qué robots</h2>
        <p>
          <Link href="/robots">/robots</Link> muestra qué dice el robots.txt de cada cabecera a los rastreadores conocidos (GPTBot, CCBot,
          ClaudeBot, Google-Extended…) y desde cuándo, con su <a href="/robots/tabla.csv">CSV</a> y un{" "}
          <a href="/robots/cambios.atom">canal Atom de cambios</a>.
        </p>
      </section>

      <section aria-labelledby="openapi">
        <h2 id="openapi">Descripción OpenAPI</h2>
        <p>
          <a href="/api/v1/openapi.json">
            <code>/api/v1/openapi.json</code>
          </a>{" "}
          describe la API en OpenAPI 3.1, generada a partir de esta misma documentación: sirve para generar clientes o explorarla con
          cualquier visor de OpenAPI.
        </p>
      </section>

      <section aria-labelledby="ejemplos">
        <h2 id="ejemplos">Ejemplos en Python y R</h2>
        <h3>Python (requests y pandas)</h3>
        <pre className="copyable" data-testid="example-python">
          <code>{python(siteUrl)}</code>
        </pre>
        <h3>R (httr2 y jsonlite)</h3>
        <pre className="copyable" data-testid="example-r">
          <code>{r(siteUrl)}</code>
        </pre>
      </section>

      <section aria-labelledby="como-citar">
        <h2 id="como-citar">Cómo citar</h2>
        <p data-testid="dataset-version">
          Versión de los datos: <strong>{DATASET_VERSION}</strong>, del {DATASET_VERSION_DATE}. Cambia cuando cambia un campo o lo que
          significa; los datos crecen a diario, así que citad también el día en que los descargasteis. Cada exportación lleva la versión en
          su nombre de archivo y en la cabecera <code>Hemeroscopio-Dataset-Version</code>, y la serie en su campo <code>version</code>.
        </p>
        <pre className="copyable" data-testid="citation">
          <code>{citationText(siteUrl, day)}</code>
        </pre>
        <pre className="copyable">
          <code>{citationBibtex(siteUrl, day)}</code>
        </pre>
        <p>
          El repositorio incluye un archivo <code>CITATION.cff</code> con los mismos datos, que GitHub y Zenodo leen para proponer la cita.
        </p>
      </section>
    </>
  );
}
