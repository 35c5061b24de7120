/** `/cabeceras/<slug>/capturas/<id>/portada.svg`: one capture's ranked list and citation as one SVG page (SPEC WEB-5). */
import { loadPolicies } from "@/db/policies-in-force";
import { appConfig, siteClock } from "@/db/server";
import { readCitedCapture } from "@/app/_lib/pages/cited-capture";
import { readSiteData } from "@/app/_lib/pages/data";
import { captureSvg } from "@/lib/pages/capture-svg";
import { parseIdParam } from "@/lib/pages/ids";
import { formatMoment } from "@/lib/pages/period";
import { svgResponse } from "@/lib/pages/standalone-svg";
import { SITE_TIME_ZONE, zoneLabel } from "@/lib/pages/time-zone";

export const dynamic = "force-dynamic";

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(`${body}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra } });

export async function GET(_request: Request, { params }: { params: Promise<{ slug: string; id: string }> }): Promise<Response> {
  const { slug, id } = await params;
  const captureId = parseIdParam(id);
  if (captureId === undefined) return text("No existe esa captura.", 404);
  const read = await readSiteData(async (db) =>
    readCitedCapture(db, await loadPolicies(db), { slug, captureId, now: siteClock().now(), siteUrl: appConfig().siteUrl }),
  );
  if (!read.ok) return text("Servicio no disponible temporalmente.", 503, { "Retry-After": "60" });
  const view = read.value;
  if ("missing" in view) return text(view.missing === "withheld" ? "A petición del medio, no mostramos estos datos." : "No existe esa captura.", 404);
  const when = formatMoment(view.capture.at, SITE_TIME_ZONE);
  return svgResponse(
    captureSvg({
      title: `Portada de ${view.outlet.name}`,
      subtitle: `Captura n.º ${view.capture.id}, ${when} (${zoneLabel(SITE_TIME_ZONE)})`,
      links: view.capture.links,
      digest: view.digest,
      citation: view.citation,
      pageUrl: view.permalink,
    }),
  );
}
