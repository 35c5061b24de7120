/** An outlet's ficha: for now its name, its home page and what the ficha will show. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { loadPolicies } from "@/db/queries/policy";
import { readSiteData } from "@/lib/site-data";
import { findActiveOutlet } from "@/lib/site-outlets";
import { PageHeader } from "../../../_components/page-header";
import { ServiceUnavailable } from "../../../_components/service-unavailable";
import { UnderConstruction } from "../../../_components/under-construction";

type Props = { params: Promise<{ slug: string }> };

// Metadata and page share one read per request.
const outletFor = cache((slug: string) => readSiteData(async (db) => findActiveOutlet(db, await loadPolicies(db), slug)));

/** Title from the outlet's name. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const read = await outletFor((await params).slug);
  if (!read.ok) return { title: "Servicio no disponible" };
  return { title: read.value ? read.value.name : "Cabecera no encontrada" };
}

/** Ficha of one active outlet (SPEC WEB-1); unknown or inactive slugs are a 404. */
export default async function OutletPage({ params }: Props) {
  const read = await outletFor((await params).slug);
  if (!read.ok) return <ServiceUnavailable />;
  const outlet = read.value;
  if (!outlet) notFound();
  return (
    <>
      <PageHeader
        eyebrow="Cabecera"
        title={outlet.name}
        lead={<>Portada: <a href={outlet.homepage} rel="noopener noreferrer">{outlet.homepage}</a></>}
      />
      <UnderConstruction
        willShow={[
          "Su portada ahora: qué noticias encabeza y en qué orden.",
          "La posición de cada noticia a lo largo del tiempo y los cambios de titular.",
          "El retraso entre la hora que declara el medio y la primera vez que vimos la noticia.",
          "El reparto por secciones, la proporción de teletipos de agencia y la distribución del encuadre.",
          "Su estado: bloqueos, robots.txt, reservas de minería y otras señales que publica.",
          "Las réplicas que la cabecera nos haya enviado, íntegras.",
        ]}
      />
    </>
  );
}
