/** "Rasgos de los titulares" (SPEC DER-1, WEB-5): shares of questions, quotes, numbers and clickbait formulas over the period. */
import { Link } from "@/app/_components/link";
import { formulasMeasuredNote } from "@/lib/analysis/clickbait-measured";
import type { HeadlineFeatureCounts } from "@/db/figures/headline-feature-shares";
import { formatCount } from "@/lib/pages/format";
import { featureShares, formulaDescription } from "@/lib/pages/headline-feature-shares";
import { periodWords, type OutletPeriod } from "@/lib/pages/outlet-period";

/** The shares with their counts, the formulas found, and the headlines in other languages left out. */
export function HeadlineFeaturesSection({
  data,
  timeZone,
  chosen,
}: {
  data: HeadlineFeatureCounts & { start: number; end: number };
  timeZone: string;
  chosen?: OutletPeriod;
}) {
  const w = periodWords(chosen, data, timeZone, "en los últimos 7 días");
  const shares = featureShares(data);
  return (
    <section aria-labelledby="rasgos-titulares">
      <h2 id="rasgos-titulares">Rasgos de los titulares</h2>
      {data.headlines === 0 ? (
        <p>No tenemos titulares analizados de noticias vistas por primera vez {w.within}.</p>
      ) : (
        <>
          <p>
            De los {formatCount(data.headlines, "titular analizado", "titulares analizados")} (todas sus versiones) de las noticias vistas
            por primera vez {w.within}:
          </p>
          <div className="table-wrap">
            <table className="data-table" data-testid="headline-features">
              <caption className="table-caption">Proporción de titulares con cada rasgo, {w.caption}.</caption>
              <thead>
                <tr>
                  <th scope="col">Rasgo</th>
                  <th scope="col">Titulares</th>
                </tr>
              </thead>
              <tbody>
                {shares.map((s) => (
                  <tr key={s.key}>
                    <th scope="row">{s.label}</th>
                    <td className="num">{s.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.formulas.length > 0 ? (
            <ul className="compact" data-testid="clickbait-formulas">
              {data.formulas.map((f) => (
                <li key={f.id}>
                  {formulaDescription(f.id)}: {formatCount(f.count, "titular", "titulares")}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      <p className="hint">
        {data.otherLanguage > 0 ? (
          <>
            {formatCount(data.otherLanguage, "titular en otro idioma no cuenta", "titulares en otros idiomas no cuentan")}: estos rasgos
            buscan marcas del español (no aplicable).{" "}
          </>
        ) : null}
        <span data-testid="formulas-measured">«Fórmulas reconocidas» no es la proporción de ciberanzuelo. {formulasMeasuredNote()}</span>{" "}
        Qué cuenta como cada rasgo y la lista de fórmulas: <Link href="/metodologia#rasgos">metodología</Link>; cómo se midió la lista:{" "}
        <Link href="/metodologia#datos-reales">datos reales</Link>; por qué otros idiomas no cuentan:{" "}
        <Link href="/metodologia#idioma">idioma</Link>.
      </p>
    </section>
  );
}
