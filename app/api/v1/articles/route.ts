/** `GET /api/v1/articles`: one page of the articles dataset (SPEC WEB-3; documented on /datos). */
import { listEndpoint } from "@/app/_lib/api/endpoints";
import { articlesDataset } from "@/db/open-data/datasets/articles";
import { serveApi } from "@/app/_lib/api/route";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveApi(request, (ctx) => listEndpoint(ctx, request, articlesDataset));
}
