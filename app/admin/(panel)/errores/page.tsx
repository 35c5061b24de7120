/**
 * The workers' recent warnings and errors (SPEC ADM-3), newest first: what each worker wrote
 * to its log at level warn or error, kept in the database (the newest 1,000 lines) so that
 * the site sees them wherever the workers run; a coalesced row shows how many lines it stands
 * for (OPS-5).
 */
import type { Metadata } from "next";
import { Moment } from "@/app/_components/moment";
import { listWorkerEvents } from "@/db/queries/admin/errors";
import { database } from "@/db/server";
import { requireOperator } from "@/app/admin/_lib/gate";

export const metadata: Metadata = { title: "Errores del rastreador" };

const LEVEL = { warn: "aviso", error: "error" } as const;

export default async function WorkerErrorsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperator();
  const errorsOnly = (await searchParams).nivel === "error";
  const { db } = await database();
  const events = await listWorkerEvents(db, { limit: 200, errorsOnly });
  return (
    <>
      <h1>Errores del rastreador</h1>
      <p className="hint">
        Los avisos y errores que los procesos del rastreador escriben en su registro, los más recientes primero (se guardan las últimas
        1.000 líneas; las esperas y caídas de la base de datos, que se repiten con cada consulta, en una fila por minuto con su número).{" "}
        {errorsOnly ? <a href="/admin/errores">Ver también los avisos</a> : <a href="/admin/errores?nivel=error">Ver solo los errores</a>}
      </p>
      {events.length === 0 ? (
        <p data-testid="worker-events-empty">Ningún aviso ni error registrado.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table" data-testid="worker-events">
            <thead>
              <tr>
                <th scope="col">Hora</th>
                <th scope="col">Nivel</th>
                <th scope="col">Suceso</th>
                <th scope="col">Detalles</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id} data-level={e.level}>
                  <td>
                    <Moment at={e.at} />
                  </td>
                  <td className={e.level === "error" ? "state-vencido" : undefined}>{LEVEL[e.level]}</td>
                  <td>
                    <code>{e.event}</code>
                    {e.count > 1 ? (
                      <>
                        {" "}
                        <strong data-testid="event-count">×{e.count.toLocaleString("es-ES")}</strong> en ese minuto
                      </>
                    ) : null}
                    <br />
                    <span className="hint">
                      {e.component}
                      {e.workerId ? ` · ${e.workerId}` : ""}
                    </span>
                  </td>
                  <td>
                    {e.fields.length === 0 ? (
                      "—"
                    ) : (
                      <dl className="event-fields">
                        {e.fields.map(([k, v]) => (
                          <div key={k}>
                            <dt>{k}</dt>
                            <dd>{v}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
