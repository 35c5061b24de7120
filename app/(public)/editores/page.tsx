/** "Editores": exclusions and their public register (SPEC WEB-1, PUB-1…3). Forms not built yet. */
import type { Metadata } from "next";
import Link from "next/link";
import { appConfig } from "@/db/server";
import { PageHeader } from "../../_components/page-header";
import { UnderConstruction } from "../../_components/under-construction";

/** Page title. */
export const metadata: Metadata = { title: "Editores" };

/** Honest placeholder with the interim way to ask for an exclusion. */
export default function PublishersPage() {
  const { contactEmail } = appConfig();
  return (
    <>
      <PageHeader
        title="Editores"
        lead="Si eres responsable de una cabecera, puedes pedir que dejemos de mostrar o de recoger parte de lo que publicas, o todo."
      />
      <UnderConstruction
        willShow={[
          "Un formulario automático de exclusión con cuatro alcances: sin titulares literales, sin anotación de modelo, sin posición y total.",
          "La verificación de que controlas el dominio, con una clave que colocas en tu robots.txt o en una dirección conocida de tu web.",
          "La petición de que dejemos de comprobar cada hora una portada que nos tiene cerrada.",
          "El registro público de todas las exclusiones: cabecera, alcance, recibida, aplicada y confirmada.",
        ]}
        meanwhile={
          <>
            Mientras tanto, escribe a <a href={`mailto:${contactEmail}`}>{contactEmail}</a> indicando la cabecera y el alcance:
            lo aplicamos en menos de 24 horas laborables y te lo confirmamos en 72 horas. Para cerrar el paso a nuestro bot
            por completo basta con tu robots.txt, como se explica en <Link href="/bot" prefetch={false}>El bot</Link>.
          </>
        }
      />
    </>
  );
}
