/** "Volcados diarios" (SPEC WEB-9): the nightly bulk files by day, with rows, sizes and checksums, and the research bundle's form. */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { readBulkDays } from "@/db/bulk/read-days";
import { listApiOutlets } from "@/db/open-data/sql/outlets";
import { loadPolicies } from "@/db/policies-in-force";
import { appConfig, siteClock } from "@/db/server";
import { readSiteData } from "@/app/_lib/pages/data";
import { BUNDLE_MAX_DAYS } from "@/app/_lib/bulk/bundle-params";
import { DATASET_DOCS } from "@/app/_lib/api/docs";
import { utcDay, type BulkManifest } from "@/lib/bulk/manifest";
import { DATASET_VERSION } from "@/lib/dataset-version";
import { formatBytes, formatDay, formatNumber } from "@/lib/pages/format";
import { PageHeader } from "../../../_components/page-header";
import { ServiceUnavailable } from "../../../_components/service-unavailable";

export const metadata: Metadata = { title: "Volcados diarios" };
export const dynamic = "force-dynamic";

const FORMAT_WORDS: Record<string, string> = { "csv.gz": "CSV comprimido (gzip)", parquet: "Parquet" };

function DayFiles({ manifest }: { manifest: BulkManifest }) {
  const base = `/api/v1/bulk/${manifest.day}`;
  return (
    <div className="table-wrap">
      <table className="data-table" data-testid={`bulk-day-${manifest.day}`}>
        <caption className="hint">
          Generado el {manifest.generated_at.replace("T", " ").slice(0, 16)} UTC, versión {manifest.dataset_version}.{" "}
          <a href={`${base}/manifest.json`}>manifest.json</a>
        </caption>
        <thead>
          <tr>
            <th scope="col">Archivo y SHA-256</th>
            <th scope="col">Filas</th>
            <th scope="col">Tamaño</th>
          </tr>
        </thead>
        <tbody>
          {manifest.files.map((f) => (
            <tr key={f.name}>
              <th scope="row">
                <a href={`${base}/${f.name}`} download>
                  {DATASET_DOCS[f.dataset].title}
                </a>{" "}
                <span className="hint">{FORMAT_WORDS[f.format]}</span>
                {/* Under the name rather than in a column of its own: 64 digits would squeeze a phone's table. */}
                <code className="checksum" title="SHA-256">
                  {f.sha256}
                </code>
              </th>
              <td className="num">{formatNumber(f.rows)}</td>
              <td className="num">{formatBytes(f.bytes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default async function BulkFilesPage() {
  const { bulk } = appConfig();
  const now = siteClock().now();
  const read = await readSiteData(async (db) => {
    const [outlets, policies] = await Promise.all([listApiOutlets(db), loadPolicies(db)]);
    return outlets.filter((o) => !policies.forOutlet(o.id).excluded);
  });
  if (!read.ok) return <ServiceUnavailable />;
  const days = await readBulkDays(bulk.dir);
  const yesterday = utcDay(now, -1);
  return (
    <>
      <PageHeader
        title="Volcados diarios"
        lead="Cada noche escribimos los datos abiertos del día anterior en archivos: artículos, versiones de titular, posiciones en portada e historias, en CSV comprimido y en Parquet, con su manifiesto y sus sumas SHA-256."
      />
      <div className="prose">
        <p>
          Cada día es un día UTC, el mismo que <code>from</code> y <code>to</code> leen en la API: el archivo de un día tiene las mismas
          filas que la <Link href="/datos#exportaciones">exportación</Link> de ese día, con las mismas exclusiones. Guardamos los últimos{" "}
          {formatNumber(bulk.keepDays)} días. Si un medio pide una exclusión o se borran sus datos, reescribimos los días afectados en menos
          de una hora (y siempre dentro de las 72 horas que nos damos para cualquier copia). Versión actual de los datos: {DATASET_VERSION}.
        </p>
        <p>
          Comprobad una descarga con <code>sha256sum</code> contra la suma de la tabla o del <code>manifest.json</code> del día. Las
          descargas cuentan en el cupo de exportaciones por minuto (<Link href="/datos">Datos abiertos</Link>).
        </p>
      </div>

      <section aria-labelledby="paquete">
        <h2 id="paquete">Paquete para investigación</h2>
        <p className="prose">
          Un solo archivo zip con los cuatro conjuntos de un periodo (hasta {BUNDLE_MAX_DAYS} días) y de las cabeceras que elijáis, el libro
          de códigos (cada campo, con la definición de <Link href="/datos">Datos abiertos</Link>), la versión de los datos y cómo citarlos,
          y un manifiesto con las sumas SHA-256 de cada archivo: lo que un artículo necesita para decir exactamente qué datos usó.
        </p>
        <form className="search-form" method="get" action="/api/v1/bulk/bundle" data-testid="bundle-form">
          <label>
            Desde (día UTC)
            <input type="date" name="from" required defaultValue={utcDay(now, -7)} />
          </label>
          <label>
            Hasta (incluido)
            <input type="date" name="to" required defaultValue={yesterday} />
          </label>
          <details className="bundle-outlets">
            <summary>Cabeceras (sin marcar ninguna: todas)</summary>
            <fieldset className="outlet-choice">
              <legend className="hint">Elegid hasta 50</legend>
              {read.value.map((o) => (
                <label key={o.slug} className="check">
                  <input type="checkbox" name="outlets" value={o.slug} /> {o.name}
                </label>
              ))}
            </fieldset>
          </details>
          <button type="submit">Descargar el paquete (zip)</button>
        </form>
      </section>

      <section aria-labelledby="dias">
        <h2 id="dias">Días</h2>
        {days.length === 0 ? (
          <p data-testid="bulk-empty">Aún no hay volcados: el primero se escribe la noche después de empezar a rastrear.</p>
        ) : (
          days.map((m, i) => (
            <details key={m.day} open={i === 0} className="bulk-day">
              <summary>
                <strong>{formatDay(m.day)}</strong>{" "}
                <span className="hint">
                  {formatNumber(m.files.find((f) => f.dataset === "articles")?.rows ?? 0)} artículos ·{" "}
                  {formatBytes(m.files.reduce((s, f) => s + f.bytes, 0))}
                </span>
              </summary>
              <DayFiles manifest={m} />
            </details>
          ))
        )}
      </section>
    </>
  );
}
