/** Previous/next links between pages of a list; plain links, so no JavaScript is needed. */
import { Link } from "@/app/_components/link";
import { pageHref } from "@/lib/pages/pagination";

/** Pager for `path`, keeping the list's other parameters; by default newer entries on the left, older on the right. */
export function Pagination({
  path,
  page,
  pageCount,
  keep,
  labels = ["← Más recientes", "Anteriores →"],
}: {
  path: string;
  page: number;
  pageCount: number;
  keep?: Record<string, string>;
  labels?: [string, string];
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label="Páginas">
      {page > 1 ? (
        <Link href={pageHref(path, page - 1, keep)} rel="prev">
          {labels[0]}
        </Link>
      ) : (
        <span />
      )}
      <p>
        Página {page} de {pageCount}
      </p>
      {page < pageCount ? (
        <Link href={pageHref(path, page + 1, keep)} rel="next">
          {labels[1]}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
