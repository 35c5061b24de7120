/**
 * An outlet's front page at any past minute (SPEC WEB-5): the ranked links of the last
 * successful capture by then, each with its headline at that minute, how long it had been on
 * the front page and its best rank; steps through time and a plain form. Peninsular time.
 */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { notFound } from "next/navigation";
import { loadPolicies } from "@/db/policies-in-force";
import { BEST_RANK_WINDOW_MS, loadFrontPageAt } from "@/db/queries/front-pages/front-page-at";
import { findVisibleOutlet } from "@/db/queries/outlet-page/outlet";
import { siteClock } from "@/db/server";
import { readSiteData } from "@/app/_lib/pages/data";
import { parseFrontPageQuery } from "@/lib/pages/history-params";
import { captureHref, dayLeadsHref, frontPageAtHref } from "@/lib/pages/history-links";
import { dayValue, MINUTE_MS } from "@/lib/pages/peninsular-time";
import { formatElapsed, formatMoment } from "@/lib/pages/period";
import type { SearchParams } from "@/lib/pages/search-params";
import { SITE_TIME_ZONE, zoneLabel } from "@/lib/pages/time-zone";
import { CaptureNotice } from "../../../../_components/history/capture-notice";
import { MinuteForm } from "../../../../_components/history/minute-form";
import { MinuteNav } from "../../../../_components/history/minute-nav";
import { Moment } from "../../../../_components/moment";
import { PageHeader } from "../../../../_components/page-header";
import { ServiceUnavailable } from "../../../../_components/service-unavailable";

export const metadata: Metadata = { title: "Portada en el tiempo" };

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<SearchParams> };

export default async function FrontPageAtPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const parsed = parseFrontPageQuery(await searchParams);
  const now = siteClock().now();
  const minute = Math.floor(((parsed.ok ? parsed.value.at : undefined) ?? now) / MINUTE_MS) * MINUTE_MS;
  const read = await readSiteData(async (db) => {
    const outlet = await findVisibleOutlet(db, await loadPolicies(db), slug);
    if (!outlet) return undefined;
    const page = outlet.policy.positions ? await loadFrontPageAt(db, { outletId: outlet.id, policy: outlet.policy, minute, now }) : null;
    return { outlet, page };
  });
  if (!read.ok) return <ServiceUnavailable />;
  if (!read.value) notFound();
  const { outlet, page } = read.value;
  const href = (at: number) => frontPageAtHref(outlet.slug, at);
  return (
    <>
      <meta name="robots" content="noindex" />
      <PageHeader
        eyebrow="Portada en el tiempo"
        title={`${outlet.name}, el ${formatMoment(minute, SITE_TIME_ZONE)}`}
        lead={
          <>
            Su portada tal como la vimos en ese minuto: las noticias en el orden en que aparecían, con el titular que tenían entonces.{" "}
            <span data-testid="time-zone">Horas en {zoneLabel(SITE_TIME_ZONE)}</span>
            {outlet.timezone === SITE_TIME_ZONE ? "" : ` (la cabecera usa la ${zoneLabel(outlet.timezone)})`}.{" "}
            <Link href={`/cabeceras/${outlet.slug}`}>Volver a la ficha de {outlet.name}</Link>.
          </>
        }
      />
      {parsed.ok ? null : (
        // The proxy answers this with HTTP 400 (SEC-6); the page still offers the form.
        <p className="notice" role="alert" data-testid="bad-query">
          No hemos podido leer la hora pedida: {parsed.reason} Se muestra la portada de ahora.
        </p>
      )}
      <MinuteForm action={`/cabeceras/${outlet.slug}/portada`} minute={minute} />
      {page === null ? (
        <p className="notice" data-testid="positions-withheld">
          A petición del medio, no mostramos las posiciones de sus noticias en portada.
        </p>
      ) : (
        <>
          <MinuteNav minute={minute} previous={page.previous} next={page.next} now={now} href={href} />
          <CaptureNotice state={page.state} capture={page.capture} />
          {page.capture === null ? null : <Links page={page} />}
          {page.captureId === null ? null : (
            <p>
              <Link href={captureHref(outlet.slug, page.captureId)} data-testid="cite-capture">
                Citar esta captura
              </Link>
              : su dirección permanente, la huella de su lista y una versión en SVG para adjuntar.
            </p>
          )}
          <p className="hint">
            Otras vistas: <Link href={dayLeadsHref(dayValue(minute))}>qué abría cada portada ese día</Link>.
          </p>
        </>
      )}
    </>
  );
}

function Links({ page }: { page: NonNullable<Awaited<ReturnType<typeof loadFrontPageAt>>> }) {
  const capture = page.capture!;
  return (
    <section aria-labelledby="enlaces">
      <h2 id="enlaces">
        La portada según la captura del <Moment at={capture} timeZone={SITE_TIME_ZONE} />
      </h2>
      {page.links.length === 0 ? (
        <p>Esa captura no encontró enlaces a noticias.</p>
      ) : (
        <>
          <p className="hint">
            {page.links.length === 1 ? "Una noticia" : `${page.links.length} noticias`}. «En portada desde»: desde cuándo seguía en ella sin
            interrupción hasta esa captura; «mejor puesto»: el más alto que tuvo en ese tiempo (como mucho, en las{" "}
            {BEST_RANK_WINDOW_MS / 3_600_000} horas anteriores).
          </p>
          <div className="table-wrap">
            <table className="data-table" data-testid="past-front-page">
              <thead>
                <tr>
                  <th scope="col">Posición</th>
                  <th scope="col">Titular entonces</th>
                  <th scope="col">En portada desde</th>
                  <th scope="col">Mejor puesto</th>
                </tr>
              </thead>
              <tbody>
                {page.links.map((link) => (
                  <tr key={link.articleId}>
                    <td className="num">{link.rank}</td>
                    <td>
                      <Link href={`/noticias/${link.articleId}`}>{link.headline}</Link>
                    </td>
                    <td>
                      <Moment at={link.since} timeZone={SITE_TIME_ZONE} />{" "}
                      <span className="muted">({formatElapsed(capture - link.since)})</span>
                    </td>
                    <td className="num">{link.bestRank}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
