/**
 * Outlets and sources (SPEC ADM-2, CFG-1, CFG-2): create, edit and deactivate outlets with the
 * outlets file's fields and rules; import and export the outlets file; accept or discard
 * the sources discovery proposed.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { listOutletsForAdmin, listProposedSources, type AdminOutlet } from "@/db/queries/admin/outlets";
import { readOutletChecks } from "@/db/outlet-checks";
import { database } from "@/db/server";
import { requireOperator } from "@/app/admin/_lib/gate";
import { ActionForm, RowButton } from "../../_lib/action-form";
import { OutletCheckCell } from "./outlet-check-cell";

export const metadata: Metadata = { title: "Cabeceras y fuentes" };

/** The outlet's fields; a new outlet has an editable slug, an existing one keeps its own. */
function OutletFields({ o }: { o?: AdminOutlet }) {
  return (
    <>
      {o ? (
        <input type="hidden" name="slug" value={o.slug} />
      ) : (
        <label>
          Identificador (letras minúsculas, cifras y guiones){" "}
          <input type="text" name="slug" required pattern="[a-z0-9-]+" maxLength={100} />
        </label>
      )}
      <label>
        Nombre <input type="text" name="nombre" required defaultValue={o?.name} maxLength={200} />
      </label>
      <label>
        Portada (URL) <input type="url" name="portada" required defaultValue={o?.homepage} maxLength={2000} />
      </label>
      <label>
        Feeds (uno por línea) <textarea name="fuentes" rows={3} defaultValue={o?.feeds.join("\n")} />
      </label>
      <label>
        Sitemaps de noticias (uno por línea) <textarea name="sitemaps" rows={2} defaultValue={o?.sitemaps.join("\n")} />
      </label>
      <label>
        Aviso legal (URL, opcional) <input type="url" name="aviso_legal" defaultValue={o?.legalNotice} maxLength={2000} />
      </label>
      <label>
        Minutos entre lecturas de feeds <input type="number" name="intervalo_fuentes" min={1} defaultValue={o?.feedIntervalMinutes ?? 10} />
      </label>
      <label>
        Minutos entre lecturas de sitemaps{" "}
        <input type="number" name="intervalo_sitemaps" min={1} defaultValue={o?.sitemapIntervalMinutes ?? 15} />
      </label>
      <label>
        Lectura de la portada
        <select name="modo" defaultValue={o?.renderMode ?? "static"}>
          <option value="static">HTML estático</option>
          <option value="browser">Navegador</option>
        </select>
      </label>
      <label>
        País <input type="text" name="pais" defaultValue={o?.country ?? "ES"} maxLength={2} />
      </label>
      <label>
        Idioma <input type="text" name="idioma" defaultValue={o?.language ?? "es"} maxLength={20} />
      </label>
      <label>
        Zona horaria <input type="text" name="zona" defaultValue={o?.timezone ?? "Europe/Madrid"} maxLength={60} />
      </label>
      <label>
        Estado
        <select name="activa" defaultValue={o && !o.active ? "no" : "si"}>
          <option value="si">Activa (se rastrea)</option>
          <option value="no">Desactivada</option>
        </select>
      </label>
    </>
  );
}

export default async function OutletsAdminPage() {
  const { csrf } = await requireOperator();
  const { db } = await database();
  const [outlets, proposed, checks] = await Promise.all([listOutletsForAdmin(db), listProposedSources(db), readOutletChecks(db)]);
  return (
    <>
      <h1>Cabeceras y fuentes</h1>
      <p>
        <a href="/admin/cabeceras/exportar?formato=yaml" download>
          Exportar el fichero de cabeceras (YAML)
        </a>{" "}
        ·{" "}
        <a href="/admin/cabeceras/exportar?formato=json" download>
          (JSON)
        </a>
      </p>

      <section aria-labelledby="lista">
        <h2 id="lista">Cabeceras ({outlets.length})</h2>
        <div className="table-wrap">
          <table className="admin-table" data-testid="outlets">
            <thead>
              <tr>
                <th scope="col">Cabecera</th>
                <th scope="col">Portada</th>
                <th scope="col">Fuentes</th>
                <th scope="col">Estado</th>
                <th scope="col">Última comprobación</th>
                <th scope="col">Editar</th>
              </tr>
            </thead>
            <tbody>
              {outlets.map((o) => (
                <tr key={o.id} data-slug={o.slug}>
                  <th scope="row">
                    <Link href={`/cabeceras/${o.slug}`} prefetch={false}>
                      {o.name}
                    </Link>
                    <br />
                    <span className="hint">{o.slug}</span>
                  </th>
                  <td className="url">{o.homepage}</td>
                  <td>
                    {o.feeds.length} feeds, {o.sitemaps.length} sitemaps
                  </td>
                  <td>
                    {o.active ? "activa" : "desactivada"}
                    <br />
                    {o.active ? (
                      <RowButton csrf={csrf} action="outlet.deactivate" id={o.id} label="Desactivar" />
                    ) : (
                      <RowButton csrf={csrf} action="outlet.activate" id={o.id} label="Activar" />
                    )}
                  </td>
                  <td>
                    <OutletCheckCell check={checks.get(o.id)} />
                  </td>
                  <td>
                    <details className="admin-details">
                      <summary>Editar {o.name}</summary>
                      <ActionForm csrf={csrf} action="outlet.save">
                        <OutletFields o={o} />
                        <button type="submit" data-testid={`save-${o.slug}`}>
                          Guardar
                        </button>
                      </ActionForm>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="nueva">
        <h2 id="nueva">Añadir una cabecera</h2>
        <ActionForm csrf={csrf} action="outlet.save">
          <OutletFields />
          <button type="submit">Añadir</button>
        </ActionForm>
      </section>

      <section aria-labelledby="propuestas">
        <h2 id="propuestas">Fuentes descubiertas</h2>
        <p className="hint">Feeds y sitemaps que el bot encontró en las portadas o en robots.txt. No se leen hasta que los aceptes.</p>
        {proposed.length === 0 ? (
          <p>No hay fuentes propuestas.</p>
        ) : (
          <table className="admin-table" data-testid="proposed">
            <thead>
              <tr>
                <th scope="col">Cabecera</th>
                <th scope="col">Tipo</th>
                <th scope="col">URL</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {proposed.map((s) => (
                <tr key={s.id}>
                  <td>{s.outletName}</td>
                  <td>{s.kind}</td>
                  <td className="url">{s.url}</td>
                  <td>
                    <RowButton csrf={csrf} action="source.accept" id={s.id} label="Aceptar" />
                    <RowButton csrf={csrf} action="source.discard" id={s.id} label="Descartar" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="importar">
        <h2 id="importar">Importar un fichero de cabeceras</h2>
        <p className="hint">
          Pega el contenido (YAML o JSON, el mismo formato que se exporta). Añade o actualiza por identificador; las fuentes que el fichero
          ya no nombra se desactivan, no se borran.
        </p>
        <ActionForm csrf={csrf} action="outlets.import">
          <label>
            Formato{" "}
            <select name="formato" defaultValue="yaml">
              <option value="yaml">YAML</option>
              <option value="json">JSON</option>
            </select>
          </label>
          <label>
            Contenido <textarea name="archivo" rows={10} required />
          </label>
          <button type="submit">Importar</button>
        </ActionForm>
      </section>
    </>
  );
}
