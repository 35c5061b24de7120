/**
 * The requests queue (SPEC ADM-2, PUB-2, PUB-4, PUB-5): exclusions with their 72 h
 * confirmation deadline and a form for those received by mail (24 business hours); replies
 * with their 3-day publication deadline; byline requests; sources whose extraction has failed
 * several times in a row (EXT-6, ADM-3).
 */
import { SOURCE_KIND_LABEL } from "@/lib/pages/collection-status";
import type { Metadata } from "next";
import Link from "next/link";
import { Moment } from "@/app/_components/moment";
import { listExtractionsForOperator } from "@/db/admin-extractions";
import { listBylinesForAdmin, listExclusionsForAdmin, listRepliesForAdmin } from "@/db/admin-requests";
import { database, siteClock } from "@/db/server";
import { requireOperator } from "@/app/admin/_lib/gate";
import {
  BYLINE_BUSINESS_HOURS,
  bylineDeadline,
  confirmationDeadline,
  mailExclusionDeadline,
  MAIL_BUSINESS_HOURS,
  replyDeadline,
} from "@/lib/deadlines";
import { SCOPE_LABELS } from "@/lib/exclusion-request";
import { MIN_PAUSE_SECONDS, SCOPES } from "@/lib/policy";
import { QUEUE_AFTER } from "@/lib/collection/extraction-floor";
import { ActionForm, RowButton } from "../_lib/action-form";
import { Deadline } from "../_lib/deadline";
import { pendingReasonText } from "@/lib/admin/plain-words";

export const metadata: Metadata = { title: "Solicitudes" };

const CHANNEL: Record<string, string> = { form: "formulario", mail: "correo" };

