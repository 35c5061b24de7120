/** `GET /api/v1/stories/<id>`: one story with its articles (SPEC WEB-3). */
import { storyEndpoint } from "@/app/_lib/api/endpoints";
import { serveApi } from "@/app/_lib/api/route";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return serveApi(request, (ctx) => storyEndpoint(ctx, request, id));
}
