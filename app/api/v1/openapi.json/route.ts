/** `GET /api/v1/openapi.json`: the OpenAPI 3.1 description of the open-data API, generated from its documentation. */
import { appConfig } from "@/db/server";
import { jsonResponse } from "@/app/_lib/api/http";
import { openApiDocument } from "@/app/_lib/api/openapi";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  return jsonResponse(request, openApiDocument(appConfig().siteUrl));
}
