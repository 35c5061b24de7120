/** `GET /api/v1/bulk/bundle?from=&to=&outlets=`: the research bundle, one zip (SPEC WEB-9), offered on /datos/volcados. */
import { serveApi } from "@/app/_lib/api/route";
import { bundleResponse } from "@/app/_lib/bulk/bundle";
import { parseBundleQuery } from "@/app/_lib/bulk/bundle-params";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  return serveApi(request, (ctx) => bundleResponse(ctx, parseBundleQuery(new URL(request.url).searchParams)));
}
