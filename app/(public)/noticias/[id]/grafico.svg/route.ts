/** `/noticias/<id>/grafico.svg`: an article's rank chart as a standalone SVG (SPEC WEB-6). */
import { loadPolicies } from "@/db/policy";
import { appConfig } from "@/db/server";
import { readSiteData } from "@/lib/pages/data";
import { parseIdParam } from "@/lib/pages/ids";
import { articleChartDocument } from "@/lib/pages/record-chart-document";
import { svgResponse } from "@/lib/pages/standalone-svg";

export const dynamic = "force-dynamic";

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(`${body}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra } });

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const id = parseIdParam((await params).id);
  if (id === undefined) return text("No existe ese gráfico.", 404);
  const read = await readSiteData(async (db) => articleChartDocument(db, await loadPolicies(db), { id, siteUrl: appConfig().siteUrl }));
  if (!read.ok) return text("Servicio no disponible temporalmente.", 503, { "Retry-After": "60" });
  return read.value === undefined ? text("No existe ese gráfico.", 404) : svgResponse(read.value);
}
