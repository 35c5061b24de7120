/**
 * What needs the operator's attention (SPEC ADM-3): deadlines near or past, dead sources,
 * failing extractions, the workers' errors and database outages. The same list is the
 * operator's Atom feed (`/admin/atencion/atom`) and the count in the header's badge.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { Moment } from "@/app/_components/moment";
import { listAttention, type AttentionItem } from "@/db/admin-attention";
import { database, siteClock } from "@/db/server";
import { requireOperator } from "@/app/admin/_lib/gate";

export const metadata: Metadata = {
  title: "Atención",
  alternates: { types: { "application/atom+xml": [{ url: "/admin/atencion/atom", title: "Hemeroscopio: qué necesita atención" }] } },
};

const KIND: Record<AttentionItem["kind"], string> = {
  plazo: "Plazo",
  "fuente-muerta": "Fuente muerta",
  extraccion: "Extracción",
  error: "Rastreador",
};

export default async function AttentionPage() {
  await requireOperator();
  const { db } = await database();
  const items = await listAttention(db, siteClock().now());
  return (
    <>
      <h1>Qué necesita atención</h1>
      <p className="hint">
        Plazos que vencen en menos de 12 horas o ya vencidos, fuentes muertas, extracciones que fallan varias veces seguidas, errores del
        rastreador y caídas de la base de datos en las últimas 24 horas. Un lector de feeds con la sesión abierta puede seguir esta lista en{" "}
        <a href="/admin/atencion/atom">/admin/atencion/atom</a> (Atom).
      </p>
      {items.length === 0 ? (
        <p data-testid="attention-empty">Nada pendiente.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table" data-testid="attention">
            <thead>
              <tr>
                <th scope="col">Tipo</th>
                <th scope="col">Qué</th>
                <th scope="col">Desde</th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.key} data-kind={i.kind}>
                  <td>{KIND[i.kind]}</td>
                  <td>
                    <Link href={i.path} prefetch={false}>
                      {i.title}
                    </Link>
                    <br />
                    <span className="hint">{i.detail}</span>
                  </td>
                  <td>
                    <Moment at={i.since} />
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
