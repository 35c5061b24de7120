/**
 * A story's Atom feed (SPEC WEB-6): its new outlets, rewrites and front-page arrivals, served at
 * `/historias/<id>/cambios.atom` (that route re-exports this handler); the older `/historias/<id>.atom`
 * and this folder's own `/historias/<id>/atom` redirect there (next.config.ts). The feed's id keeps
 * its key, so a reader subscribed at the old address sees no duplicate entries.
 */
import { loadPolicies } from "@/db/policies-in-force";
import { loadStoryEvents, loadStoryKeyTerms } from "@/db/queries/feeds";
import { appConfig, siteClock } from "@/db/server";
import { atomResponse, atomXml } from "@/lib/pages/atom";
import { readSiteData } from "@/app/_lib/pages/data";
import { storyTitle } from "../../story-title";

export const dynamic = "force-dynamic";

const WORDS = {
  outlet: (name: string) => `${name} se suma`,
  rewrite: (name: string) => `${name} cambia el titular`,
  "front-page": (name: string) => `En portada de ${name}`,
};

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id: idText } = await params;
  const id = /^[1-9][0-9]{0,14}$/.test(idText) ? Number(idText) : undefined;
  const read =
    id === undefined
      ? { ok: true as const, value: undefined }
      : await readSiteData(async (db) => {
          const keyTerms = await loadStoryKeyTerms(db, id);
          return keyTerms ? { keyTerms, events: await loadStoryEvents(db, await loadPolicies(db), id) } : undefined;
        });
  if (!read.ok)
    return new Response("Servicio no disponible temporalmente.\n", {
      status: 503,
      headers: { "Retry-After": "60", "Cache-Control": "no-store" },
    });
  if (!read.value || id === undefined)
    return new Response("No existe esa historia.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { keyTerms, events } = read.value;
  const title = storyTitle({ id, keyTerms });
  return atomResponse(
    atomXml(
      appConfig().siteUrl,
      {
        key: `historias/${id}`,
        title: `Historia: ${title}`,
        subtitle: "Qué cabeceras se suman a esta historia, cuándo la llevan a su portada y cómo cambian sus titulares, según Hemeroscopio.",
        path: `/historias/${id}/cambios.atom`,
        pagePath: `/historias/${id}`,
        entries: events.map((e) => ({
          key: e.key,
          title: `${WORDS[e.kind](e.outletName ?? "")}: ${e.headline}`,
          updated: e.at,
          href: `/noticias/${e.articleId}`,
          summary: e.before ? `Antes: «${e.before}»` : undefined,
        })),
      },
      siteClock().now(),
    ),
  );
}
