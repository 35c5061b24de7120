/**
 * Legal notices (SPEC LEG-1, ADM-2): the latest copy of each outlet's notice with a diff
 * against the previous one; the operator pastes the text when the outlet blocks us.
 */
import type { Metadata } from "next";
import { Moment } from "@/app/_components/moment";
import { legalNoticeAccess, listLegalNotices, type LegalNoticeAccess } from "@/db/legal-notices";
import { appConfig, database } from "@/db/server";
import { requireOperator } from "@/app/admin/_lib/gate";
import { wordDiff } from "@/lib/word-diff";
import { ActionForm } from "../../_lib/action-form";

export const metadata: Metadata = { title: "Avisos legales" };

/** What the bot can do with each outlet's notice; the first three ask the operator to paste it. */
const ACCESS: Record<LegalNoticeAccess, React.ReactNode> = {
  robots: (
    <>
      <span className="badge">Pégalo</span> Su robots.txt no nos deja leer el aviso: el bot nunca lo pedirá.
    </>
  ),
  blocked: (
    <>
      <span className="badge">Pégalo</span> La web nos bloquea: el bot no vuelve a pedirlo.
    </>
  ),
  "no-url": (
    <>
      <span className="badge">Pégalo</span> No tenemos la dirección de su aviso legal (añádela en Cabeceras).
    </>
  ),
  "not-yet": <>El bot lo leerá en su próxima visita mensual.</>,
  reads: <>El bot lo relee cada mes y guarda una copia cuando cambia.</>,
};

export default async function LegalNoticesPage() {
  const { csrf } = await requireOperator();
  const { db } = await database();
  const [notices, access] = await Promise.all([listLegalNotices(db), legalNoticeAccess(db, appConfig().bot.productToken)]);
  return (
    <>
      <h1>Avisos legales</h1>
      <p className="hint">Se guarda una copia solo cuando el texto cambia. Si una cabecera nos bloquea, el bot no lo lee: pégalo aquí.</p>
      <ActionForm csrf={csrf} action="legal.paste">
        <label>
          Cabecera
          <select name="cabecera" required defaultValue="">
            <option value="" disabled>
              Elige una
            </option>
            {notices.map((n) => (
              <option key={n.outletId} value={n.outletId}>
                {n.outletName}
              </option>
            ))}
          </select>
        </label>
        <label>
          Texto del aviso legal <textarea name="texto" rows={8} required />
        </label>
        <button type="submit">Guardar si ha cambiado</button>
      </ActionForm>
      {notices.map((n) => (
        <section key={n.outletId} aria-label={n.outletName}>
          <h2>{n.outletName}</h2>
          <p data-testid="legal-access">{ACCESS[access.get(n.outletId) ?? "no-url"]}</p>
          {!n.latest ? (
            <p className="hint">Sin copia todavía.</p>
          ) : (
            <>
              <p className="hint">
                Última copia: <Moment at={n.latest.at} /> ({n.latest.source})
                {n.previous ? (
                  <>
                    {" "}
                    · anterior: <Moment at={n.previous.at} />
                  </>
                ) : null}
              </p>
              <details className="admin-details">
                <summary>{n.previous ? "Cambios respecto a la anterior" : "Texto"}</summary>
                <p className="pre">
                  {n.previous
                    ? wordDiff(n.previous.text, n.latest.text).map((p, i) => (
                        <span key={i} className={p.kind === "same" ? undefined : `diff-${p.kind}`}>
                          {p.text}{" "}
                        </span>
                      ))
                    : n.latest.text}
                </p>
              </details>
            </>
          )}
        </section>
      ))}
    </>
  );
}
