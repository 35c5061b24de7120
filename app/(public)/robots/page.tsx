/** "Quién bloquea a qué robots" (SPEC WEB-9): each outlet's robots.txt read for well-known crawlers, since when, counts over time and changes. */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { loadPolicies } from "@/db/policies-in-force";
import { loadOutletRobots } from "@/db/queries/site/robots-table";
import { siteClock } from "@/db/server";
import { readSiteData } from "@/app/_lib/pages/data";
import { blockCounts, BOTS, VERDICT_WORDS } from "@/lib/robots/bot-verdicts";
import { allChanges, botTableRows, changeTitle, monthPoints } from "@/lib/robots/bot-table";
import { formatNumber } from "@/lib/pages/format";
import { formatMoment } from "@/lib/pages/period";
import { dayValue } from "@/lib/pages/peninsular-time";
import { Moment } from "../../_components/moment";
import { PageHeader } from "../../_components/page-header";
import { FeedLink } from "../../_components/history/feed-link";
import { ServiceUnavailable } from "../../_components/service-unavailable";

export const metadata: Metadata = { title: "Quién bloquea a qué robots" };
export const dynamic = "force-dynamic";

/** Changes listed on the page (the feed and the CSV have them all). */
const CHANGES_SHOWN = 30;

const day = (ms: number) => formatMoment(ms).split(",")[0];

export default async function RobotsPage() {
  const now = siteClock().now();
  const read = await readSiteData(async (db) => loadOutletRobots(db, await loadPolicies(db)));
  if (!read.ok) return <ServiceUnavailable />;
  const outlets = read.value;
  const rows = botTableRows(outlets);
  const withCopy = outlets.filter((o) => o.versions.length > 0);
  const first = Math.min(...withCopy.map((o) => o.versions[0]!.firstFetchedAt));
  const counts =
    withCopy.length > 0
      ? blockCounts(
          withCopy.map((o) => o.versions),
          monthPoints(first, now),
        )
      : [];
  const changes = allChanges(outlets);
  return (
    <>
      <PageHeader
        title="Quién bloquea a qué robots"
        lead="Qué dice el robots.txt de cada cabecera a los rastreadores más conocidos, y desde cuándo. Sale de las copias del robots.txt que guardamos al rastrear (las que obedecemos); no hacemos ninguna lectura aparte."
      />
      <p className="hint">
        «Bloqueado»: el robots.txt le prohíbe la portada y los artículos. «Bloqueo parcial»: le prohíbe solo algunas rutas. Leemos cada
        archivo con el mismo intérprete que obedece nuestro robot (RFC 9309: el grupo que nombra al robot y, si no hay ninguno, el de «*»).
        «Desde» es la primera vez que vimos esa versión; si coincide con nuestra primera copia, el bloqueo puede ser anterior. Cómo nos
        identificamos: <Link href="/bot">nuestro robot</Link>. Descargas: <a href="/robots/tabla.csv">CSV</a>.
      </p>
      <FeedLink href="/robots/cambios.atom" title="Cambios de bloqueos en robots.txt" text="Sigue los cambios" />
      <section aria-labelledby="tabla">
        <h2 id="tabla">Cabeceras y robots</h2>
        {withCopy.length === 0 ? (
          <p data-testid="robots-empty">Aún no hemos guardado ningún robots.txt.</p>
        ) : (
          <div className="table-wrap">
            <table data-testid="robots-table">
              <thead>
                <tr>
                  <th scope="col">Cabecera</th>
                  {BOTS.map((b) => (
                    <th scope="col" key={b.token}>
                      {b.token}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.slug}>
                    <th scope="row">
                      <Link href={`/cabeceras/${r.slug}`}>{r.name}</Link>
                    </th>
                    {BOTS.map((b) => {
                      const cell = r.cells.get(b.token);
                      return (
                        <td key={b.token} data-verdict={cell?.verdict ?? "unknown"}>
                          {cell ? (
                            <>
                              {VERDICT_WORDS[cell.verdict]}
                              <br />
                              <span className="muted">
                                {cell.sinceFirstCopy ? "al menos desde" : "desde"} {day(cell.since)}
                              </span>
                            </>
                          ) : (
                            <span className="muted">sin copia</span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="evolucion">
        <h2 id="evolucion">Bloqueos por robot a lo largo del tiempo</h2>
        <p className="hint">
          Cabeceras que bloquean a cada robot (entre paréntesis, las que lo bloquean solo en parte) el primer día de cada mes y hoy, entre
          las que ya teníamos copia.
        </p>
        {counts.length === 0 ? null : (
          <div className="table-wrap">
            <table data-testid="robots-counts">
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Cabeceras con copia</th>
                  {BOTS.map((b) => (
                    <th scope="col" key={b.token}>
                      {b.token}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {counts.map((c) => (
                  <tr key={c.at}>
                    <th scope="row">{c.at === now ? `Hoy (${dayValue(now)})` : dayValue(c.at)}</th>
                    <td>{formatNumber(c.known)}</td>
                    {BOTS.map((b) => {
                      const n = c.counts.get(b.token)!;
                      return (
                        <td key={b.token}>
                          {formatNumber(n.disallowed)} ({formatNumber(n.partial)})
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="cambios">
        <h2 id="cambios">Últimos cambios</h2>
        {changes.length === 0 ? (
          <p>Ningún cambio desde nuestras primeras copias.</p>
        ) : (
          <ul className="compact" data-testid="robots-changes">
            {changes.slice(0, CHANGES_SHOWN).map((c) => (
              <li key={`${c.slug}-${c.token}-${c.at}`}>
                <Moment at={c.at} />: {changeTitle(c)}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="robots-conocidos">
        <h2 id="robots-conocidos">Los robots de la tabla</h2>
        <ul className="compact">
          {BOTS.map((b) => (
            <li key={b.token}>
              <strong>{b.token}</strong> ({b.owner}): {b.purpose}.
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
