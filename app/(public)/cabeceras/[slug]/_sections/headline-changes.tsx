/** "Cambios de titular" (SPEC WEB-1): counts over 7 days and the latest changes with their diff. */
import { Link } from "@/app/_components/link";
import type { HeadlineChanges } from "@/db/queries/outlet-page/headlines";
import { headlineChangeSummary } from "@/lib/pages/headline-change-words";
import { capitalized, periodWords, type OutletPeriod } from "@/lib/pages/outlet-period";
import { wordDiff } from "@/lib/word-diff";
import { HeadlineDiff } from "../../../../_components/headline-diff";
import { Moment } from "../../../../_components/moment";

/** Figures, then the latest changes newest first. */
export function HeadlineChangesSection({ data, timeZone, chosen }: { data: HeadlineChanges; timeZone: string; chosen?: OutletPeriod }) {
  const w = periodWords(chosen, data, timeZone, "en los últimos 7 días");
  return (
    <section aria-labelledby="cambios-titular">
      <h2 id="cambios-titular">Cambios de titular</h2>
      <p>
        {capitalized(w.within)}: {headlineChangeSummary(data)}. Contamos como cambio cualquier titular distinto de la misma noticia visto
        después del primero, en su portada, su feed, su sitemap o la propia página, en noticias vistas por primera vez{" "}
        {chosen ? "desde 7 días antes del comienzo del periodo" : "en los últimos 14 días"}.
      </p>
      {data.latest.length > 0 ? (
        <ol className="headline-changes">
          {data.latest.map((c) => (
            <li key={`${c.articleId}-${c.at}`}>
              <Moment at={c.at} timeZone={timeZone} /> · <Link href={`/noticias/${c.articleId}`}>ver la noticia</Link>
              {data.withheld ? (
                <p>{c.after}</p>
              ) : (
                <p>
                  <HeadlineDiff parts={wordDiff(c.before, c.after)} />
                </p>
              )}
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
