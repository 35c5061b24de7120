/** "Estado": how collection is going, outlet by outlet (SPEC WEB-1, BLK-2, BLK-7, DER-8). Not built yet. */
import type { Metadata } from "next";
import { PageHeader } from "../../_components/page-header";
import { UnderConstruction } from "../../_components/under-construction";

/** Page title. */
export const metadata: Metadata = { title: "Estado" };

/** Honest placeholder saying what the status page will show. */
export default function StatusPage() {
  return (
    <>
      <PageHeader
        title="Estado"
        lead="Cómo está funcionando la recogida de datos: lo que pudimos leer, lo que no y por qué. Aquí publicaremos también nuestros propios fallos."
      />
      <UnderConstruction
        willShow={[
          "Para cada cabecera, la última lectura correcta de sus feeds, sitemaps y portada.",
          "Las portadas cerradas a nuestro bot: desde cuándo y qué parte de las comprobaciones horarias respondió en los últimos siete días.",
          "Las cabeceras marcadas «sin posición» o «sin cuerpo» porque fallan demasiadas capturas.",
          "El retraso de nuestra recogida: cuánto tardamos en ver cada noticia desde la hora que declara el medio.",
        ]}
      />
    </>
  );
}
