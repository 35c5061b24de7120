/** `/robots/cambios.atom`: every change of an outlet's robots.txt verdict for a well-known crawler, as an Atom feed (SPEC WEB-9). */
import { loadPolicies } from "@/db/policies-in-force";
import { loadOutletRobots } from "@/db/queries/site/robots-table";
import { appConfig, siteClock } from "@/db/server";
import { readSiteData } from "@/app/_lib/pages/data";
import { atomResponse, atomXml } from "@/lib/pages/atom";
import { allChanges, changeTitle } from "@/lib/robots/bot-table";

export const dynamic = "force-dynamic";

/** Entries in the feed: the newest changes. */
const FEED_ENTRIES = 100;

export async function GET(): Promise<Response> {
  const now = siteClock().now();
  const read = await readSiteData(async (db) => loadOutletRobots(db, await loadPolicies(db)));
  if (!read.ok)
    return new Response("Servicio no disponible temporalmente.\n", {
      status: 503,
      headers: { "Retry-After": "60", "Cache-Control": "no-store" },
    });
  const changes = allChanges(read.value).slice(0, FEED_ENTRIES);
  return atomResponse(
    atomXml(
      appConfig().siteUrl,
      {
        key: "robots/cambios",
        title: "Cambios de bloqueos en robots.txt",
        subtitle: "Cada vez que el robots.txt de una cabecera cambia lo que permite a un rastreador conocido, según Hemeroscopio.",
        path: "/robots/cambios.atom",
        pagePath: "/robots",
        rights: "Datos: Hemeroscopio, CC BY 4.0.",
        entries: changes.map((c) => ({
          key: `robots/${c.slug}/${c.token}/${c.sha256}`,
          title: changeTitle(c),
          updated: c.at,
          href: "/robots",
          summary: `Versión del robots.txt con SHA-256 ${c.sha256}.`,
        })),
      },
      now,
    ),
  );
}
