/** `GET /api/v1/articles/<id>`: one article with its headline history and rank spans (SPEC WEB-3). */
import { articleEndpoint } from "@/app/_lib/api/endpoints";
import { serveApi } from "@/app/_lib/api/route";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return serveApi(request, (ctx) => articleEndpoint(ctx, request, id));
}
