/** An outlet's page ("ficha", SPEC WEB-1): every figure says over which period it is measured. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { loadOutletPage } from "@/db/queries/outlet-page";
import { loadPolicies } from "@/db/policy";
import { readSiteData } from "@/lib/pages/data";
import { zoneLabel } from "@/lib/pages/time-zone";
import { FeedLink } from "../../../_components/history/feed-link";
import { PageHeader } from "../../../_components/page-header";
import { ServiceUnavailable } from "../../../_components/service-unavailable";
import { AgencySection } from "./_sections/agency";
import { AgencyFrontSection } from "./_sections/agency-front";
import { DelaySection } from "./_sections/delay";
import { FrontPageNowSection } from "./_sections/front-page-now";
import { FrontPageTimeSection } from "./_sections/front-page-time";
import { HeadlineChangesSection } from "./_sections/headline-changes";
import { HeadlineTestsSection } from "./_sections/headline-tests";
import { MixSections } from "./_sections/mix";
import { RepliesSection } from "./_sections/replies";
import { RequestsInForce } from "./_sections/requests-in-force";
import { SilencesSection } from "./_sections/silences";
import { SignalsSection } from "./_sections/signals";
import { StatusSection } from "./_sections/status";
import { TimelinesSection } from "./_sections/timelines";
import { siteClock } from "@/db/server";

type Props = { params: Promise<{ slug: string }> };

// Metadata and page share one read per request.
const pageFor = cache((slug: string) =>
  readSiteData(async (db) => loadOutletPage(db, await loadPolicies(db), { slug, now: siteClock().now() })));

/** Title from the outlet's name. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const read = await pageFor((await params).slug);
  if (!read.ok) return { title: "Servicio no disponible" };
  return { title: read.value ? read.value.outlet.name : "Cabecera no encontrada" };
}

/** Ficha of one active outlet; unknown, inactive or fully excluded outlets are a 404 (PUB-6). */
export default async function OutletPage({ params }: Props) {
  const read = await pageFor((await params).slug);
  if (!read.ok) return <ServiceUnavailable />;
  const page = read.value;
  if (!page) notFound();
  const { outlet } = page;
  const tz = outlet.timezone;
  return (
    <>
      <PageHeader
        eyebrow="Cabecera"
        title={outlet.name}
        lead={<>Lo que hemos medido de su portada, sus feeds y sus sitemaps. Portada: <a href={outlet.homepage} rel="noopener noreferrer">{outlet.homepage}</a>. <span data-testid="time-zone">Horas en {zoneLabel(tz)}</span>.</>}
      />
      <RequestsInForce policy={outlet.policy} />
      {page.frontPage ? <FrontPageNowSection frontPage={page.frontPage} timeZone={tz} slug={outlet.slug} /> : null}
      {page.timelines ? <TimelinesSection timelines={page.timelines} outletName={outlet.name} timeZone={tz} /> : null}
      <HeadlineChangesSection data={page.headlineChanges} timeZone={tz} />
      <FeedLink href={`/cabeceras/${outlet.slug}/cambios.atom`} title={`${outlet.name}: titulares cambiados`} text="Sigue sus cambios de titular" />
      <HeadlineTestsSection outletId={outlet.id} now={page.now} timeZone={tz} />
      {page.frontPageTime ? <FrontPageTimeSection data={page.frontPageTime} timeZone={tz} /> : null}
      <DelaySection data={page.delay} outletName={outlet.name} timeZone={tz} />
      <MixSections sections={page.sections} framing={page.framing} outletName={outlet.name} timeZone={tz} />
      <AgencySection agency={page.agency} timeZone={tz} />
      {page.agencyFront ? <AgencyFrontSection share={page.agencyFront} /> : null}
      <SilencesSection data={page.silences} outletName={outlet.name} timeZone={tz} />
      <StatusSection status={page.status} timeZone={tz} />
      <SignalsSection signals={page.signals} timeZone={tz} />
      <RepliesSection replies={page.replies} timeZone={tz} />
    </>
  );
}
