/** /datos: the front page at an instant (SPEC WEB-3, WEB-5), documented from the definitions the endpoint serves. */
import { FRONT_PAGE_ENDPOINT, FRONT_PAGE_FIELDS, FRONT_PAGE_LINK_FIELDS } from "@/app/_lib/api/front-page-docs";
import { PARAM_DOCS } from "@/app/_lib/api/docs";

const asCode = { textTransform: "none", letterSpacing: 0, fontSize: "inherit" } as const;

function FieldTable({ caption, fields }: { caption: string; fields: Record<string, string> }) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="table-caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Campo</th>
            <th scope="col">Significado</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(fields).map(([f, doc]) => (
            <tr key={f}>
              <th scope="row" style={asCode}>
                <code>{f}</code>
              </th>
              <td>{doc}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The section of /datos on `/api/v1/front-pages/{outlet}`. */
export function FrontPageEndpointDocs() {
  return (
    <section aria-labelledby="portada-en-un-instante">
      <h2 id="portada-en-un-instante">Una portada en un instante</h2>
      <p>{FRONT_PAGE_ENDPOINT.summary}</p>
      <ul>
        <li>
          Detalle: <code>{FRONT_PAGE_ENDPOINT.path}</code>; responde <code>{"{ data: { … } }"}</code>, sin paginación.
        </li>
        {FRONT_PAGE_ENDPOINT.params.map((p) => (
          <li key={p}>
            Parámetro <code>{p}</code>: {PARAM_DOCS[p]}
          </li>
        ))}
      </ul>
      <FieldTable caption="Campos de la portada en un instante" fields={FRONT_PAGE_FIELDS} />
      <FieldTable caption="Campos de cada enlace (links)" fields={FRONT_PAGE_LINK_FIELDS} />
    </section>
  );
}
