/** `GET /api/v1/stories`: one page of the stories dataset (SPEC WEB-3; documented on /datos). */
import { listEndpoint } from "@/app/_lib/api/endpoints";
import { storiesDataset } from "@/db/open-data/datasets/stories";
import { serveApi } from "@/app/_lib/api/route";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveApi(request, (ctx) => listEndpoint(ctx, request, storiesDataset));
}
