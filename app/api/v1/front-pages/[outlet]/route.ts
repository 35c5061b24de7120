/** `GET /api/v1/front-pages/<outlet>?at=…`: an outlet's front page at an instant (SPEC WEB-3, WEB-5). */
import { frontPageEndpoint } from "@/app/_lib/api/front-page-endpoint";
import { serveApi } from "@/app/_lib/api/route";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ outlet: string }> }): Promise<Response> {
  const { outlet } = await params;
  return serveApi(request, (ctx) => frontPageEndpoint(ctx, request, outlet));
}
