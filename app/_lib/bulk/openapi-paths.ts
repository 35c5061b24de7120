/** The bulk files' and the research bundle's entries in the OpenAPI document (SPEC WEB-9), beside the code that serves them. */
import { BULK_DATASETS, BULK_FORMATS } from "../../../lib/bulk/manifest";
import { BUNDLE_MAX_DAYS, BUNDLE_MAX_OUTLETS } from "./bundle-params";

type Json = Record<string, unknown>;

const day = { type: "string", format: "date" };

/** `/api/v1/bulk/{day}/{file}` and `/api/v1/bulk/bundle`, with the API's error answers. */
export function bulkPaths(errors: Json): Record<string, Json> {
  const files = ["manifest.json", ...BULK_DATASETS.flatMap((d) => BULK_FORMATS.map((f) => `${d}.${f}`))];
  return {
    "/api/v1/bulk/{day}/{file}": {
      get: {
        operationId: "get_bulk_file",
        summary: "Volcado diario: un archivo",
        description:
          "Los datos abiertos de un día UTC, escritos cada noche (lista en /datos/volcados). Cuenta en el cupo de exportaciones.",
        parameters: [
          { name: "day", in: "path", required: true, schema: day },
          { name: "file", in: "path", required: true, schema: { type: "string", enum: files } },
        ],
        responses: {
          "200": {
            description: "El archivo (su SHA-256 en la cabecera Hemeroscopio-Sha256 y en manifest.json).",
            content: {
              "application/gzip": { schema: { type: "string", contentEncoding: "binary" } },
              "application/vnd.apache.parquet": { schema: { type: "string", contentEncoding: "binary" } },
              "application/json": { schema: { type: "object" } },
            },
          },
          ...errors,
        },
      },
    },
    "/api/v1/bulk/bundle": {
      get: {
        operationId: "get_research_bundle",
        summary: "Paquete para investigación (zip)",
        description: `Los cuatro conjuntos de un periodo (días UTC, ambos incluidos, hasta ${BUNDLE_MAX_DAYS}) y de unas cabeceras, con el libro de códigos, la versión de los datos y SHA256SUMS.`,
        parameters: [
          { name: "from", in: "query", required: true, schema: day },
          { name: "to", in: "query", required: false, schema: day },
          {
            name: "outlets",
            in: "query",
            required: false,
            description: `Hasta ${BUNDLE_MAX_OUTLETS} slugs separados por comas; sin él, todas las cabeceras.`,
            schema: { type: "string" },
          },
        ],
        responses: {
          "200": { description: "Un zip.", content: { "application/zip": { schema: { type: "string", contentEncoding: "binary" } } } },
          ...errors,
        },
      },
    },
  };
}
