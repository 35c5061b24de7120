/** `/cabeceras/<slug>/grafico.svg?tipo=…&desde=…&hasta=…`: a chart of the outlet page as a standalone SVG (SPEC WEB-6). */
import { loadPolicies } from "@/db/policies-in-force";
import { appConfig, siteClock } from "@/db/server";
import { readSiteData } from "@/app/_lib/pages/data";
import { outletChartDocument } from "@/app/_lib/pages/outlet-chart-document";
import { parseOutletChartQuery } from "@/lib/pages/outlet-charts";
import { svgResponse } from "@/lib/pages/standalone-svg";

export const dynamic = "force-dynamic";

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(`${body}\n`, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...extra } });

const MISSING = {
  outlet: [404, "No existe esa cabecera."],
  withheld: [404, "A petición del medio, no mostramos estos datos."],
  empty: [404, "No hay datos para ese gráfico en ese periodo."],
} as const;

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  const search = new URL(request.url).searchParams;
  // A repeated parameter stays a list, which the parser refuses.
  const parsed = parseOutletChartQuery(Object.fromEntries([...new Set(search.keys())].map((k) => [k, search.getAll(k).length > 1 ? search.getAll(k) : search.get(k)!])));
  if (!parsed.ok) return text(parsed.reason, 400);
  const read = await readSiteData(async (db) =>
    outletChartDocument(db, await loadPolicies(db), { slug, query: parsed.value, now: siteClock().now(), siteUrl: appConfig().siteUrl }));
  if (!read.ok) return text("Servicio no disponible temporalmente.", 503, { "Retry-After": "60" });
  const doc = read.value;
  if ("missing" in doc) {
    const [status, reason] = MISSING[doc.missing];
    return text(reason, status);
  }
  return svgResponse(doc.svg);
}
