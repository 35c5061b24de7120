/**
 * Headline features compared across outlets (SPEC DER-1, DER-4, WEB-2, WEB-7): for each outlet,
 * the share of its headlines of the period that are questions, carry quotes or numbers, use a
 * clickbait formula, or carry each framing letter, each with the count it rests on; "aún pocos
 * datos" below the threshold. Sorted by any column with plain links (`?rasgos=`), no JavaScript.
 */
import { Link } from "@/app/_components/link";
import type { OutletComparison } from "@/db/queries/site/outlet-comparison";
import { formulasMeasuredNote } from "@/lib/analysis/clickbait-measured";
import { ENOUGH_DATA } from "@/lib/pages/enough-data";
import { FEATURE_SORT_KEYS, FEATURES_SORT, FRAMING_COLUMNS, framingShares } from "@/lib/pages/features-comparison";
import { formatNumber } from "@/lib/pages/format";
import { FEATURE_COLUMNS, featureShares } from "@/lib/pages/headline-feature-shares";
import { formatPeriod } from "@/lib/pages/period";
import { parseSort, sortRows } from "@/lib/pages/table-sort";
import { SortableTh } from "../../../_components/sortable-th";

type Query = Record<string, string | string[] | undefined>;

/** A share, or «aún pocos datos» / withheld in grey with the reason in its title. */
function Share({ share, text }: { share: number | null; text: string }) {
  return share === null ? (
    <span className="muted" title={text}>
      {text.startsWith("aún pocos datos") ? "aún pocos datos" : "no se muestra"}
    </span>
  ) : (
    <>{text}</>
  );
}

/** One row per outlet, sorted as `query` asks (by name by default). */
export function HeadlineFeaturesTable({
  data,
  query,
  shown = { from: 0, to: data.rows.length },
}: {
  data: OutletComparison;
  query: Query;
  /** The slice of the sorted rows this page shows (`?pagina=`). */
  shown?: { from: number; to: number };
}) {
  const state = parseSort(FEATURES_SORT, query[FEATURES_SORT.param]);
  const th = (label: string, column: string, numeric = true) => (
    <SortableTh key={column} label={label} column={column} param={FEATURES_SORT.param} state={state} query={query} numeric={numeric} />
  );
  return (
    <section aria-labelledby="rasgos-comparados">
      <h2 id="rasgos-comparados">Rasgos de sus titulares</h2>
      <p className="hint">
        Proporción de los titulares (todas sus versiones) de las noticias vistas por primera vez en los últimos 7 días (
        {formatPeriod(data.start, data.end)}, hora peninsular) con cada rasgo, y entre paréntesis cuántos de cuántos. Solo cuentan los
        titulares en español: los de otros idiomas, «no aplicable», se indican aparte. El encuadre es el del modelo local, sobre los
        titulares que ha leído; no se muestra para los medios que pidieron «sin anotación de modelo». «Aún pocos datos»: menos de{" "}
        {ENOUGH_DATA.headlineFeatures.min} titulares analizados. «Fórmulas reconocidas» no es la proporción de ciberanzuelo:{" "}
        <span data-testid="formulas-measured">{formulasMeasuredNote()}</span> Pulsa el nombre de una columna para ordenar por ella.{" "}
        <Link href="/metodologia#rasgos">Qué es cada rasgo</Link> y <Link href="/metodologia#encuadre">cada encuadre</Link>;{" "}
        <Link href="/metodologia#datos-reales">cómo se midieron las fórmulas</Link>.
      </p>
      <div className="table-wrap">
        <table className="data-table comparison" data-testid="features-comparison">
          <caption className="visually-hidden">Rasgos y encuadre de los titulares por cabecera, últimos 7 días</caption>
          <thead>
            <tr>
              {th("Cabecera", "nombre", false)}
              {th("Titulares analizados", "titulares")}
              {FEATURE_COLUMNS.map((c) => th(c.label, FEATURE_SORT_KEYS[c.key]))}
              {th("En otros idiomas (no aplicable)", "otros-idiomas")}
              {FRAMING_COLUMNS.map((c) => th(`Encuadre ${c.label}`, c.key))}
            </tr>
          </thead>
          <tbody>
            {sortRows(data.rows, FEATURES_SORT, state)
              .slice(shown.from, shown.to)
              .map((r) => (
                <tr key={r.slug}>
                  <th scope="row">
                    <Link href={`/cabeceras/${r.slug}#rasgos-titulares`}>{r.name}</Link>
                  </th>
                  <td className="num">{formatNumber(r.features.headlines)}</td>
                  {featureShares(r.features).map((s) => (
                    <td className="num" key={s.key}>
                      <Share share={s.share} text={s.text} />
                    </td>
                  ))}
                  <td className="num">{formatNumber(r.features.otherLanguage)}</td>
                  {framingShares(r.framing).map((s) => (
                    <td className="num" key={s.letter}>
                      <Share share={s.share} text={s.text} />
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
