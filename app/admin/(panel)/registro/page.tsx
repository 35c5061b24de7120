/** The audit log (SPEC ADM-1): every admin action, newest first. */
import type { Metadata } from "next";
import { Moment } from "@/app/_components/moment";
import { listAudit } from "@/db/queries/admin/operator";
import { database } from "@/db/server";
import { requireOperator } from "@/app/admin/_lib/gate";
import { parseId } from "@/lib/admin/forms";
import { auditActionText, auditDetailsText } from "@/lib/admin/plain-words";

export const metadata: Metadata = { title: "Registro de acciones" };

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireOperator();
  const params = await searchParams;
  const before = parseId(typeof params.antes === "string" ? params.antes : undefined);
  const { db } = await database();
  const entries = await listAudit(db, 200, before);
  return (
    <>
      <h1>Registro de acciones</h1>
      <p className="hint">Cada acción del panel, cada entrada y cada intento fallido. Nunca contiene contraseñas ni tokens.</p>
      <table className="admin-table" data-testid="audit">
        <thead>
          <tr>
            <th scope="col">Hora</th>
            <th scope="col">Acción</th>
            <th scope="col">Detalles</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>
                <Moment at={e.at} />
              </td>
              <td>{auditActionText(e.action)}</td>
              <td>{auditDetailsText(e.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {entries.length === 200 ? (
        <p>
          <a href={`/admin/registro?antes=${entries.at(-1)!.id}`}>Más antiguas</a>
        </p>
      ) : null}
    </>
  );
}
