/** The GET handler of an alert's Atom feed (`/alertas/puestos.atom`, `/alertas/reescrituras.atom`; SPEC WEB-6). */
import { loadPolicies } from "@/db/policies-in-force";
import { appConfig, siteClock } from "@/db/server";
import { readAlertFeed } from "@/app/_lib/pages/alert-feed";
import { readSiteData } from "@/app/_lib/pages/data";
import type { Alert } from "@/lib/pages/alert-params";
import { atomResponse, atomXml } from "@/lib/pages/atom";
import type { SearchParams } from "@/lib/pages/search-params";

type Parse = (params: SearchParams) => { ok: true; value: Alert } | { ok: false; reason: string };

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(`${body}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra } });

/** A bad alert is a 400 with its reason; a database away, a 503. */
export function alertFeedRoute(parse: Parse) {
  return async function GET(request: Request): Promise<Response> {
    const search = new URL(request.url).searchParams;
    const parsed = parse(
      Object.fromEntries([...new Set(search.keys())].map((k) => [k, search.getAll(k).length > 1 ? search.getAll(k) : search.get(k)!])),
    );
    if (!parsed.ok) return text(parsed.reason, 400);
    const now = siteClock().now();
    const read = await readSiteData(async (db) => readAlertFeed(db, await loadPolicies(db), parsed.value, now));
    if (!read.ok) return text("Servicio no disponible temporalmente.", 503, { "Retry-After": "60" });
    const feed = read.value;
    return atomResponse(
      atomXml(
        appConfig().siteUrl,
        {
          key: `alertas/${feed.path}`,
          title: `Hemeroscopio, alerta: ${feed.title}`,
          subtitle:
            "Una entrada cada vez que ocurre, de las noticias de los últimos 14 días. Esta dirección es la alerta: no hace falta cuenta.",
          path: feed.path,
          pagePath: feed.pagePath,
          entries: feed.entries.map((e) => ({
            key: e.key,
            title: e.headline,
            updated: e.at,
            href: `/noticias/${e.articleId}`,
            summary: e.summary,
          })),
        },
        now,
      ),
    );
  };
}
