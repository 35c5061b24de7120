/** `GET /api/v1`: the index of the open-data API (SPEC WEB-3), pointing at its documentation. */
import { DATASETS } from "@/db/open-data/datasets/index";
import { FRONT_PAGE_ENDPOINT, FRONT_PAGE_FIELDS } from "@/app/_lib/api/front-page-docs";
import { jsonResponse } from "@/app/_lib/api/http";
import { SERIES_DOCS, SERIES_PARAMS } from "@/app/_lib/api/docs";
import { DATASET_VERSION } from "@/lib/dataset-version";

export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  return jsonResponse(request, {
    documentation: "/datos",
    openapi: "/api/v1/openapi.json",
    version: DATASET_VERSION,
    license: "CC BY 4.0",
    datasets: DATASETS.map((d) => ({
      name: d.name,
      list: `/api/v1/${d.name}`,
      exports: [`/api/v1/exports/${d.name}.csv`, `/api/v1/exports/${d.name}.json`],
      fields: d.fields,
      parameters: d.params,
    })),
    series: { path: "/api/v1/series", fields: Object.keys(SERIES_DOCS.fields), parameters: SERIES_PARAMS },
    front_pages: { path: FRONT_PAGE_ENDPOINT.path, fields: Object.keys(FRONT_PAGE_FIELDS), parameters: FRONT_PAGE_ENDPOINT.params },
  });
}
