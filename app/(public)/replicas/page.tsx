/** "Réplicas": outlets' replies, published in full (SPEC WEB-1, PUB-4). Not built yet. */
import type { Metadata } from "next";
import { appConfig } from "@/db/server";
import { PageHeader } from "../../_components/page-header";
import { UnderConstruction } from "../../_components/under-construction";

/** Page title. */
export const metadata: Metadata = { title: "Réplicas" };

/** Honest placeholder with the interim way to send a reply. */
export default function RepliesPage() {
  const { contactEmail } = appConfig();
  return (
    <>
      <PageHeader
        title="Réplicas"
        lead="Cualquier cabecera puede responder a lo que publicamos sobre ella. Publicamos su réplica íntegra, tal como nos llega, en la ficha de la cabecera."
      />
      <UnderConstruction
        willShow={[
          "Todas las réplicas publicadas, con la fecha en que llegaron y la fecha en que se publicaron.",
          "Un formulario para enviar una réplica, que publicamos en un plazo de 3 días.",
        ]}
        meanwhile={<>Mientras tanto, envía tu réplica a <a href={`mailto:${contactEmail}`}>{contactEmail}</a>: la publicaremos íntegra en un plazo de 3 días.</>}
      />
    </>
  );
}
