/** /datos: the analysis blocks of the detail endpoints (SPEC WEB-3, DER-10, DER-11), from the definitions the API serves. */
import { ANALYSIS_BLOCK_DOCS } from "@/app/_lib/api/analysis-docs";

const asCode = { textTransform: "none", letterSpacing: 0, fontSize: "inherit" } as const;

/** One subsection per block: where it is served, what it means, and its keys. */
export function AnalysisBlockDocs() {
  return (
    <section aria-labelledby="analisis-en-detalle">
      <h2 id="analisis-en-detalle">Genealogía de agencia y silencios</h2>
      <p>
        El detalle de una historia y el de una cabecera añaden estos bloques de análisis. Solo llevan titulares, horas y cifras nuestras:
        nunca el texto de los artículos.
      </p>
      {ANALYSIS_BLOCK_DOCS.map((b) => (
        <section key={b.key} aria-labelledby={`bloque-${b.key}`}>
          <h3 id={`bloque-${b.key}`}>
            <code style={asCode}>{b.key}</code>
          </h3>
          <p>{b.summary}</p>
          <ul>
            <li>
              En: <code>{b.endpoint}</code>
            </li>
          </ul>
          <div className="table-wrap">
            <table>
              <caption className="table-caption">Campos de {b.key}</caption>
              <thead>
                <tr>
                  <th scope="col">Campo</th>
                  <th scope="col">Significado</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(b.fields).map(([f, doc]) => (
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
        </section>
      ))}
    </section>
  );
}
