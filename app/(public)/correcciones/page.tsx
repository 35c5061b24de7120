/** "Correcciones": the dated public log of our corrections and changes (SPEC WEB-1), 50 per page. */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { listCorrections } from "@/db/queries/site/corrections";
import { formatDay } from "@/lib/pages/format";
import { readSiteData } from "@/app/_lib/pages/data";
import { parsePageParam } from "@/lib/pages/pagination";
import { PageHeader } from "../../_components/page-header";
import { Pagination } from "../../_components/pagination";
import { ServiceUnavailable } from "../../_components/service-unavailable";

/** Entries per page. */
const PAGE_SIZE = 50;

/** Page title. */
export const metadata: Metadata = { title: "Correcciones" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The corrections log, newest first; a page number outside the log is a 404. */
export default async function CorrectionsPage({ searchParams }: Props) {
  const page = parsePageParam((await searchParams).pagina);
  if (page === undefined) notFound();
  const read = await readSiteData((db) => listCorrections(db, { page, pageSize: PAGE_SIZE }));
  if (!read.ok) return <ServiceUnavailable />;
  const log = read.value;
  if (page > log.pageCount) notFound();
  return (
    <>
      <PageHeader
        title="Correcciones"
        lead="Cada error que corregimos y cada cambio en cómo medimos o en lo que contamos de nosotros, con su fecha. Lo más reciente, primero."
      />
      {log.total === 0 ? (
        <p className="notice">
          Todavía no hay ninguna corrección anotada. Cuando corrijamos un dato, cambiemos un método o actualicemos una página como El bot o
          Privacidad, lo anotaremos aquí con su fecha.
        </p>
      ) : (
        <>
          <ol className="log">
            {log.items.map((c) => (
              <li key={c.id}>
                <time dateTime={c.day}>{formatDay(c.day)}</time>
                <h2>{c.title}</h2>
                <p>{c.details}</p>
              </li>
            ))}
          </ol>
          <Pagination path="/correcciones" page={log.page} pageCount={log.pageCount} />
        </>
      )}
    </>
  );
}
