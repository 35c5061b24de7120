/** Crawler health per site (SPEC ADM-2, EXT-6): pacing, backoff, blocks, failed extractions, robots.txt versions, latest requests. */
import type { Metadata } from "next";
import { Moment } from "@/app/_components/moment";
import { loadCrawlerHealth } from "@/db/queries/admin/health";
import { SOURCE_KIND_LABEL } from "@/lib/pages/collection-status";
import { database, siteClock } from "@/db/server";
import { requireOperator } from "@/app/admin/_lib/gate";

export const metadata: Metadata = { title: "Salud del rastreador" };

export default async function HealthPage() {
  await requireOperator();
  const { db } = await database();
  const now = siteClock().now();
  const sites = await loadCrawlerHealth(db, now);
  return (
    <>
      <h1>Salud del rastreador</h1>
      <p className="hint">
        Por sitio (dominio registrable, la unidad de ritmo): cuándo puede volver a pedirse algo, esperas por errores, cierres, extracciones
        fallidas (respondió, pero con tan pocos enlaces o entradas que no resulta creíble), robots.txt y las últimas peticiones del
        registro.
      </p>
      <div className="table-wrap">
        <table className="admin-table" data-testid="sites">
          <thead>
            <tr>
              <th scope="col">Sitio</th>
              <th scope="col">Próxima petición</th>
              <th scope="col">Espera (backoff)</th>
              <th scope="col">Bloqueo</th>
              <th scope="col">Extracción</th>
              <th scope="col">robots.txt</th>
            </tr>
          </thead>
          <tbody>
            {sites.map((s) => (
              <tr key={s.domain} data-site={s.domain}>
                <th scope="row">
                  {s.domain}
                  <br />
                  <span className="hint">{s.outlets.join(", ")}</span>
                  {s.leaseOwner ? (
                    <>
                      <br />
                      <span className="hint">en curso: {s.leaseOwner}</span>
                    </>
                  ) : null}
                </th>
                <td>
                  <Moment at={s.nextAllowedAt} />
                  {s.nextAllowedAt <= now ? " (ya)" : ""}
                </td>
                <td>
                  {s.backoffUntil && s.backoffUntil > now ? (
                    <>
                      hasta <Moment at={s.backoffUntil} />
                      {s.backoffReason ? ` · ${s.backoffReason}` : ""}
                    </>
                  ) : (
                    "no"
                  )}
                  {s.consecutiveFailures ? ` · ${s.consecutiveFailures} fallos seguidos` : ""}
                </td>
                <td>
                  {s.closedSince ? (
                    <>
                      cerrado desde <Moment at={s.closedSince} />
                      {s.closedReason ? ` · ${s.closedReason}` : ""}
                      {s.lastProbeAt ? (
                        <>
                          {" "}
                          · último sondeo <Moment at={s.lastProbeAt} />
                        </>
                      ) : null}
                      {s.stopProbing ? " · sin sondeo" : ""}
                    </>
                  ) : (
                    "no"
                  )}
                </td>
                <td data-testid="extraction">
                  {s.failingExtractions.length === 0 ? (
                    "bien"
                  ) : (
                    <ul>
                      {s.failingExtractions.map((f) => (
                        <li key={f.sourceId}>
                          {SOURCE_KIND_LABEL[f.kind]} de {f.outletName}: extracción fallida desde <Moment at={f.since} /> · {f.inARow}{" "}
                          seguidas
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td>
                  {s.hosts.length === 0 ? (
                    "—"
                  ) : (
                    <ul>
                      {s.hosts.map((h) => (
                        <li key={h.host}>
                          {h.host}: {h.robotsStatus ?? "?"}
                          {h.robotsAccess ? ` (${h.robotsAccess})` : ""} · {h.versions} versiones · leído{" "}
                          <Moment at={h.fetchedAt ?? null} />
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Últimas peticiones por sitio</h2>
      {sites.map((s) => (
        <details key={s.domain} className="admin-details">
          <summary>
            {s.domain} ({s.recent.length})
          </summary>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Hora</th>
                <th scope="col">Tipo</th>
                <th scope="col">Estado</th>
                <th scope="col">Resultado</th>
                <th scope="col">ms</th>
                <th scope="col">Bytes</th>
                <th scope="col">URL</th>
              </tr>
            </thead>
            <tbody>
              {s.recent.map((r, i) => (
                <tr key={i}>
                  <td>
                    <Moment at={r.at} />
                  </td>
                  <td>{r.kind}</td>
                  <td>{r.status ?? "—"}</td>
                  <td>{r.outcome}</td>
                  <td>{r.durationMs}</td>
                  <td>{r.bytes}</td>
                  <td className="url">{r.url}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ))}
    </>
  );
}
