/** `GET /api/v1/rank-spans`: one page of the rank-spans dataset (SPEC WEB-3; documented on /datos). */
import { listEndpoint } from "@/app/_lib/api/endpoints";
import { rankSpansDataset } from "@/db/open-data/datasets/rank-spans";
import { serveApi } from "@/app/_lib/api/route";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveApi(request, (ctx) => listEndpoint(ctx, request, rankSpansDataset));
}
