/**
 * An outlet's page ("ficha", SPEC WEB-1): every figure says over which period it is measured,
 * and takes the period `desde`/`hasta` asked for in the URL (WEB-5).
 */
import { loadOutletPage } from "@/db/queries/outlet-page/outlet-page";
import { loadPolicies } from "@/db/policies-in-force";
import { readSiteData } from "@/app/_lib/pages/data";
import { parseOutletPeriod } from "@/lib/pages/outlet-period";
import { outletReadingNote } from "@/lib/pages/reading-span";
import { dayValue } from "@/lib/pages/peninsular-time";
import { zoneLabel } from "@/lib/pages/time-zone";
import { FeedLink } from "../../../_components/history/feed-link";
import { PeriodForm } from "../../../_components/history/period-form";
import { Downloads } from "../../../_components/downloads";
import { PageHeader } from "../../../_components/page-header";
import { ServiceUnavailable } from "../../../_components/service-unavailable";
import { AgencySection } from "./_sections/agency";
import { AgencyFrontSection } from "./_sections/agency-front";
import { DelaySection } from "./_sections/delay";
import { FrontPageNowSection } from "./_sections/front-page-now";
import { FrontPageTimeSection } from "./_sections/front-page-time";
import { HeadlineChangesSection } from "./_sections/headline-changes";
import { HeadlineFeaturesSection } from "./_sections/headline-features";
import { HeadlineTestsSection, loadHeadlineTests } from "./_sections/headline-tests";
import { MixSections } from "./_sections/mix";
import { RepliesSection } from "./_sections/replies";
import { RequestsInForce } from "./_sections/requests-in-force";
import { SilencesSection } from "./_sections/silences";
import { SignalsSection } from "./_sections/signals";
import { StatusSection } from "./_sections/status";
import { TimelinesSection } from "./_sections/timelines";
import { siteClock } from "@/db/server";
import { pageNotFound, type PageRequest } from "@/app/_lib/html/public-page";
import type { DocumentParts } from "@/app/_lib/html/public-document";

/** Ficha of one active outlet, titled by its name; unknown, inactive or fully excluded outlets are a 404 (PUB-6). */
export async function outletPage({ params, searchParams }: PageRequest<{ slug: string }>): Promise<DocumentParts> {
  const parsed = parseOutletPeriod(searchParams);
  const chosen = parsed.ok ? parsed.value : undefined;
  const read = await readSiteData(async (db) =>
    loadOutletPage(db, await loadPolicies(db), { slug: params.slug, now: siteClock().now(), period: chosen }),
  );
  if (!read.ok) return { title: "Servicio no disponible", body: <ServiceUnavailable /> };
  const page = read.value;
  if (!page) pageNotFound();
  const { outlet } = page;
  const tz = outlet.timezone;
  const readingNote = outletReadingNote(page.status.readingSince, page.figuresWindow.start, tz);
  const headlineTests = await loadHeadlineTests(outlet.id, page.now, page.period);
  return {
    title: outlet.name,
    body: (
      <>
        <PageHeader
          eyebrow="Cabecera"
          title={outlet.name}
          lead={
            <>
              Lo que hemos medido de su portada, sus feeds y sus sitemaps. Portada:{" "}
              <a href={outlet.homepage} rel="noopener noreferrer">
                {outlet.homepage}
              </a>
              . <span data-testid="time-zone">Horas en {zoneLabel(tz)}</span>.
            </>
          }
        />
        <RequestsInForce policy={outlet.policy} />
        {parsed.ok ? null : (
          // The proxy answers this with HTTP 400 (SEC-6); the page still offers the form.
          <p className="notice" role="alert" data-testid="bad-query">
            No hemos podido leer el periodo pedido: {parsed.reason} Se muestran las cifras más recientes.
          </p>
        )}
        <PeriodForm slug={outlet.slug} today={dayValue(page.now)} chosen={chosen} />
        {readingNote === null ? null : (
          <p className="hint" data-testid="reading-span">
            {readingNote}
          </p>
        )}
        <Downloads
          dataset="articles"
          filters={{ outlet: outlet.slug, from: chosen ? page.period?.start : undefined, to: chosen ? page.period?.end : undefined }}
          what={chosen ? "sus noticias del periodo elegido" : "sus noticias de los últimos 7 días"}
        />
        {page.frontPage ? (
          <FrontPageNowSection frontPage={page.frontPage} timeZone={tz} slug={outlet.slug} periodEnd={page.period?.end} />
        ) : null}
        {page.frontPage && outlet.policy.positions ? (
          <Downloads
            dataset="rank-spans"
            filters={{ outlet: outlet.slug, from: chosen ? page.period?.start : undefined, to: chosen ? page.period?.end : undefined }}
            what="los puestos de sus noticias en portada, con desde y hasta"
          />
        ) : null}
        {page.timelines ? (
          <TimelinesSection timelines={page.timelines} outletName={outlet.name} timeZone={tz} chosen={chosen} slug={outlet.slug} />
        ) : null}
        <HeadlineChangesSection data={page.headlineChanges} timeZone={tz} chosen={chosen} />
        <Downloads
          dataset="headline-versions"
          filters={{ outlet: outlet.slug, from: chosen ? page.period?.start : undefined, to: chosen ? page.period?.end : undefined }}
          what="cada versión de sus titulares"
        />
        <FeedLink
          href={`/cabeceras/${outlet.slug}/cambios.atom`}
          title={`${outlet.name}: titulares cambiados`}
          text="Sigue sus cambios de titular"
        />
        <HeadlineTestsSection counts={headlineTests} now={page.now} timeZone={tz} chosen={chosen} window={page.period} />
        {page.frontPageTime ? <FrontPageTimeSection data={page.frontPageTime} timeZone={tz} chosen={chosen} /> : null}
        <DelaySection data={page.delay} outletName={outlet.name} timeZone={tz} chosen={chosen} slug={outlet.slug} />
        <MixSections
          sections={page.sections}
          framing={page.framing}
          outletName={outlet.name}
          timeZone={tz}
          chosen={chosen}
          slug={outlet.slug}
        />
        <HeadlineFeaturesSection data={page.features} timeZone={tz} chosen={chosen} />
        <AgencySection agency={page.agency} timeZone={tz} chosen={chosen} />
        {page.agencyFront ? <AgencyFrontSection share={page.agencyFront} /> : null}
        <SilencesSection data={page.silences} outletName={outlet.name} timeZone={tz} slug={outlet.slug} chosen={Boolean(chosen)} />
        <StatusSection status={page.status} timeZone={tz} />
        <SignalsSection signals={page.signals} timeZone={tz} />
        <RepliesSection replies={page.replies} timeZone={tz} />
      </>
    ),
  };
}
