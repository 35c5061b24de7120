/** `GET /api/v1/exports/<dataset>.csv|json`: a streamed export (SPEC WEB-3). */
import { exportEndpoint } from "@/app/_lib/api/export";
import { serveApi } from "@/app/_lib/api/route";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  return serveApi(request, (ctx) => exportEndpoint(ctx, request, file));
}