export default async function QueuePage() {
  const { csrf } = await requireOperator();
  const { db } = await database();
  const [exclusions, replies, bylines, extractions] = await Promise.all([
    listExclusionsForAdmin(db),
    listRepliesForAdmin(db),
    listBylinesForAdmin(db),
    listExtractionsForOperator(db),
  ]);
  const now = siteClock().now();
  return (
    <>
      <h1>Solicitudes</h1>

      <section aria-labelledby="exclusiones">
        <h2 id="exclusiones">Exclusiones por confirmar</h2>
        <p className="hint">
          Cada exclusión se confirma en 72 horas desde que llega. Las del formulario se aplican solas al verificarse el dominio; las
          recibidas por correo se aplican al anotarlas aquí (plazo: {MAIL_BUSINESS_HOURS} horas laborables).
        </p>
        {exclusions.open.length === 0 ? (
          <p data-testid="exclusions-empty">No hay exclusiones pendientes.</p>
        ) : (
          <div className="table-wrap">
            <table className="admin-table" data-testid="exclusions">
              <thead>
                <tr>
                  <th scope="col">Dominio</th>
                  <th scope="col">Alcance</th>
                  <th scope="col">Vía</th>
                  <th scope="col">Recibida</th>
                  <th scope="col">Aplicada</th>
                  <th scope="col">Confirmar antes de</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {exclusions.open.map((e) => (
                  <tr key={e.id} data-domain={e.domain}>
                    <th scope="row">
                      {e.outletName ? `${e.outletName} (${e.domain})` : e.domain}
                      <br />
                      <span className="hint">{e.contact ?? "sin contacto"}</span>
                    </th>
                    <td>{SCOPE_LABELS[e.scope]}</td>
                    <td>{CHANNEL[e.channel] ?? e.channel}</td>
                    <td>
                      <Moment at={e.receivedAt} />
                    </td>
                    <td>
                      {e.appliedAt ? <Moment at={e.appliedAt} /> : pendingReasonText(e.pendingReason)}
                      {e.channel === "mail" ? (
                        <>
                          <br />
                          <span className="hint">
                            aplicar antes de: <Deadline at={mailExclusionDeadline(e.receivedAt)} now={now} doneAt={e.appliedAt} />
                          </span>
                        </>
                      ) : null}
                    </td>
                    <td>
                      <Deadline at={confirmationDeadline(e.receivedAt)} now={now} />
                    </td>
                    <td>
                      <div className="row-actions">
                        {e.appliedAt ? (
                          <RowButton csrf={csrf} action="exclusion.confirm" id={e.id} label="Confirmar" testId={`confirm-${e.id}`} />
                        ) : (
                          <p className="hint">Se podrá confirmar cuando esté aplicada.</p>
                        )}
                        <RowButton csrf={csrf} action="exclusion.withdraw" id={e.id} label="Retirar" testId={`withdraw-${e.id}`} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <details className="admin-details">
          <summary>Anotar una exclusión recibida por correo</summary>
          <ActionForm csrf={csrf} action="exclusion.enter">
            <label>
              Dominio de la cabecera <input type="text" name="dominio" required maxLength={253} />
            </label>
            <label>
              Alcance
              <select name="alcance" required defaultValue="">
                <option value="" disabled>
                  Elige uno
                </option>
                {SCOPES.map((s) => (
                  <option key={s} value={s}>
                    {SCOPE_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Pausa mínima en segundos (solo para «{SCOPE_LABELS["pausa-minima"]}»){" "}
              <input type="number" name="pausa" min={MIN_PAUSE_SECONDS.least} max={MIN_PAUSE_SECONDS.most} step={1} />
            </label>
            <label>
              Correo de contacto (opcional) <input type="email" name="contacto" maxLength={320} />
            </label>
            <label>
              Recibida el (hora peninsular; vacío = ahora) <input type="datetime-local" name="recibida" />
            </label>
            <p className="hint">
              Se aplica al guardarla. Plazo para aplicarla: {MAIL_BUSINESS_HOURS} horas laborables desde su recepción; para confirmarla: 72
              horas.
            </p>
            <button type="submit">Aplicar la exclusión</button>
          </ActionForm>
        </details>

        {exclusions.confirmed.length > 0 ? (
          <details className="admin-details">
            <summary>Últimas confirmadas o retiradas ({exclusions.confirmed.length})</summary>
            <ul>
              {exclusions.confirmed.map((e) => (
                <li key={e.id}>
                  {e.outletName ?? e.domain} · {SCOPE_LABELS[e.scope]} ·{" "}
                  {e.withdrawnAt ? (
                    <>
                      retirada <Moment at={e.withdrawnAt} />
                    </>
                  ) : (
                    <>
                      confirmada <Moment at={e.confirmedAt!} /> (
                      <Deadline at={confirmationDeadline(e.receivedAt)} now={now} doneAt={e.confirmedAt} />)
                    </>
                  )}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      <section aria-labelledby="replicas">
        <h2 id="replicas">Réplicas por publicar</h2>
        <p className="hint">Se publican íntegras, tal como llegaron, en la ficha de la cabecera y en Réplicas, en un plazo de 3 días.</p>
        {replies.open.length === 0 ? (
          <p data-testid="replies-empty">No hay réplicas pendientes.</p>
        ) : (
          <ol className="replies" data-testid="replies">
            {replies.open.map((r) => (
              <li key={r.id} data-reply={r.id}>
                <p>
                  <strong>{r.outletName}</strong> · de {r.author} ({r.contact ?? "sin contacto"}) · recibida <Moment at={r.receivedAt} /> ·
                  publicar antes de: <Deadline at={replyDeadline(r.receivedAt)} now={now} />
                </p>
                <blockquote className="reply-text">{r.text}</blockquote>
                <RowButton csrf={csrf} action="reply.publish" id={r.id} label="Publicar íntegra" testId={`publish-${r.id}`} />
                <RowButton csrf={csrf} action="reply.reject" id={r.id} label="Rechazar" />
              </li>
            ))}
          </ol>
        )}
        {replies.decided.length > 0 ? (
          <details className="admin-details">
            <summary>Últimas decididas ({replies.decided.length})</summary>
            <ul>
              {replies.decided.map((r) => (
                <li key={r.id}>
                  <Link href={`/cabeceras/${r.outletSlug}#replicas`} prefetch={false}>
                    {r.outletName}
                  </Link>{" "}
                  · {r.author} ·{" "}
                  {r.publishedAt ? (
                    <>
                      publicada <Moment at={r.publishedAt} /> (
                      <Deadline at={replyDeadline(r.receivedAt)} now={now} doneAt={r.publishedAt} />)
                      {r.rejectedAt ? (
                        <>
                          , retirada <Moment at={r.rejectedAt} />
                        </>
                      ) : (
                        <>
                          {" "}
                          <RowButton csrf={csrf} action="reply.unpublish" id={r.id} label="Retirar" testId={`unpublish-${r.id}`} />
                        </>
                      )}
                    </>
                  ) : (
                    <>
                      rechazada <Moment at={r.rejectedAt!} />
                    </>
                  )}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>

      <section aria-labelledby="extracciones">
        <h2 id="extracciones">Extracciones fallidas</h2>
        <p className="hint">
          Fuentes que responden, pero con tan pocos enlaces o entradas que no resulta creíble, {QUEUE_AFTER} veces seguidas o más: casi
          siempre un cambio de diseño de la página. No cierran posiciones; salen de la lista solas en cuanto se vuelve a extraer bien.
        </p>
        {extractions.length === 0 ? (
          <p data-testid="extractions-empty">No hay extracciones fallidas.</p>
        ) : (
          <div className="table-wrap">
            <table className="admin-table" data-testid="extractions">
              <thead>
                <tr>
                  <th scope="col">Cabecera</th>
                  <th scope="col">Fuente</th>
                  <th scope="col">Fallida desde</th>
                  <th scope="col">Seguidas</th>
                  <th scope="col">Última</th>
                </tr>
              </thead>
              <tbody>
                {extractions.map((x) => (
                  <tr key={x.sourceId} data-source={x.sourceId}>
                    <th scope="row">
                      <Link href={`/cabeceras/${x.outletSlug}#estado`} prefetch={false}>
                        {x.outletName}
                      </Link>
                    </th>
                    <td>
                      {SOURCE_KIND_LABEL[x.kind]}
                      <br />
                      <span className="hint url">{x.url}</span>
                    </td>
                    <td>
                      <Moment at={x.since} />
                    </td>
                    <td>{x.inARow}</td>
                    <td>
                      <Moment at={x.lastAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="firmas">
        <h2 id="firmas">Firmas que ocultar</h2>
        <p className="hint">
          Al aceptar, el nombre deja de mostrarse junto a los titulares citados: se cita «sin firma a petición del autor». Cada petición se
          decide en {BYLINE_BUSINESS_HOURS} horas laborables.
        </p>
        {bylines.open.length === 0 ? (
          <p data-testid="bylines-empty">No hay peticiones de firma pendientes.</p>
        ) : (
          <div className="table-wrap">
            <table className="admin-table" data-testid="bylines">
              <thead>
                <tr>
                  <th scope="col">Nombre</th>
                  <th scope="col">Contacto</th>
                  <th scope="col">Recibida</th>
                  <th scope="col">Decidir antes de</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {bylines.open.map((b) => (
                  <tr key={b.id} data-byline={b.authorName}>
                    <th scope="row">{b.authorName}</th>
                    <td>{b.contact ?? "—"}</td>
                    <td>
                      <Moment at={b.receivedAt} />
                    </td>
                    <td>
                      <Deadline at={bylineDeadline(b.receivedAt)} now={now} />
                    </td>
                    <td>
                      <RowButton csrf={csrf} action="byline.accept" id={b.id} label="Aceptar y ocultar" testId={`accept-byline-${b.id}`} />
                      <RowButton csrf={csrf} action="byline.reject" id={b.id} label="Rechazar" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {bylines.decided.length > 0 ? (
          <details className="admin-details">
            <summary>Decididas ({bylines.decided.length})</summary>
            <ul>
              {bylines.decided.map((b) => (
                <li key={b.id}>
                  {b.authorName} ·{" "}
                  {b.acceptedAt ? (
                    <>
                      oculta desde <Moment at={b.acceptedAt} />
                    </>
                  ) : (
                    <>
                      rechazada <Moment at={b.rejectedAt!} />
                    </>
                  )}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>
    </>
  );
}
