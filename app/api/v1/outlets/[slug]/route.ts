/** `GET /api/v1/outlets/<slug>`: one outlet (SPEC WEB-3). */
import { outletEndpoint } from "@/app/_lib/api/endpoints";
import { serveApi } from "@/app/_lib/api/route";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  return serveApi(request, (ctx) => outletEndpoint(ctx, request, slug));
}
