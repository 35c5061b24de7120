/** A headline change as a word diff: removed words struck through, added words marked. */
import type { DiffPart } from "@/lib/word-diff";

/** Inline diff; `<del>`/`<ins>` carry the meaning for screen readers, the styles for the eye. */
export function HeadlineDiff({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <span className="diff">
      {parts.map((p, i) => {
        const space = i > 0 ? " " : "";
        if (p.kind === "removed")
          return (
            <span key={i}>
              {space}
              <del>
                <span className="visually-hidden">[quitado: </span>
                {p.text}
                <span className="visually-hidden">]</span>
              </del>
            </span>
          );
        if (p.kind === "added")
          return (
            <span key={i}>
              {space}
              <ins>
                <span className="visually-hidden">[añadido: </span>
                {p.text}
                <span className="visually-hidden">]</span>
              </ins>
            </span>
          );
        return (
          <span key={i}>
            {space}
            {p.text}
          </span>
        );
      })}
    </span>
  );
}
