/** `GET /api/v1/outlets`: one page of the outlets dataset (SPEC WEB-3; documented on /datos). */
import { listEndpoint } from "@/app/_lib/api/endpoints";
import { outletsDataset } from "@/db/open-data/datasets/outlets";
import { serveApi } from "@/app/_lib/api/route";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveApi(request, (ctx) => listEndpoint(ctx, request, outletsDataset));
}
