/**
 * The outlets side by side (SPEC WEB-1, WEB-2, WEB-7): state, lead now and for how long,
 * articles per day, agency share, rewrites, A/B tests and median delay over 7 days.
 * Sorted by links (`?orden=`), no JavaScript; each figure links to the section of the
 * outlet page it comes from; a figure with too little data says so. Scrolls in its own box.
 */
import { Link } from "@/app/_components/link";
import type { OutletComparison } from "@/db/queries/site/outlet-comparison";
import { ENOUGH_DATA, tooLittleData } from "@/lib/pages/enough-data";
import { formatNumber } from "@/lib/pages/format";
import { COMPARISON_SORT, comparisonFigures, stateWords, type ComparisonLine } from "@/app/_lib/pages/outlet-comparison";
import { formatElapsed, formatPercent, formatPeriod } from "@/lib/pages/period";
import { readingSpanNote } from "@/lib/pages/reading-span";
import { SITE_TIME_ZONE } from "@/lib/pages/time-zone";
import { parseSort, sortRows } from "@/lib/pages/table-sort";
import { SortableTh } from "../../../_components/sortable-th";

type Query = Record<string, string | string[] | undefined>;

/** A figure linking to its section of the outlet page, or "aún pocos datos" (or `label`: "no medible") with why in its title. */
function Figure({
  slug,
  anchor,
  text,
  missing,
  label = "aún pocos datos",
}: {
  slug: string;
  anchor: string;
  text: string | null;
  missing: string;
  label?: string;
}) {
  return text === null ? (
    <Link href={`/cabeceras/${slug}#${anchor}`} className="muted" title={missing} data-missing={label}>
      {label}
    </Link>
  ) : (
    <Link href={`/cabeceras/${slug}#${anchor}`}>{text}</Link>
  );
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : url;
}

/** The table, sorted as `query` asks. */
export function ComparisonTable({
  data,
  query,
  homepages,
  shown = { from: 0, to: data.rows.length },
}: {
  data: OutletComparison;
  query: Query;
  homepages: ReadonlyMap<string, string>;
  /** The slice of the sorted rows this page shows (`?pagina=`). */
  shown?: { from: number; to: number };
}) {
  const state = parseSort(COMPARISON_SORT, query[COMPARISON_SORT.param]);
  const lines: ComparisonLine[] = data.rows.map((r) => ({ ...r, figures: comparisonFigures(r, data.end) }));
  const readingNote = readingSpanNote(
    data.rows.map((r) => r.readingSince),
    data.start,
    SITE_TIME_ZONE,
  );
  const th = (label: string, column: string, numeric = true) => (
    <SortableTh label={label} column={column} param={COMPARISON_SORT.param} state={state} query={query} numeric={numeric} />
  );
  return (
    <>
      <p className="hint">
        {lines.length === 1 ? "1 cabecera seguida" : `${formatNumber(lines.length)} cabeceras seguidas`}. Cifras de los últimos 7 días (
        {formatPeriod(data.start, data.end)}, hora peninsular), salvo la apertura, que es la de su última captura.{" "}
        {readingNote === null ? null : <span data-testid="reading-span">{readingNote} </span>}«Aún pocos datos»: menos de{" "}
        {ENOUGH_DATA.delayMedian.min} noticias con hora declarada para el retraso, menos de {ENOUGH_DATA.agencyShare.min} analizadas para
        los teletipos, menos de {ENOUGH_DATA.articlesPerDay.min} horas de lectura para las noticias al día. «No medible»: teletipos de una
        cabecera cuyo cuerpo no leemos en su mayoría (reserva de minería de textos o muro de pago): solo veríamos las piezas firmadas por
        una agencia, y la proporción saldría sesgada por construcción.
      </p>
      <div className="table-wrap">
        <table className="data-table comparison" data-testid="comparison">
          <caption className="visually-hidden">Cabeceras comparadas, últimos 7 días</caption>
          <thead>
            <tr>
              {th("Cabecera", "nombre", false)}
              {th("Estado", "estado", false)}
              <th scope="col">Abre ahora con</th>
              {th("Tiempo de apertura", "apertura")}
              {th("Noticias al día", "noticias")}
              {th("Teletipos", "agencia")}
              {th("Reescrituras", "reescrituras")}
              {th("Pruebas A/B", "pruebas")}
              {th("Retraso mediano", "retraso")}
            </tr>
          </thead>
          <tbody>
            {sortRows(lines, COMPARISON_SORT, state)
              .slice(shown.from, shown.to)
              .map((r) => {
                const f = r.figures;
                const homepage = homepages.get(r.slug);
                return (
                  <tr key={r.slug}>
                    <th scope="row">
                      <Link href={`/cabeceras/${r.slug}`}>{r.name}</Link>
                      {homepage ? (
                        <>
                          <br />
                          <a href={homepage} rel="noopener noreferrer" className="hint">
                            {hostOf(homepage)}
                          </a>
                        </>
                      ) : null}
                    </th>
                    <td>
                      <Link href={`/cabeceras/${r.slug}#estado`}>{stateWords(r.state).join(" · ")}</Link>
                    </td>
                    <td className="headline">
                      {r.lead ? (
                        <Link href={`/cabeceras/${r.slug}#portada-ahora`}>{r.lead.headline}</Link>
                      ) : (
                        <span className="muted">{r.state.positionsWithheld ? "Sin posición, a petición del medio" : "—"}</span>
                      )}
                    </td>
                    <td className="num">
                      {f.leadMs === null ? (
                        "—"
                      ) : (
                        <Link href={`/cabeceras/${r.slug}#portada-ahora`}>
                          {f.leadAtLeast ? "al menos " : ""}
                          {formatElapsed(f.leadMs)}
                        </Link>
                      )}
                    </td>
                    <td className="num">
                      <Figure
                        slug={r.slug}
                        anchor="secciones"
                        text={f.articlesPerDay === null ? null : formatNumber(f.articlesPerDay)}
                        missing={tooLittleData("articlesPerDay", Math.floor(r.readingMs / 3_600_000))}
                      />
                    </td>
                    <td className="num">
                      <Figure
                        slug={r.slug}
                        anchor="agencias"
                        text={f.agencyVerdict.measurable ? formatPercent(f.agencyVerdict.share) : null}
                        missing={f.agencyVerdict.measurable ? "" : f.agencyVerdict.why}
                        label={!f.agencyVerdict.measurable && f.agencyVerdict.reason === "muestra-sesgada" ? "no medible" : undefined}
                      />
                    </td>
                    <td className="num">
                      <Link href={`/cabeceras/${r.slug}#pruebas-ab`}>{formatNumber(r.changes.rewrites)}</Link>
                    </td>
                    <td className="num">
                      <Link href={`/cabeceras/${r.slug}#pruebas-ab`}>{formatNumber(r.changes.tests)}</Link>
                    </td>
                    <td className="num">
                      <Figure
                        slug={r.slug}
                        anchor="retraso"
                        text={f.delayMedianMs === null ? null : formatElapsed(f.delayMedianMs)}
                        missing={tooLittleData("delayMedian", r.delayArticles)}
                      />
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
    </>
  );
}
