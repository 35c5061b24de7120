/**
 * Headline features compared across outlets (SPEC DER-1, WEB-2, WEB-7): for each outlet, the
 * share of its headlines of the period that are questions, carry quotes or numbers, or use a
 * clickbait formula, each with the count it rests on; "aún pocos datos" below the threshold.
 */
import Link from "next/link";
import type { OutletComparison } from "@/db/queries/outlet-comparison";
import { ENOUGH_DATA } from "@/lib/pages/enough-data";
import { formatNumber } from "@/lib/pages/format";
import { FEATURE_COLUMNS, featureShares } from "@/lib/pages/headline-feature-shares";
import { formatPeriod } from "@/lib/pages/period";

/** One row per outlet, in the comparison's order (by name). */
export function HeadlineFeaturesTable({ data }: { data: OutletComparison }) {
  return (
    <section aria-labelledby="rasgos-comparados">
      <h2 id="rasgos-comparados">Rasgos de sus titulares</h2>
      <p className="hint">
        Proporción de los titulares (todas sus versiones) de las noticias vistas por primera vez en los últimos 7 días
        ({formatPeriod(data.start, data.end)}, hora peninsular) con cada rasgo, y entre paréntesis cuántos de cuántos. Solo cuentan
        los titulares en español: los de otros idiomas, «no aplicable», se indican aparte. «Aún pocos datos»: menos de{" "}
        {ENOUGH_DATA.headlineFeatures.min} titulares analizados. <Link href="/metodologia#rasgos" prefetch={false}>Qué es cada rasgo</Link>.
      </p>
      <div className="table-wrap">
        <table className="data-table comparison" data-testid="features-comparison">
          <caption className="visually-hidden">Rasgos de los titulares por cabecera, últimos 7 días</caption>
          <thead>
            <tr>
              <th scope="col">Cabecera</th><th scope="col">Titulares analizados</th>
              {FEATURE_COLUMNS.map((c) => <th scope="col" key={c.key}>{c.label}</th>)}
              <th scope="col">En otros idiomas (no aplicable)</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => {
              const shares = featureShares(r.features);
              return (
                <tr key={r.slug}>
                  <th scope="row"><Link href={`/cabeceras/${r.slug}#rasgos-titulares`} prefetch={false}>{r.name}</Link></th>
                  <td className="num">{formatNumber(r.features.headlines)}</td>
                  {shares.map((s) => (
                    <td className="num" key={s.key}>{s.share === null ? <span className="muted" title={s.text}>aún pocos datos</span> : s.text}</td>
                  ))}
                  <td className="num">{formatNumber(r.features.otherLanguage)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
