/** `GET /api/v1/rank-spans`: one page of the rank-spans dataset (SPEC WEB-3; documented on /datos). */
import { listEndpoint } from "@/lib/api/endpoints";
import { rankSpansDataset } from "@/lib/api/datasets/rank-spans";
import { serveApi } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveApi(request, (ctx) => listEndpoint(ctx, request, rankSpansDataset));
}
