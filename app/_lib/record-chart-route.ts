/** The GET handler of a record's standalone chart (`/noticias/<id>/grafico.svg`, `/historias/<id>/grafico.svg`; SPEC WEB-6). */
import type { Executor } from "@/db/client";
import { loadPolicies } from "@/db/policies-in-force";
import { appConfig } from "@/db/server";
import type { Policies } from "@/lib/policy";
import { readSiteData } from "@/app/_lib/pages/data";
import { parseIdParam } from "@/lib/pages/ids";
import { svgResponse } from "@/lib/pages/standalone-svg";

/** Draws record `id`'s chart as an SVG document; undefined when there is none to draw. */
type ChartDocument = (db: Executor, policies: Policies, p: { id: number; siteUrl: string }) => Promise<string | undefined>;

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(`${body}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra } });

/** A bad or unknown id, or a record without a chart, is a 404; a database away, a 503. */
export function recordChartRoute(document: ChartDocument) {
  return async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
    const id = parseIdParam((await params).id);
    if (id === undefined) return text("No existe ese gráfico.", 404);
    const read = await readSiteData(async (db) => document(db, await loadPolicies(db), { id, siteUrl: appConfig().siteUrl }));
    if (!read.ok) return text("Servicio no disponible temporalmente.", 503, { "Retry-After": "60" });
    return read.value === undefined ? text("No existe ese gráfico.", 404) : svgResponse(read.value);
  };
}
