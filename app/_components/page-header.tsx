/** The top of a public page: its one `h1` and an optional lead paragraph. */
import type { ReactNode } from "react";

/** Page title (the page's only h1) with an optional section label and lead. */
export function PageHeader({ title, eyebrow, lead }: { title: string; eyebrow?: string; lead?: ReactNode }) {
  return (
    <>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h1>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
    </>
  );
}
