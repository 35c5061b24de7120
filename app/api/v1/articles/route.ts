/** `GET /api/v1/articles`: one page of the articles dataset (SPEC WEB-3; documented on /datos). */
import { listEndpoint } from "@/lib/api/endpoints";
import { articlesDataset } from "@/lib/api/datasets/articles";
import { serveApi } from "@/lib/api/route";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return serveApi(request, (ctx) => listEndpoint(ctx, request, articlesDataset));
}
