/**
 * The OpenAPI 3.1 description of the open-data API (SPEC WEB-9), served at /api/v1/openapi.json.
 * Generated from the one description the API has (docs.ts, front-page-docs.ts, the datasets'
 * fields and parameters), so it cannot drift from what /datos says. Pure.
 */
import { DATASET_VERSION } from "../../../lib/dataset-version";
import { SERIES_FIELDS } from "../../../lib/pages/attention";
import { DATASETS } from "../../../db/open-data/datasets/index";
import type { Dataset } from "../../../db/open-data/datasets/types";
import { bulkPaths } from "../bulk/openapi-paths";
import { DATASET_DOCS, fieldDoc, PARAM_DOCS, SERIES_DOCS, SERIES_PARAMS } from "./docs";
import { FRONT_PAGE_ENDPOINT, FRONT_PAGE_FIELDS, FRONT_PAGE_LINK_FIELDS } from "./front-page-docs";
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_Q_LENGTH, type ParamName } from "../../../db/open-data/params";

type Json = Record<string, unknown>;

/** A parameter's schema: what parseQuery accepts. */
function paramSchema(name: ParamName): Json {
  if (name === "limit") return { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT };
  if (name === "article" || name === "story") return { type: "integer", minimum: 1 };
  if (name === "outlet") return { type: "string", pattern: "^[a-z0-9][a-z0-9-]{0,63}$" };
  if (name === "q") return { type: "string", minLength: 1, maxLength: MAX_Q_LENGTH };
  // Accepted as a reader types it (capitals, accents); this is the spelling it is read as.
  if (name === "group") return { type: "string", minLength: 1, maxLength: 60 };
  return { type: "string" };
}

const parameter = (name: ParamName, required = false): Json => ({
  name,
  in: "query",
  required,
  description: PARAM_DOCS[name],
  schema: paramSchema(name),
});

/** An object whose properties are described, with any JSON value (the types are told in words on /datos). */
const objectOf = (fields: Record<string, string | undefined>): Json => ({
  type: "object",
  properties: Object.fromEntries(Object.entries(fields).map(([k, d]) => [k, d ? { description: d } : {}])),
});

const recordOf = (d: Dataset) => objectOf(Object.fromEntries(d.fields.map((f) => [f, fieldDoc(d.name, f)])));

const ERRORS = {
  "400": { $ref: "#/components/responses/Error" },
  "404": { $ref: "#/components/responses/Error" },
  "503": { $ref: "#/components/responses/Error" },
};

const json = (schema: Json, description: string): Json => ({ description, content: { "application/json": { schema } } });

