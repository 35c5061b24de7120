/** `/cabeceras/<slug>/cambios.atom`: an outlet's headline rewrites as an Atom feed (SPEC WEB-6). */
import { loadPolicies } from "@/db/policies-in-force";
import { loadOutletRewrites } from "@/db/queries/feeds";
import { findVisibleOutlet } from "@/db/queries/outlet-page/outlet";
import { appConfig, siteClock } from "@/db/server";
import { atomResponse, atomXml } from "@/lib/pages/atom";
import { readSiteData } from "@/app/_lib/pages/data";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  const now = siteClock().now();
  const read = await readSiteData(async (db) => {
    const outlet = await findVisibleOutlet(db, await loadPolicies(db), slug);
    return outlet ? { outlet, events: await loadOutletRewrites(db, outlet.id, outlet.policy, now) } : undefined;
  });
  if (!read.ok)
    return new Response("Servicio no disponible temporalmente.\n", {
      status: 503,
      headers: { "Retry-After": "60", "Cache-Control": "no-store" },
    });
  if (!read.value)
    return new Response("No existe esa cabecera.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { outlet, events } = read.value;
  return atomResponse(
    atomXml(
      appConfig().siteUrl,
      {
        key: `cabeceras/${outlet.slug}/cambios`,
        title: `${outlet.name}: titulares cambiados`,
        subtitle: `Cada vez que ${outlet.name} cambia el titular de una noticia de los últimos 14 días, según Hemeroscopio.`,
        path: `/cabeceras/${outlet.slug}/cambios.atom`,
        pagePath: `/cabeceras/${outlet.slug}`,
        entries: events.map((e) => ({
          key: e.key,
          title: e.headline,
          updated: e.at,
          href: `/noticias/${e.articleId}`,
          summary: e.before ? `Antes: «${e.before}»` : undefined,
        })),
      },
      now,
    ),
  );
}
