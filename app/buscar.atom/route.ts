/** `/buscar.atom?q=…[&cabecera=…][&grupo=…]`: the newest headlines matching a search, as an Atom feed (SPEC WEB-6). */
import { loadPolicies } from "@/db/policies-in-force";
import { searchHeadlines } from "@/db/queries/site/search";
import { appConfig, siteClock } from "@/db/server";
import { atomResponse, atomXml } from "@/lib/pages/atom";
import { readSiteData } from "@/app/_lib/pages/data";
import { atomQuery, parseSearchParams, searchHref } from "@/lib/pages/search-params";
import { groupLabel } from "@/lib/outlet-groups";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const q = url.searchParams.get("q") ?? "";
  const outlet = url.searchParams.get("cabecera") ?? undefined;
  const group = url.searchParams.get("grupo") ?? undefined;
  const parsed = parseSearchParams({ q, ...(outlet ? { cabecera: outlet } : {}), ...(group ? { grupo: group } : {}) });
  if (!parsed.ok || !parsed.value.q) {
    const reason = parsed.ok ? "Falta la búsqueda (q)." : parsed.reason;
    return new Response(`${reason}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const query = parsed.value;
  const read = await readSiteData(async (db) => searchHeadlines(db, await loadPolicies(db), query));
  if (!read.ok)
    return new Response("Servicio no disponible temporalmente.\n", {
      status: 503,
      headers: { "Retry-After": "60", "Cache-Control": "no-store" },
    });
  const feedQuery = atomQuery(query);
  return atomResponse(
    atomXml(
      appConfig().siteUrl,
      {
        key: `buscar/${feedQuery.toString()}`,
        title: `Hemeroscopio: titulares con «${query.q}»${query.outlet ? ` (${query.outlet})` : ""}${query.group ? ` (${groupLabel(query.group)})` : ""}`,
        subtitle: "Los titulares nuevos que coinciden con esta búsqueda, los más recientes primero.",
        path: `/buscar.atom?${feedQuery.toString()}`,
        pagePath: searchHref(query, 1),
        entries: read.value.hits.map((h) => ({
          key: `titular/${h.articleId}/${h.firstSeenAt}`,
          title: h.headline,
          updated: h.firstSeenAt,
          href: `/noticias/${h.articleId}`,
          summary: h.outletName,
        })),
      },
      siteClock().now(),
    ),
  );
}
