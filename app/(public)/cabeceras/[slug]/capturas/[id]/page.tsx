/**
 * One front-page capture, citable (SPEC WEB-5): a stable permalink by capture id, what was
 * captured and when, the ranked list with each headline as it was then, the list's digest
 * and a ready citation line, and the same as one SVG page to attach as evidence.
 */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { notFound } from "next/navigation";
import { loadPolicies } from "@/db/policies-in-force";
import { appConfig, siteClock } from "@/db/server";
import { readCitedCapture } from "@/app/_lib/pages/cited-capture";
import { readSiteData } from "@/app/_lib/pages/data";
import { capturedRowsHtml } from "@/lib/pages/captured-rows-html";
import { captureHref, frontPageAtHref } from "@/lib/pages/history-links";
import { parseIdParam } from "@/lib/pages/ids";
import { formatMoment } from "@/lib/pages/period";
import { SITE_TIME_ZONE, zoneLabel } from "@/lib/pages/time-zone";
import { PageHeader } from "../../../../../_components/page-header";
import { ServiceUnavailable } from "../../../../../_components/service-unavailable";

export const metadata: Metadata = { title: "Captura de portada" };

type Props = { params: Promise<{ slug: string; id: string }> };

const READ_AS: Record<string, string> = { static: "el HTML de la página", browser: "la página dibujada en un navegador" };

export default async function CapturePage({ params }: Props) {
  const { slug, id } = await params;
  const captureId = parseIdParam(id);
  if (captureId === undefined) notFound();
  const read = await readSiteData(async (db) =>
    readCitedCapture(db, await loadPolicies(db), { slug, captureId, now: siteClock().now(), siteUrl: appConfig().siteUrl }),
  );
  if (!read.ok) return <ServiceUnavailable />;
  const view = read.value;
  if ("missing" in view) {
    if (view.missing === "capture" || !view.outlet) notFound();
    return (
      <>
        <PageHeader eyebrow="Captura de portada" title={view.outlet.name} />
        <p className="notice" data-testid="positions-withheld">
          A petición del medio, no mostramos las posiciones de sus noticias en portada.
        </p>
      </>
    );
  }
  const { outlet, capture, digest, citation, permalink } = view;
  return (
    <>
      <PageHeader
        eyebrow="Captura de portada"
        title={`${outlet.name}, ${formatMoment(capture.at, SITE_TIME_ZONE)}`}
        lead={
          <>
            La portada tal como la leímos en esta captura: sus noticias en orden, con el titular que tenían en ese momento. Esta dirección
            no cambia: sirve para citarla. <Link href={`/cabeceras/${outlet.slug}`}>Volver a la ficha de {outlet.name}</Link>.
          </>
        }
      />
      <dl className="facts" data-testid="capture-facts">
        <dt>Captura</dt>
        <dd>n.º {capture.id}</dd>
        <dt>Momento</dt>
        <dd>
          {formatMoment(capture.at, SITE_TIME_ZONE)} ({zoneLabel(SITE_TIME_ZONE)});{" "}
          <time dateTime={new Date(capture.at).toISOString()}>{new Date(capture.at).toISOString()}</time>
        </dd>
        <dt>Qué leímos</dt>
        <dd>
          {READ_AS[capture.renderMode] ?? capture.renderMode}
          {capture.notModified
            ? "; el medio respondió que no había cambiado desde la lectura anterior (304), así que confirma su lista"
            : ""}
        </dd>
        <dt>Huella del listado</dt>
        <dd>
          <code data-testid="digest">{digest}</code>
        </dd>
      </dl>
      <section aria-labelledby="citar">
        <h2 id="citar">Cómo citarla</h2>
        <p className="citation" data-testid="citation">
          {citation}
        </p>
        <p className="hint">
          La huella es el SHA-256 de una línea por noticia, «posición, tabulador, dirección, tabulador, titular», en orden: quien tenga esta
          lista puede recalcularla y comprobar que no ha cambiado.{" "}
          <a href={`${captureHref(outlet.slug, capture.id)}/portada.svg`} download={`${outlet.slug}-captura-${capture.id}.svg`}>
            Descargar en SVG (una página)
          </a>
          {" · "}
          <Link href={frontPageAtHref(outlet.slug, capture.at)}>Ver la portada en ese minuto</Link>
          {capture.previousId === null ? null : (
            <>
              {" · "}
              <Link href={captureHref(outlet.slug, capture.previousId)} rel="prev">
                Captura anterior
              </Link>
            </>
          )}
          {capture.nextId === null ? null : (
            <>
              {" · "}
              <Link href={captureHref(outlet.slug, capture.nextId)} rel="next">
                Captura siguiente
              </Link>
            </>
          )}
        </p>
      </section>
      <section aria-labelledby="lista">
        <h2 id="lista">{capture.links.length === 1 ? "Una noticia" : `${capture.links.length} noticias`}</h2>
        {capture.links.length === 0 ? (
          <p>Esta captura no encontró enlaces a noticias.</p>
        ) : (
          <div className="table-wrap">
            <table className="data-table captured-list" data-testid="captured-list">
              <thead>
                <tr>
                  <th scope="col">Posición</th>
                  <th scope="col">Titular entonces</th>
                  <th scope="col">Dirección</th>
                </tr>
              </thead>
              <tbody dangerouslySetInnerHTML={{ __html: capturedRowsHtml(capture.links) }} />
            </table>
          </div>
        )}
      </section>
      <link rel="canonical" href={permalink} />
    </>
  );
}
