/** `/noticias/<id>/grafico.svg`: an article's rank chart as a standalone SVG (SPEC WEB-6). */
import { articleChartDocument } from "@/app/_lib/pages/record-chart-document";
import { recordChartRoute } from "../../../../_lib/record-chart-route";

export const dynamic = "force-dynamic";

export const GET = recordChartRoute(articleChartDocument);
