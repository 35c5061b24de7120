/** "Cabeceras": the outlets we follow, with a link to each home page and to its ficha. */
import type { Metadata } from "next";
import Link from "next/link";
import { loadPolicies } from "@/db/policy";
import { readSiteData } from "@/lib/pages/data";
import { listActiveOutlets } from "@/lib/pages/outlets";
import { PageHeader } from "../../_components/page-header";
import { ServiceUnavailable } from "../../_components/service-unavailable";

/** Page title. */
export const metadata: Metadata = { title: "Cabeceras" };

/** Directory of active outlets (SPEC WEB-1); the fichas come later. */
export default async function OutletsPage() {
  const read = await readSiteData(async (db) => listActiveOutlets(db, await loadPolicies(db)));
  if (!read.ok) return <ServiceUnavailable />;
  const outlets = read.value;
  return (
    <>
      <PageHeader
        title="Cabeceras"
        lead="Los medios cuyas portadas, feeds y sitemaps lee nuestro rastreador. Cada ficha reunirá lo que hemos medido de esa cabecera."
      />
      {outlets.length === 0 ? (
        <p className="notice">Todavía no seguimos ninguna cabecera: la lista de medios se está preparando.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="table-caption">
              {outlets.length === 1 ? "1 cabecera seguida" : `${outlets.length} cabeceras seguidas`} ahora mismo, por orden alfabético.
            </caption>
            <thead>
              <tr><th scope="col">Cabecera</th><th scope="col">Portada</th></tr>
            </thead>
            <tbody>
              {outlets.map((o) => (
                <tr key={o.slug}>
                  <td><Link href={`/cabeceras/${o.slug}`} prefetch={false}>{o.name}</Link></td>
                  <td><a href={o.homepage} rel="noopener noreferrer">{o.homepageHost}</a></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
