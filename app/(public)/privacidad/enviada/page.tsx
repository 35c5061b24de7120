/** After the byline form: what happens next (SPEC PUB-5). */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { PageHeader } from "../../../_components/page-header";

export const metadata: Metadata = { title: "Petición recibida", robots: { index: false } };

export default function BylineSentPage() {
  return (
    <>
      <PageHeader
        title="Petición recibida"
        lead="Gracias. En cuanto la revisemos dejaremos de mostrar tu nombre junto a los titulares citados; aparecerán «sin firma a petición del autor»."
      />
      <p data-testid="byline-received">
        Te escribiremos al correo que nos has dado. Más información en <Link href="/privacidad#firmas">Privacidad</Link>.
      </p>
    </>
  );
}
