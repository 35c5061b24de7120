/** "Metodología": how each derived figure is computed, with its thresholds and limits (SPEC DER-1…8). */
import type { Metadata } from "next";
import { PageHeader } from "../../_components/page-header";
import { AbTests } from "./_sections/ab-tests";
import { EnoughData } from "./_sections/enough-data";
import { Features } from "./_sections/features";
import { Fidelity } from "./_sections/fidelity";
import { Framing } from "./_sections/framing";
import { Genealogy } from "./_sections/genealogy";
import { Groups } from "./_sections/groups";
import { History } from "./_sections/history";
import { FrontPage } from "./_sections/front-page";
import { Labelled } from "./_sections/labelled";
import { Language } from "./_sections/language";
import { Silences } from "./_sections/silences";
import { Stories } from "./_sections/stories";
import { Thresholds } from "./_sections/thresholds";
import { Times } from "./_sections/times";
import { Wire } from "./_sections/wire";
import { WithContents } from "@/app/_components/with-contents";

/** Page title. */
export const metadata: Metadata = { title: "Metodología" };

const contents = [
  ["rasgos", "Rasgos del titular"],
  ["ciberanzuelos", "Fórmulas de ciberanzuelo"],
  ["idioma", "Idioma"],
  ["encuadre", "Encuadre"],
  ["pruebas-ab", "Pruebas A/B y reescrituras"],
  ["historias", "Historias"],
  ["teletipos", "Teletipos de agencia"],
  ["genealogia", "Genealogía de la copia de agencia"],
  ["silencios", "Silencios"],
  ["portada", "Portadas y retraso"],
  ["historico", "Portadas en el tiempo"],
  ["fidelidad", "Fidelidad"],
  ["grupos", "Grupos de cabeceras"],
  ["umbrales", "Umbrales"],
  ["pocos-datos", "Cuándo no damos una cifra"],
  ["horas", "Horas"],
  ["datos-reales", "Medido con datos reales"],
] as const;

/** Static page: every figure on it comes from the code and the model file the worker runs. */
export default function MethodsPage() {
  return (
    <>
      <PageHeader
        title="Metodología"
        lead={
          <>
            Cómo calculamos las cifras que derivamos de lo que recogemos: los rasgos, el idioma y la letra de encuadre de cada titular, las
            pruebas A/B, las historias, los teletipos de agencia y las cifras de portada. Lo que sale del cuerpo o la entradilla de una
            noticia se calcula en memoria al leerla y solo guardamos números: ese texto no lo guardamos nunca.
          </>
        }
      />
      <WithContents contents={contents}>
        <Features />
        <Language />
        <Framing />
        <AbTests />
        <Stories />
        <Wire />
        <Genealogy />
        <Silences />
        <FrontPage />
        <History />
        <Fidelity />
        <Groups />
        <Thresholds />
        <EnoughData />
        <Times />
        <Labelled />
      </WithContents>
    </>
  );
}
