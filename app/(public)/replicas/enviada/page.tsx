/** After the reply form: what happens next (SPEC PUB-4). */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { PageHeader } from "../../../_components/page-header";

export const metadata: Metadata = { title: "Réplica recibida", robots: { index: false } };

export default function ReplySentPage() {
  return (
    <>
      <PageHeader
        title="Réplica recibida"
        lead="Gracias. Comprobamos con el medio que la réplica es suya y la publicamos íntegra, tal como nos la has enviado, en un plazo de 3 días."
      />
      <p data-testid="reply-received">
        La verás en la ficha de la cabecera y en <Link href="/replicas">Réplicas</Link> en cuanto esté publicada.
      </p>
    </>
  );
}
