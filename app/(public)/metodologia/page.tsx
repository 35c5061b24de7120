/** "Metodología": how each derived figure is computed, with its thresholds and limits (SPEC DER-1, DER-4, DER-6). */
import type { Metadata } from "next";
import { PageHeader } from "../../_components/page-header";
import { AbTests } from "./_sections/ab-tests";
import { Features } from "./_sections/features";
import { Framing } from "./_sections/framing";
import { Language } from "./_sections/language";
import { Thresholds } from "./_sections/thresholds";

/** Page title. */
export const metadata: Metadata = { title: "Metodología" };

const contents = [
  ["rasgos", "Rasgos del titular"],
  ["ciberanzuelos", "Fórmulas de ciberanzuelo"],
  ["idioma", "Idioma"],
  ["encuadre", "Encuadre"],
  ["pruebas-ab", "Pruebas A/B y reescrituras"],
  ["umbrales", "Umbrales"],
] as const;

/** Static page: every figure on it comes from the code and the model file the worker runs. */
export default function MethodsPage() {
  return (
    <>
      <PageHeader
        title="Metodología"
        lead={
          <>
            Cómo calculamos las cifras que derivamos de los titulares: sus rasgos, su idioma, la letra de encuadre y la
            distinción entre pruebas A/B y reescrituras. Todo se calcula a partir del texto del titular, que sí guardamos;
            nunca a partir del cuerpo de los artículos, que no guardamos.
          </>
        }
      />
      <div className="with-toc">
        <nav className="toc" aria-labelledby="en-esta-pagina">
          <h2 id="en-esta-pagina">En esta página</h2>
          <ol>
            {contents.map(([id, label]) => <li key={id}><a href={`#${id}`}>{label}</a></li>)}
          </ol>
        </nav>
        <div className="prose">
          <Features />
          <Language />
          <Framing />
          <AbTests />
          <Thresholds />
        </div>
      </div>
    </>
  );
}
