/** `GET /api/v1/bulk/<day>/<file>`: one nightly bulk file or its manifest (SPEC WEB-9), listed on /datos/volcados. */
import { bulkFileResponse } from "@/app/_lib/bulk/serve-file";
import { ApiError } from "@/db/open-data/errors";
import { appConfig } from "@/db/server";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ day: string; file: string }> }): Promise<Response> {
  const { day, file } = await params;
  try {
    return await bulkFileResponse(appConfig().bulk.dir, day, file);
  } catch (error) {
    if (error instanceof ApiError) return error.toResponse();
    throw error;
  }
}
