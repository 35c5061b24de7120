/** `GET /api/v1/stories`: one page of the stories dataset (SPEC WEB-3; documented on /datos). */
import { listEndpoint } from "@/lib/api/endpoints";
import { storiesDataset } from "@/lib/api/datasets/stories";
import { serveApi } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveApi(request, (ctx) => listEndpoint(ctx, request, storiesDataset));
}
