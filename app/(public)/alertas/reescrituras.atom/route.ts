/** `/alertas/reescrituras.atom?medios=…&horas=…`: headlines rewritten more than H hours after publishing (SPEC WEB-6). */
import { alertFeedRoute } from "@/app/_lib/alert-feed-route";
import { parseRewriteAlert } from "@/lib/pages/alert-params";

export const dynamic = "force-dynamic";

export const GET = alertFeedRoute(parseRewriteAlert);
