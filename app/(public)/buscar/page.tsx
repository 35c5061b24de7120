/** "Buscar": search over recorded headlines (SPEC WEB-1). Not built yet. */
import type { Metadata } from "next";
import { PageHeader } from "../../_components/page-header";
import { UnderConstruction } from "../../_components/under-construction";

/** Page title. */
export const metadata: Metadata = { title: "Buscar" };

/** Honest placeholder saying what the search will do. */
export default function SearchPage() {
  return (
    <>
      <PageHeader title="Buscar" lead="Búsqueda en todos los titulares que hemos registrado, también en los que los medios cambiaron después." />
      <UnderConstruction
        willShow={[
          "Un buscador de palabras en los titulares, con filtros por cabecera y por fechas.",
          "Cada resultado con su historial: las versiones del titular y cuándo estuvo cada una.",
          "Un formulario sencillo que funciona sin JavaScript.",
        ]}
      />
    </>
  );
}
