/** The corrections log editor (SPEC ADM-2): add, edit and delete entries of the public /correcciones. */
import type { Metadata } from "next";
import { listCorrections } from "@/db/queries/site/corrections";
import { database } from "@/db/server";
import { requireOperator } from "@/app/admin/_lib/gate";
import { ActionForm, RowButton } from "../../_lib/action-form";

export const metadata: Metadata = { title: "Correcciones" };

export default async function CorrectionsAdminPage() {
  const { csrf } = await requireOperator();
  const { db } = await database();
  const { items } = await listCorrections(db, { page: 1, pageSize: 200 });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <>
      <h1>Correcciones</h1>
      <p className="hint">
        Lo que se anota aquí aparece en la página pública <a href="/correcciones">Correcciones</a>.
      </p>
      <section aria-labelledby="nueva">
        <h2 id="nueva">Nueva corrección</h2>
        <ActionForm csrf={csrf} action="correction.add">
          <label>
            Día <input type="date" name="dia" required defaultValue={today} />
          </label>
          <label>
            Título <input type="text" name="titulo" required maxLength={200} />
          </label>
          <label>
            Qué se corrigió <textarea name="detalles" rows={4} required maxLength={4000} />
          </label>
          <button type="submit">Anotar</button>
        </ActionForm>
      </section>
      <section aria-labelledby="anotadas">
        <h2 id="anotadas">Anotadas ({items.length})</h2>
        {items.map((c) => (
          <details key={c.id} className="admin-details">
            <summary>
              {c.day} · {c.title}
            </summary>
            <ActionForm csrf={csrf} action="correction.update">
              <input type="hidden" name="id" value={c.id} />
              <label>
                Día <input type="date" name="dia" required defaultValue={c.day} />
              </label>
              <label>
                Título <input type="text" name="titulo" required maxLength={200} defaultValue={c.title} />
              </label>
              <label>
                Qué se corrigió <textarea name="detalles" rows={4} required maxLength={4000} defaultValue={c.details} />
              </label>
              <button type="submit">Guardar</button>
            </ActionForm>
            <RowButton csrf={csrf} action="correction.delete" id={c.id} label="Borrar" />
          </details>
        ))}
      </section>
    </>
  );
}
