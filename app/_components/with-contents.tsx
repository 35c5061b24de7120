/** A long page with its table of contents beside the text ("En esta página"). */
import type { ReactNode } from "react";

export function WithContents({ contents, children }: { contents: readonly (readonly [id: string, label: string])[]; children: ReactNode }) {
  return (
    <div className="with-toc">
      <nav className="toc" aria-labelledby="en-esta-pagina">
        <h2 id="en-esta-pagina">En esta página</h2>
        <ol>
          {contents.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="prose">{children}</div>
    </div>
  );
}
