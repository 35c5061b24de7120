/** `GET /api/v1/headline-versions`: one page of the headline-versions dataset (SPEC WEB-3; documented on /datos). */
import { listEndpoint } from "@/app/_lib/api/endpoints";
import { headlineVersionsDataset } from "@/db/open-data/datasets/headline-versions";
import { serveApi } from "@/app/_lib/api/route";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveApi(request, (ctx) => listEndpoint(ctx, request, headlineVersionsDataset));
}
