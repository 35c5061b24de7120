/** "Historias": the same news told by several outlets (SPEC WEB-1, DER-2). Not built yet. */
import type { Metadata } from "next";
import { PageHeader } from "../../_components/page-header";
import { UnderConstruction } from "../../_components/under-construction";

/** Page title. */
export const metadata: Metadata = { title: "Historias" };

/** Honest placeholder saying what the stories section will show. */
export default function StoriesPage() {
  return (
    <>
      <PageHeader
        title="Historias"
        lead="Cuando varias cabeceras cuentan la misma noticia, la agrupamos en una historia para comparar quién la dio, cuándo y con qué relieve."
      />
      <UnderConstruction
        willShow={[
          "Las historias que más cabeceras han cubierto en las últimas 24 horas.",
          "Para cada historia: qué medios la publicaron, a qué hora, en qué posición de portada y durante cuánto tiempo.",
          "Una línea de tiempo de la cobertura, medio a medio.",
          "Una descripción de la historia con nuestras propias palabras, nunca copiada de un medio.",
        ]}
      />
    </>
  );
}
