/** Sections and framing of the outlet's recent articles (SPEC WEB-1, DER-4); agency copy is agency.tsx. */
import type { FramingDistribution } from "@/db/figures/outlet-page/framing";
import type { SectionMix } from "@/db/queries/outlet-page/mix";
import { formatCount } from "@/lib/pages/format";
import { periodWords, type OutletPeriod } from "@/lib/pages/outlet-period";
import { outletChartHref, outletChartTitle } from "@/lib/pages/outlet-charts";
import { BarChart } from "../../../../_components/charts/bar-chart";

/** Two short sections; each says when it has no data yet instead of showing zeros. */
export function MixSections({
  sections,
  framing,
  outletName,
  timeZone,
  chosen,
  slug,
}: {
  sections: SectionMix;
  framing: FramingDistribution;
  outletName: string;
  timeZone: string;
  chosen?: OutletPeriod;
  slug: string;
}) {
  const w = periodWords(chosen, sections, timeZone, "en los últimos 7 días");
  const period = w.caption;
  // The framing's own window: by default the one the worker counted it over, a few minutes behind the sections'.
  const framingPeriod = framing.shown ? periodWords(chosen, framing, timeZone, "en los últimos 7 días").caption : period;
  return (
    <>
      <section aria-labelledby="secciones">
        <h2 id="secciones">Secciones</h2>
        {sections.articles === 0 ? (
          <p>
            {sections.unread > 0
              ? `Aún no hemos leído ninguna de las ${formatCount(sections.unread, "noticia vista", "noticias vistas")} ${w.within} que no traían sección: no sabemos todavía a qué sección pertenecen.`
              : `No hemos visto noticias suyas ${w.within}.`}
          </p>
        ) : (
          <BarChart
            title={`${outletChartTitle("secciones", outletName)}, ${period}`}
            permalink={outletChartHref(slug, "secciones", chosen)}
            caption={`Reparto por la sección que declara la propia cabecera de las ${formatCount(sections.articles, "noticia vista", "noticias vistas")} por primera vez ${period}.${sections.unread > 0 ? ` No cuentan ${formatCount(sections.unread, "noticia", "noticias")} sin sección que aún no hemos leído.` : ""}`}
            bars={sections.sections.map((s) => ({ label: s.label, value: s.count }))}
            labelHeader="Sección"
            valueLabel="Noticias"
          />
        )}
      </section>
      <section aria-labelledby="encuadre">
        <h2 id="encuadre">Encuadre de los titulares</h2>
        {!framing.shown ? (
          <p>A petición del medio, ningún modelo analiza sus titulares y no mostramos su encuadre.</p>
        ) : framing.headlines === 0 ? (
          <p>
            <span className="badge">Sin datos todavía</span> Nuestro modelo aún no ha anotado el encuadre de sus titulares de este periodo (
            {framingPeriod}).
          </p>
        ) : (
          <>
            <BarChart
              title={`${outletChartTitle("encuadre", outletName)}, ${framingPeriod}`}
              permalink={outletChartHref(slug, "encuadre", chosen)}
              caption={`Letra de encuadre que asigna nuestro modelo local a cada titular de las noticias vistas ${framingPeriod}.`}
              bars={framing.letters.map((l) => ({ label: l.label, value: l.count }))}
              labelHeader="Letra"
              valueLabel="Titulares"
            />
            <p className="hint">
              Modelo: SHA-256{" "}
              {framing.modelSha256.map((s) => (
                <code key={s}>{s}</code>
              ))}
            </p>
          </>
        )}
      </section>
    </>
  );
}
