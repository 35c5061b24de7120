/** `/alertas/puestos.atom?q=…&medios=…&puesto=…`: headlines with these words that reached the top N of a front page (SPEC WEB-6). */
import { alertFeedRoute } from "@/app/_lib/alert-feed-route";
import { parsePlacementAlert } from "@/lib/pages/alert-params";

export const dynamic = "force-dynamic";

export const GET = alertFeedRoute(parsePlacementAlert);
