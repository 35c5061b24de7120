/** `/noticias/<id>/cambios.atom`: one article's headline versions as an Atom feed, newest first (SPEC WEB-6, WEB-9). */
import { loadPolicies } from "@/db/policies-in-force";
import { loadArticlePage } from "@/db/queries/site/article-page";
import { appConfig, siteClock } from "@/db/server";
import { readSiteData } from "@/app/_lib/pages/data";
import { atomResponse, atomXml } from "@/lib/pages/atom";
import { articleChangeEntries } from "@/lib/pages/article-feed";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  const notFound = () =>
    new Response("No existe esa noticia.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!/^[1-9][0-9]{0,14}$/.test(id)) return notFound();
  const read = await readSiteData(async (db) => loadArticlePage(db, await loadPolicies(db), { id: Number(id) }));
  if (!read.ok)
    return new Response("Servicio no disponible temporalmente.\n", {
      status: 503,
      headers: { "Retry-After": "60", "Cache-Control": "no-store" },
    });
  if (!read.value) return notFound();
  const article = read.value;
  return atomResponse(
    atomXml(
      appConfig().siteUrl,
      {
        key: `noticias/${article.id}/cambios`,
        title: `Cambios de titular: ${article.headline}`,
        subtitle: `Cada versión del titular de esta noticia de ${article.outlet.name}, según Hemeroscopio.`,
        path: `/noticias/${article.id}/cambios.atom`,
        pagePath: `/noticias/${article.id}`,
        entries: articleChangeEntries(article.id, article.versions),
      },
      siteClock().now(),
    ),
  );
}
