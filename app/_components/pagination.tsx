/** Previous/next links between pages of a list; plain links, so no JavaScript is needed. */
import Link from "next/link";
import { pageHref } from "@/lib/site-pagination";

/** Pager for `path`: newer entries on the left, older on the right. */
export function Pagination({ path, page, pageCount }: { path: string; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label="Páginas">
      {page > 1 ? <Link href={pageHref(path, page - 1)} rel="prev" prefetch={false}>← Más recientes</Link> : <span />}
      <p>Página {page} de {pageCount}</p>
      {page < pageCount ? <Link href={pageHref(path, page + 1)} rel="next" prefetch={false}>Anteriores →</Link> : <span />}
    </nav>
  );
}
