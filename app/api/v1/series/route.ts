/** `GET /api/v1/series`: matching articles per day and outlet for one search (documented on /datos). */
import { serveApi } from "@/app/_lib/api/route";
import { seriesEndpoint } from "@/app/_lib/api/series-endpoint";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveApi(request, seriesEndpoint);
}
