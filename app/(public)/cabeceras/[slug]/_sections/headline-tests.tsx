/** "Pruebas A/B y reescrituras" (SPEC DER-6, WEB-1): how the outlet's headlines changed over the period. */
import { Link } from "@/app/_components/link";
import { loadHeadlineTestCounts, NO_HEADLINE_CHANGES, type HeadlineTestCounts } from "@/db/figures/headline-changes";
import { DAY_MS } from "@/db/figures/page-sql";
import { readSiteData } from "@/app/_lib/pages/data";
import { formatCount } from "@/lib/pages/format";
import { periodWords, type OutletPeriod } from "@/lib/pages/outlet-period";

const WINDOW_MS = 7 * DAY_MS;

/** The period the section counts: the one chosen, or the last 7 days. */
function countedPeriod(now: number, window?: { start: number; end: number }): { start: number; end: number } {
  return window ?? { start: now - WINDOW_MS, end: now };
}

/** The outlet's tests and rewrites over the counted period; undefined when they cannot be read. */
export async function loadHeadlineTests(
  outletId: number,
  now: number,
  window?: { start: number; end: number },
): Promise<HeadlineTestCounts | undefined> {
  const { start, end } = countedPeriod(now, window);
  const read = await readSiteData((db) => loadHeadlineTestCounts(db, { outletIds: [outletId], from: start, to: end }));
  return read.ok ? (read.value.get(outletId) ?? NO_HEADLINE_CHANGES) : undefined;
}

/** Tests and rewrites of the articles first seen in the period (by default the last 7 days), as `loadHeadlineTests` read them. */
export function HeadlineTestsSection({
  counts: c,
  now,
  timeZone,
  chosen,
  window,
}: {
  counts: HeadlineTestCounts | undefined;
  now: number;
  timeZone: string;
  chosen?: OutletPeriod;
  window?: { start: number; end: number };
}) {
  const w = periodWords(chosen, countedPeriod(now, window), timeZone, "en los últimos 7 días");
  return (
    <section aria-labelledby="pruebas-ab">
      <h2 id="pruebas-ab">Pruebas A/B y reescrituras</h2>
      {c === undefined ? (
        <p>Estas cifras no están disponibles en este momento.</p>
      ) : c.changedArticles === 0 ? (
        <p>No hemos visto cambiar el titular de ninguna de sus noticias vistas por primera vez {w.within}.</p>
      ) : (
        <>
          <p>
            De sus noticias vistas por primera vez {w.within}, {formatCount(c.changedArticles, "cambió", "cambiaron")} de titular. Contamos{" "}
            {formatCount(c.rewrites, "reescritura", "reescrituras")} (un titular que sustituye al anterior para siempre) y{" "}
            {formatCount(c.tests, "prueba A/B", "pruebas A/B")} en {formatCount(c.testedArticles, "noticia", "noticias")} (titulares que se
            alternan: uno vuelve después de que apareciera otro).
          </p>
          <p className="hint">
            Cómo distinguimos unas de otras: <Link href="/metodologia#pruebas-ab">metodología</Link>.
          </p>
        </>
      )}
    </section>
  );
}
