/**
 * "Réplicas" (SPEC WEB-1, PUB-4, SEC-2): every published reply, in full and exactly as sent
 * (React escapes the text; line breaks are kept by CSS), and the form to send one, guarded
 * like the exclusion form (signed token, honeypot, same origin, per-address limit).
 */
import type { Metadata } from "next";
import { Link } from "@/app/_components/link";
import { listPublishedReplies, replyOutletChoices } from "@/db/admin-requests";
import { loadPolicies } from "@/db/policies-in-force";
import { appConfig } from "@/db/server";
import { MAX_REPLY_CHARS } from "@/lib/admin/forms";
import { readSiteData } from "@/app/_lib/pages/data";
import { Moment } from "../../_components/moment";
import { PageHeader } from "../../_components/page-header";
import { FormGuardFields } from "@/app/_components/form-guard-fields";

/** Page title. */
export const metadata: Metadata = { title: "Réplicas" };
// The form carries a token signed at render time.
export const dynamic = "force-dynamic";

export default async function RepliesPage() {
  const { publishersEmail: contactEmail } = appConfig();
  const data = await readSiteData(async (db) => {
    const policies = await loadPolicies(db);
    const [published, outlets] = await Promise.all([
      listPublishedReplies(db, policies.excludedOutletIds),
      replyOutletChoices(db, policies.excludedOutletIds),
    ]);
    return { published, outlets };
  });
  return (
    <>
      <PageHeader
        title="Réplicas"
        lead="Cualquier cabecera puede responder a lo que publicamos sobre ella. Publicamos su réplica íntegra, tal como nos llega, aquí y en la ficha de la cabecera, en un plazo de 3 días."
      />
      <section aria-labelledby="publicadas">
        <h2 id="publicadas">Réplicas publicadas</h2>
        {!data.ok ? (
          <p>Ahora mismo no podemos consultar las réplicas. Vuelve a intentarlo en unos minutos.</p>
        ) : data.value.published.length === 0 ? (
          <p data-testid="replies-none">Todavía no hemos publicado ninguna réplica.</p>
        ) : (
          <ol className="replies" data-testid="published-replies">
            {data.value.published.map((r) => (
              <li key={r.id}>
                <h3>
                  <Link href={`/cabeceras/${r.outletSlug}#replicas`}>{r.outletName}</Link>
                </h3>
                <p className="hint">
                  De {r.author}; recibida el <Moment at={r.receivedAt} />, publicada el <Moment at={r.publishedAt ?? null} />.
                </p>
                <blockquote className="reply-text">{r.text}</blockquote>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="enviar">
        <h2 id="enviar">Enviar una réplica</h2>
        <p>
          Escribe la réplica tal como quieres que se publique: la mostraremos entera, sin cambiar una coma. Antes de publicarla comprobamos
          con el medio, en el correo que indiques o en su dirección pública, que la réplica es suya.
        </p>
        {data.ok ? (
          <form className="search-form" method="post" action="/replicas/enviar">
            <label>
              Cabecera
              <select name="cabecera" required defaultValue="">
                <option value="" disabled>
                  Elige una
                </option>
                {data.value.outlets.map((o) => (
                  <option key={o.slug} value={o.slug}>
                    {o.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Firma (persona o cargo y medio)
              <input type="text" name="firma" required maxLength={200} />
            </label>
            <label>
              Correo de contacto
              <input type="email" name="contacto" required maxLength={320} autoComplete="email" />
            </label>
            <label>
              Texto de la réplica (hasta {MAX_REPLY_CHARS.toLocaleString("es-ES")} caracteres)
              <textarea name="texto" required rows={10} cols={60} maxLength={MAX_REPLY_CHARS} />
            </label>
            <FormGuardFields form="reply" />
            <button type="submit">Enviar la réplica</button>
          </form>
        ) : null}
        <p className="hint">
          También puedes enviarla a <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        </p>
      </section>
    </>
  );
}
