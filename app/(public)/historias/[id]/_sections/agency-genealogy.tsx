/**
 * "Genealogía de la copia de agencia" (SPEC DER-10): the story's agency copies, earliest
 * first — which outlet ran each and when, how it retitled it, whether it kept the agency's
 * credit line, and how far it edited the text (SimHash bits to the earliest copy, in words).
 * Headlines only: we never keep the text of the articles.
 */
import { Link } from "@/app/_components/link";
import type { AgencyCopy, AgencyGenealogy, CreditLine } from "@/db/queries/stories/agency-genealogy";
import { Moment } from "../../../../_components/moment";

const CREDIT: Record<CreditLine, string> = { kept: "la mantiene", dropped: "la quita", unknown: "no lo sabemos" };

function editText(c: AgencyCopy): string {
  if (c.reference) return "copia de referencia";
  if (!c.edit) return "sin resumen del texto";
  return `${c.edit.label} (${c.edit.bits} de 64 bits)`;
}

/** The genealogy table; nothing when the story has no agency copy. */
export function AgencyGenealogySection({ genealogy }: { genealogy: AgencyGenealogy }) {
  if (genealogy.copies.length === 0) return null;
  const agencies = [...new Set(genealogy.copies.map((c) => c.agency))].join(", ");
  return (
    <section aria-labelledby="genealogia" data-testid="agency-genealogy">
      <h2 id="genealogia">Genealogía de la copia de agencia</h2>
      <p className="hint">
        {genealogy.copies.length === 1 ? "Una cabecera publicó" : `${genealogy.copies.length} cabeceras publicaron`} esta noticia como copia
        de agencia ({agencies}), por orden de la hora que declaran (o de cuando la vimos). Para cada una: cómo la tituló primero y cómo la
        titula ahora, si conserva la línea de crédito o la firma de la agencia, y cuánto cambió el texto respecto a la primera copia que
        leímos, medido con un resumen numérico (SimHash, 64 bits; 0 = mismas palabras). Nunca guardamos el texto.{" "}
        <Link href="/metodologia#genealogia">Cómo lo medimos</Link>.
      </p>
      <div className="table-wrap">
        <table className="data-table agency-genealogy">
          <caption className="visually-hidden">Copias de agencia de la historia, por orden de publicación</caption>
          <thead>
            <tr>
              <th scope="col">Cabecera</th>
              <th scope="col">Publicada (según la cabecera)</th>
              <th scope="col">Vista por primera vez</th>
              <th scope="col">Titular: primero → actual</th>
              <th scope="col">Crédito de la agencia</th>
              <th scope="col">Edición del texto</th>
            </tr>
          </thead>
          <tbody>
            {genealogy.copies.map((c) => (
              <tr key={c.articleId} data-article={c.articleId}>
                <td>
                  {c.outlet.name} <span className="badge">{c.agency}</span>
                </td>
                <td>
                  <Moment at={c.publishedAt} unknown="no la declara" />
                </td>
                <td>
                  <Moment at={c.firstSeenAt} />
                </td>
                <td className="headline">
                  <Link href={`/noticias/${c.articleId}`}>{c.firstHeadline || "(sin titular registrado)"}</Link>
                  {c.headlineVersions > 1 ? (
                    <>
                      {" "}
                      → {c.currentHeadline} <span className="hint">({c.headlineVersions} versiones)</span>
                    </>
                  ) : (
                    <span className="hint"> (sin cambios)</span>
                  )}
                </td>
                <td data-credit={c.credit}>{CREDIT[c.credit]}</td>
                <td data-edit={c.reference ? "referencia" : (c.edit?.band ?? "desconocida")}>{editText(c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
