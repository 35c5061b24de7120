/** Any other address under /api/: a JSON 404 pointing at the documentation (SPEC WEB-3), not an HTML page. */
import { ApiError } from "@/db/open-data/errors";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return new ApiError("not_found", "no such endpoint; the API is documented at /datos and listed at /api/v1").toResponse();
}
