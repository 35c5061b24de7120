/** `/historias/<id>/grafico.svg`: a story's rank chart as a standalone SVG (SPEC WEB-6). */
import { storyChartDocument } from "@/app/_lib/pages/record-chart-document";
import { recordChartRoute } from "../../../../_lib/record-chart-route";

export const dynamic = "force-dynamic";

export const GET = recordChartRoute(storyChartDocument);