/** The whole document. */
export function openApiDocument(siteUrl: string): Json {
  const paths: Json = {
    "/api/v1": {
      get: {
        operationId: "index",
        summary: "Índice de la API",
        responses: { "200": json({ type: "object" }, "Conjuntos y sus direcciones.") },
      },
    },
  };
  for (const d of DATASETS) {
    const doc = DATASET_DOCS[d.name];
    const id = d.name.replace(/-(.)/g, (_, c: string) => c.toUpperCase());
    paths[`/api/v1/${d.name}`] = {
      get: {
        operationId: `list_${id}`,
        summary: doc.title,
        description: `${doc.summary} Orden: ${doc.order}`,
        parameters: d.params.map((p) => parameter(p)),
        responses: {
          "200": json(
            {
              type: "object",
              required: ["data", "pagination"],
              properties: {
                data: { type: "array", items: { $ref: `#/components/schemas/${id}` } },
                pagination: { $ref: "#/components/schemas/Pagination" },
              },
            },
            "Una página de filas.",
          ),
          ...ERRORS,
        },
      },
    };
    paths[`/api/v1/exports/${d.name}.csv`] = {
      get: {
        operationId: `export_${id}_csv`,
        summary: `${doc.title} (CSV)`,
        parameters: d.params.filter((p) => p !== "limit" && p !== "cursor").map((p) => parameter(p)),
        responses: {
          "200": { description: "CSV (RFC 4180) con cabecera.", content: { "text/csv": { schema: { type: "string" } } } },
          ...ERRORS,
        },
      },
    };
    paths[`/api/v1/exports/${d.name}.json`] = {
      get: {
        operationId: `export_${id}_json`,
        summary: `${doc.title} (JSON)`,
        parameters: d.params.filter((p) => p !== "limit" && p !== "cursor").map((p) => parameter(p)),
        responses: { "200": json({ type: "array", items: { $ref: `#/components/schemas/${id}` } }, "Todas las filas."), ...ERRORS },
      },
    };
  }
  const detail = (path: string, name: string, id: string, param: Json, description: string) => {
    paths[path] = {
      get: {
        operationId: id,
        summary: name,
        description,
        parameters: [param],
        responses: { "200": json({ type: "object", properties: { data: { type: "object" } } }, name), ...ERRORS },
      },
    };
  };
  const pathParam = (name: string, schema: Json) => ({ name, in: "path", required: true, schema });
  detail(
    "/api/v1/outlets/{slug}",
    "Una cabecera",
    "get_outlet",
    pathParam("slug", paramSchema("outlet")),
    DATASET_DOCS.outlets.detail ?? "",
  );
  detail(
    "/api/v1/articles/{id}",
    "Un artículo",
    "get_article",
    pathParam("id", { type: "integer", minimum: 1 }),
    DATASET_DOCS.articles.detail ?? "",
  );
  detail(
    "/api/v1/stories/{id}",
    "Una historia",
    "get_story",
    pathParam("id", { type: "integer", minimum: 1 }),
    DATASET_DOCS.stories.detail ?? "",
  );
  paths[FRONT_PAGE_ENDPOINT.path] = {
    get: {
      operationId: "get_front_page",
      summary: "Portada en un instante",
      description: FRONT_PAGE_ENDPOINT.summary,
      parameters: [pathParam("outlet", paramSchema("outlet")), ...FRONT_PAGE_ENDPOINT.params.map((p) => parameter(p))],
      responses: {
        "200": json(
          {
            type: "object",
            properties: {
              data: {
                ...objectOf(FRONT_PAGE_FIELDS),
                properties: {
                  ...(objectOf(FRONT_PAGE_FIELDS).properties as Json),
                  links: { type: "array", items: objectOf(FRONT_PAGE_LINK_FIELDS) },
                },
              },
            },
          },
          "La portada.",
        ),
        ...ERRORS,
      },
    },
  };
  paths["/api/v1/series"] = {
    get: {
      operationId: "get_series",
      summary: SERIES_DOCS.title,
      description: SERIES_DOCS.summary,
      parameters: SERIES_PARAMS.map((p) => parameter(p, p === "q")),
      responses: {
        "200": json(
          {
            type: "object",
            properties: {
              version: { type: "string" },
              query: { type: "string" },
              from: { type: "string", format: "date" },
              to: { type: "string", format: "date" },
              outlets_not_searched: { type: "integer" },
              data: { type: "array", items: objectOf(Object.fromEntries(SERIES_FIELDS.map((f) => [f, SERIES_DOCS.fields[f]]))) },
            },
          },
          "La serie.",
        ),
        ...ERRORS,
      },
    },
  };
  Object.assign(paths, bulkPaths(ERRORS));
  return {
    openapi: "3.1.0",
    info: {
      title: "Hemeroscopio: datos abiertos",
      version: DATASET_VERSION,
      description: "API de solo lectura del observatorio de medios Hemeroscopio. Documentación en /datos.",
      license: { name: "CC BY 4.0", identifier: "CC-BY-4.0" },
    },
    servers: [{ url: siteUrl }],
    paths,
    components: {
      schemas: {
        ...Object.fromEntries(DATASETS.map((d) => [d.name.replace(/-(.)/g, (_, c: string) => c.toUpperCase()), recordOf(d)])),
        Pagination: {
          type: ["object", "null"],
          properties: { limit: { type: "integer" }, next_cursor: { type: ["string", "null"] }, next: { type: ["string", "null"] } },
        },
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              properties: { code: { type: "string" }, message: { type: "string" }, parameter: { type: ["string", "null"] } },
            },
          },
        },
      },
      responses: {
        Error: json({ $ref: "#/components/schemas/Error" }, "Un error: parámetro incorrecto (400), no existe (404) o no disponible (503)."),
      },
    },
  };
}
