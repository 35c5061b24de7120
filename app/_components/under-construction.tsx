/** An honest notice for a section that is not built yet: what it will show. */
import type { ReactNode } from "react";

/** "En construcción" box listing what the section will contain, plus an optional interim note. */
export function UnderConstruction({ willShow, meanwhile }: { willShow: readonly ReactNode[]; meanwhile?: ReactNode }) {
  return (
    <section className="notice" aria-labelledby="en-construccion">
      <h2 id="en-construccion"><span className="badge">En construcción</span> Esta sección aún no está disponible</h2>
      <p>Todavía no publicamos datos aquí. Cuando esté lista, esta página mostrará:</p>
      <ul>
        {willShow.map((item, i) => <li key={i}>{item}</li>)}
      </ul>
      {meanwhile ? <p>{meanwhile}</p> : null}
    </section>
  );
}
